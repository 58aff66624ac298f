"""The tracker browser: the foreshadowing ledger, relationship history and graph."""
