"""The desktop app. The only package that imports Qt."""
