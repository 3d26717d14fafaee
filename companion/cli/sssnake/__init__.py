"""`companion sssnake ...`: Sssnake's commands, play loop, digital sheet and daily game."""
