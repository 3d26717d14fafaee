"""`companion snits ...`: Snits' Revenge's commands, play loop and balance lab command."""
