"""The 用量 view (喂入 ▸ 用量): what the book's model calls used and cost."""
