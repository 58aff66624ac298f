"""Rolling summaries and the fixed context: jobs, backends, validation, write-back."""
