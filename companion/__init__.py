"""Table companion and print shop for Sssnake: Flip&Write and Snits' Revenge."""

__version__ = "0.1.0"
