"""The headless command line: the same engine as the app, for scripts and agent hosts."""
