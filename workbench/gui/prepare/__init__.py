"""The Prepare feed dialog: checklist with fixes, preview, copy, save, send, drafts, history."""
