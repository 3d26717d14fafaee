"""The `companion` command line (click): the root, the shared commands and each game's; may import every layer but the
web pages' internals."""
