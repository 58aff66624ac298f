"""Memory upkeep: for a range of chapters, proposals to bring the trackers and the cast up to
date (new characters and aliases, relationship changes, foreshadowing planted, paid off or
sighted, state changes), each grounded in a sentence of its chapter; only an accept writes."""
