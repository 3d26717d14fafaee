"""Bit-parallel flood fills for the computer's snake: a board's squares as the bits of one integer, so the room a
move leaves is measured in a few integer operations."""
from __future__ import annotations

from companion.sssnake.paths import Board


class Grid:
    """Bit-parallel flood fills on a board: one bit per square, a whole frontier spread in a few integer ops."""

    def __init__(self, w: int, h: int, wrap: bool):
        n = w * h
        self.w, self.n, self.wrap = w, n, wrap
        self.full = (1 << n) - 1
        first = sum(1 << (r * w) for r in range(h))
        self.first_col, self.last_col = first, first << (w - 1)
        self.first_row, self.last_row = (1 << w) - 1, ((1 << w) - 1) << (n - w)

    def spread(self, m: int) -> int:
        """The squares one step from any square of `m`."""
        w, n = self.w, self.n
        out = ((m & ~self.last_col) << 1) | ((m & ~self.first_col) >> 1) | ((m << w) & self.full) | (m >> w)
        if self.wrap:
            out |= ((m & self.last_col) >> (w - 1)) | ((m & self.first_col) << (w - 1)) | \
                ((m & self.last_row) >> (n - w)) | ((m & self.first_row) << (n - w))
        return out

    def flood(self, seed: int, free: int) -> int:
        """Every free square reachable from the seed squares (themselves free)."""
        seen = seed & free
        front = seen
        while front:
            front = self.spread(front) & free & ~seen
            seen |= front
        return seen

    def within(self, seed: int, free: int, steps: int) -> int:
        """Free squares at most `steps` steps from the seed."""
        seen = front = seed
        for _ in range(steps):
            front = self.spread(front) & free & ~seen
            if not front:
                break
            seen |= front
        return seen & ~seed


def grid_of(b: Board) -> Grid:
    return Grid(b.w, b.h, b.wrap)


def taken(b: Board, mask: int) -> int:
    """The squares no step may enter: the snake's body, the squares of the move so far (`mask`), and what blocks."""
    return b.body | mask | b.blocked
