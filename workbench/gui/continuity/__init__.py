"""The continuity guard in the app: the 连续性 list of the context panel and the editor's
wavy underlines, from checks run off the GUI thread."""
