"""The book on disk: files, encodings, atomic writes, layout, chapters, plans."""
