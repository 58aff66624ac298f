"""The exit codes of `workbench` and its subcommands, for agent hosts and scripts.

0 success, 1 problems found or an operation failed, 2 usage errors, 3 a feed that is not ready.
Their own module so a command and the entry point that runs it both import them and neither
imports the other.
"""

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2
EXIT_NOT_READY = 3
