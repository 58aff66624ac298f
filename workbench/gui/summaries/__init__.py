"""Summary jobs the author controls: the queue as a table, cancelling, regenerating a range."""
