"""Sssnake's wording for both interfaces: the table, the deck, the score, the log."""
