"""Each golden playthrough in tests/golden/ replays as written, so a change in how a game plays is seen, not missed."""
from itertools import zip_longest

import pytest

from benchmarks import golden, transcripts
from companion.core.games import GAMES as REGISTRY


def test_every_game_has_a_golden_playthrough_and_every_file_a_game():
    assert {kind for kind, _ in golden.GAMES.values()} == set(REGISTRY)
    assert {p.stem for p in golden.FOLDER.glob("*.txt")} == set(golden.GAMES), f"run {golden.COMMAND}"


@pytest.mark.parametrize("name", golden.GAMES)
def test_a_seeded_game_plays_as_its_golden_file_says(name):
    written = golden.path(name).read_text(encoding="utf-8").splitlines()
    played = golden.playthrough(name)
    for n, (was, now) in enumerate(zip_longest(written, played, fillvalue="(no line)"), 1):
        if was != now:
            pytest.fail(f"{golden.path(name).name} line {n} differs from today's play:\n  file: {was}\n  now:  {now}\n"
                        f"if the change is intended: {golden.COMMAND}, then review the diff", pytrace=False)


@pytest.mark.parametrize("name", transcripts.TRANSCRIPTS)
def test_a_german_transcript_reads_as_its_golden_file_says(name):
    written = transcripts.path(name).read_text(encoding="utf-8").splitlines()[1:]
    typed = transcripts.transcript(name)
    for n, (was, now) in enumerate(zip_longest(written, typed, fillvalue="(no line)"), 2):
        if was != now:
            pytest.fail(f"{transcripts.path(name).name} line {n} differs from what the companion says today:\n"
                        f"  file: {was}\n  now:  {now}\nif the change is intended: {transcripts.COMMAND}, then review "
                        f"the diff", pytrace=False)
