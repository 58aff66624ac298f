"""The book out to platforms and readers: platform text, EPUB and DOCX of a chapter range."""
