"""全书: the book at a glance — who appears where, every thread's life, the daily output."""
