"""Sssnake: Flip&Write rules: pure Python, no files beyond the edition data, no clock, no global random."""
