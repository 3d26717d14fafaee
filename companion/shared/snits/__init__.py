"""Snits' Revenge's wording and services for both interfaces: status, log, map, the computer's turn, a new game's
setup."""
