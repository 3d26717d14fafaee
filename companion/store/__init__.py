"""Saved games and their history in SQLite; imports the core and the rules, never the command line, the web pages or the
printables."""
