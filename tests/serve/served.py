"""The serve tests' helpers: the fixed key, the paths of a game's routes, games set up by the CLI (and `saved`,
the stored log, from the Sssnake CLI tests)."""
from tests.sssnake.stored import saved  # noqa: F401  (the serve tests import it from here)

KEY = b"k" * 32


def created(game: str) -> str:
    """The stored moment the game was created, which its secrets are bound to ("" for no such game)."""
    from companion.serve.keys import identity

    return (identity(game) or ("", ""))[1]


def g(game: str, key: bytes = KEY) -> str:
    """A game's public routes (G in docs/serve.md)."""
    from companion.serve.keys import join_secret

    return f"/g/{game}/{join_secret(key, game, created(game))}"


def b(game: str) -> str:
    """The Bolotomus' routes of a game."""
    from companion.serve.keys import bolotomus_secret

    return f"/b/{game}/{bolotomus_secret(KEY, game, created(game))}"


def moving(cli, players: str, seed: int = 3, *extra) -> str:
    """A new Sssnake game (by the CLI) at its first round's move: every cave flipped and the first apple turned."""
    out = cli("sssnake", "new", "--players", players, "--seed", seed, "--json", *extra)
    assert out.exit_code == 0, out.output
    import json

    game = json.loads(out.output)["game"]
    for _ in range(len(players.split(",")) + 1):
        assert cli("sssnake", "flip", "--game", game).exit_code == 0
    return game

