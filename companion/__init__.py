"""Table companion and print shop for Sssnake: Flip&Write and Snits' Revenge."""
