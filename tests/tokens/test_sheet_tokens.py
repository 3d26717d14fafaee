"""Sheet tokens (issue 12): each digital player's sheet leaves the machine as a token of its own, next to the game
token, and comes back with it; exact round trips, sizes within QR version 10, and one-line refusals."""
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.token_size import digital_action, digital_game
from companion.core.games import engine
from companion.shared.session import create
from companion.sssnake import reports
from companion.sssnake.ground import ground
from companion.sssnake.sheet import Sheet, to_dict
from companion.sssnake.state import Phase
from companion.tokens import game_token as token
from companion.tokens import qr, sheet_token

LANDSCAPES = ("am-fluss", "fjord", "foxtrail", "sahara")
QR_M_V10 = 311  # characters QR version 10 holds at level M in alphanumeric mode
# A paper-only game's token as the companion made it before sheet tokens (commit 691d11a): four snakes on Sahara,
# seed 7, the cave round and one round of reports.
PAPER = ("CT1S:7UHNZ2H11HE7S0TE0SO32-PP+F8JHE S9RK20C9Z+G4A7U0Q2877HOCJ6KT4GSOZP5OWIR68STD60FIA2JPD5LO2X6YH99HU2LDV0"
         "6$D4*C5FTEXACW83-F2U*G4HGJ.K3CB-EQ+402BC*3")


def tokens(state, game_id="sssnake-1") -> list[str]:
    """The game token, then each digital player's sheet token."""
    return [token.encode("sssnake", game_id, state)] + [sheet_token.encode(game_id, state, i)
                                                        for i in sorted(state.sheets)]


def resumed(texts: list[str]):
    """What `resume` rebuilds from a game token and its sheet tokens."""
    game = token.unpack(texts[0])
    return token.validate("sssnake", sheet_token.join(game, texts[1:]))


def same(a, b) -> bool:
    eng = engine("sssnake")
    return eng.to_dict(a) == eng.to_dict(b) and eng.describe(a) == eng.describe(b)


@pytest.mark.parametrize("landscape", LANDSCAPES)
def test_every_state_of_a_game_with_digital_sheets_round_trips(landscape):
    """Seeded random play (paths.sample for the digital players): after every action, each sheet comes back exactly
    and the game token with the sheet tokens resumes the state it was made of."""
    eng, rng = engine("sssnake"), random.Random(f"sheet-tokens:{landscape}")
    state = eng.new({"players": ["Ann", "Bob", "Cid", "Dee"], "digital": ["Ann", "Cid"], "seed": 11,
                     "landscape": landscape, "friendship": True})
    phases = set()
    while state.phase != Phase.OVER and state.flips < 4 + 10:
        state = eng.apply(state, digital_action(state, rng)).state
        texts = tokens(state)
        for i, text in zip(sorted(state.sheets), texts[1:], strict=True):
            assert sheet_token.unpack(text).sheet == to_dict(state.sheets[i])
        assert same(resumed(texts), state)
        phases.add(state.phase)
    assert {Phase.CAVES, Phase.FLIP, Phase.MOVE} <= phases


def test_a_sheet_with_two_heads_eggs_jumps_and_owed_marks_round_trips():
    """Every field a sheet has: caves, a dig from (4,4) to (10,10), the second head from the X, a step back the way
    the body came and a step round the edge (both escapes), eggs, crossed squares, a rotten square without apples,
    owed marks and the round's apple still pending. The codec carries it exactly; the rules refuse it on resume, as no
    game could have drawn it (a square drawn twice, heads and eggs the snake's cards do not give)."""
    state = digital_game(2, "sahara", rounds=2)
    who = min(state.sheets)
    state.sheets[who] = Sheet(
        body=[(3, 3), (3, 4), (4, 4), (10, 10), (10, 11), (9, 11), (10, 11), (4, 5), (5, 5), (16, 5), (1, 5)],
        caves=[(3, 3), (10, 10)], heads=[(10, 11), (1, 5)], last=["D", None],
        apples={(1, 1): 2, (2, 2): 1, (16, 16): 999}, rotten={(2, 2), (9, 9)}, crossed={(7, 7), (8, 8)},
        eggs=[[(12, 12), (13, 12), (14, 12)], [(1, 16), (2, 16), (3, 16)]], split=(3, 4),
        jumps=[((4, 4), (10, 10))], owed=[13, 16], pending=[5, 6, 0, 1])
    texts = tokens(state)
    assert sheet_token.unpack(texts[1 + sorted(state.sheets).index(who)]).sheet == to_dict(state.sheets[who])
    with pytest.raises(token.TokenError, match=f"player {who + 1}'s sheet draws a square of the snake twice"):
        resumed(texts)


def test_an_empty_sheet_round_trips():
    state = engine("sssnake").new({"players": ["Ann", "Bob"], "digital": ["Bob"], "seed": 3})
    assert same(resumed(tokens(state)), state)


@pytest.mark.parametrize("seed", range(8))
def test_tokens_after_15_rounds_fit_qr_version_10(seed):
    """The issue's case: four players, two digital, 15 rounds; each token within 311 characters."""
    state = digital_game(seed, LANDSCAPES[seed % 4], friendship=bool(seed % 2))
    texts = tokens(state)
    assert len(texts) == 3 and all(len(t) <= QR_M_V10 and qr.version(t) <= 10 for t in texts)
    assert "D" not in token.unpack(texts[0]).data


def test_paper_only_tokens_are_unchanged():
    """A game without digital sheets gives the token it gave before sheet tokens, byte for byte."""
    eng = engine("sssnake")
    state = eng.new({"players": ["Ann", "Bob", "Cid", "Dee"], "seed": 7, "landscape": "sahara"})
    for action in [{"type": "flip"}] * 5 + [{"type": "report", "player": p, "fresh": 1} for p in ("Ann", "Bob")]:
        state = eng.apply(state, action).state
    assert token.encode("sssnake", "sssnake-1", state) == PAPER
    assert token.game_dict("sssnake", state) == eng.to_dict(state)


# `companion token`, `qr` and `resume` with sheet tokens

@pytest.fixture
def played(cli):
    """A stored game: Ann and Cid digital, six rounds in; `companion token`'s lines."""
    state = digital_game(4, "foxtrail", rounds=6)
    create("sssnake", {"snapshot": engine("sssnake").to_dict(state)})
    lines = cli("token").output.strip().splitlines()
    assert [re.sub(r"^C[TS][12]S:[^#]*", "T", line) for line in lines] == ["T", "T# Ann's sheet", "T# Cid's sheet"]
    return [line.split("  # ")[0] for line in lines]


def elsewhere(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "elsewhere"))


def test_resume_joins_the_game_token_and_the_sheet_tokens(cli, played, monkeypatch, tmp_path):
    """In any order, typed or piped as `companion token` prints them (labels and all)."""
    printed = cli("token").output
    elsewhere(monkeypatch, tmp_path)
    result = cli("resume", played[2], played[0], played[1])
    assert result.exit_code == 0 and result.output.startswith("resumed as sssnake-1: ")
    assert cli("token").output == printed
    assert cli("resume", input=printed).output.startswith("resumed as sssnake-2 (sssnake-1 is taken here)")


def test_token_json_lists_the_sheets(cli, played):
    import json

    data = json.loads(cli("token", "--json").output)
    assert data["token"] == played[0]
    assert data["sheets"] == [{"player": name, "token": t, "length": len(t)}
                              for name, t in zip(("Ann", "Cid"), played[1:], strict=True)]


def other_flip() -> str:
    """Ann's sheet token one round later in the same game."""
    return sheet_token.encode("sssnake-1", digital_game(4, "foxtrail", rounds=7), 0)


def other_game() -> str:
    return sheet_token.encode("sssnake-1", digital_game(5, "foxtrail", rounds=6), 0)


def paper_sheet(game: str) -> str:
    """A forged sheet token with a good checksum and stamp, for Bob, who plays on paper."""
    data = token.unpack(game).data
    head = bytes([9]) + b"sssnake-1" + bytes([1]) + sheet_token.varint(data["s"]) + sheet_token.varint(data["n"])
    return token.seal(sheet_token.PREFIX, head + sheet_token.stamp(data).to_bytes(4, "big") + sheet_token.pack({}))


@pytest.mark.parametrize("pick, message", [
    (lambda t: [t[0]], "Ann and Cid play digital sheets: resume with the game token and Ann's and Cid's sheet tokens"),
    (lambda t: t[:2], "Cid plays a digital sheet: resume with the game token and Cid's sheet token"),
    (lambda t: t + [t[1]], "two sheet tokens for Ann"),
    (lambda t: t[1:], "a sheet token resumes only with its game token"),
    (lambda t: [t[0], other_game(), t[2]], "sheet token 1 is from another game: its seed is not the game token's"),
    (lambda t: [t[0], other_flip(), t[2]], "Ann's sheet token is from flip 11, the game token from flip 10"),
    (lambda t: t + [paper_sheet(t[0])], "sheet token 3 is for Bob, who plays on paper in this game"),
    (lambda t: [t[0], t[1][:40] + ("0" if t[1][40] != "0" else "1") + t[1][41:], t[2]],
     "sheet token is damaged: its checksum does not match"),
    (lambda t: [t[0], t[1][:-3], t[2]], "sheet token is damaged"),
    (lambda t: [t[0], t[0], t[1]], "give one game token, not 2"),
])
def test_resume_refuses_in_one_line_and_writes_nothing(cli, played, home, pick, message):
    before = (home / "games.sqlite").read_bytes()
    result = cli("resume", *pick(played))
    assert result.exit_code == 1
    assert result.stderr.startswith("error: ") and message in result.stderr and result.stderr.count("\n") == 1
    assert (home / "games.sqlite").read_bytes() == before


def test_another_moment_of_the_same_flip_is_refused():
    """The game token made before Ann's move, her sheet token after it: same flip, not the same moment."""
    eng, rng = engine("sssnake"), random.Random(3)
    state = digital_game(4, "foxtrail", rounds=6)
    state = eng.apply(state, {"type": "flip"}).state
    game = token.encode("sssnake", "sssnake-1", state)
    while 0 not in state.reports:
        state = eng.apply(state, digital_action(state, rng)).state
    with pytest.raises(token.TokenError, match="made at another moment of flip 11 than the game token"):
        sheet_token.join(token.unpack(game), [sheet_token.encode("sssnake-1", state, 0)])


def test_qr_writes_a_code_per_token_that_decodes_back(cli, played, monkeypatch, tmp_path):
    """`qr --format png`: the game's code and one per sheet, named to pair, read back by zxing-cpp; nothing is
    overwritten without --force; the photos resume the game."""
    monkeypatch.chdir(tmp_path)
    names = ["output/sssnake-1-qr.png", "output/sssnake-1-ann-qr.png", "output/sssnake-1-cid-qr.png"]
    assert cli("qr", "--format", "png").output.split() == names
    assert [qr.read(name) for name in names] == [[t] for t in played]
    again = cli("qr", "--format", "png")
    assert again.exit_code == 1 and again.stderr.startswith("error: output/sssnake-1-qr.png exists")
    assert cli("qr", "--format", "png", "--force").exit_code == 0
    elsewhere(monkeypatch, tmp_path)
    result = cli("resume", "--image", names[0], qr.read(names[1])[0], qr.read(names[2])[0])
    assert result.exit_code == 0 and cli("token").output.split("\n")[0] == played[0]
    result = cli("resume", "--image", names[1], "--image", names[0], "--photo", names[2], "--image", names[0])
    assert result.exit_code == 0 and result.output.startswith("resumed as sssnake-2 (sssnake-1 is taken here)")


def test_the_state_cards_say_how_to_resume_and_that_works(cli, played, monkeypatch, tmp_path):
    """`qr --format pdf` for a game with digital sheets: each card's foot names the photos to give, and a photo of
    each card, given as the cards say, resumes the game."""
    pdfium = pytest.importorskip("pypdfium2")
    from pypdf import PdfReader

    monkeypatch.chdir(tmp_path)
    names = cli("qr", "--format", "pdf").output.split()
    feet = [" ".join(PdfReader(name).pages[0].extract_text().split()) for name in names]
    assert "companion resume --photo <this card> --photo <each digital sheet's card>" in feet[0]
    assert all("companion resume --photo <the game's card> --photo <this card>" in foot for foot in feet[1:])
    photos = []
    for name in names:
        photos += ["--photo", name + ".png"]
        pdfium.PdfDocument(name)[0].render(scale=2).to_pil().convert("L").save(name + ".png")
    elsewhere(monkeypatch, tmp_path)
    result = cli("resume", *photos)
    assert result.exit_code == 0
    assert [line.split("  # ")[0] for line in cli("token").output.strip().splitlines()] == played


def test_terminal_qr_shows_every_code(cli, played):
    lines = [line for line in cli("qr").output.splitlines() if "characters, QR version" in line]
    assert [line.split(":")[0] for line in lines] == ["sssnake-1", "sssnake-1, Ann's sheet", "sssnake-1, Cid's sheet"]


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_behind_a_good_checksum_are_refused_in_one_line_or_read(data):
    """Hostile text: whatever a checksum-valid sheet token holds, unpacking it is a SheetToken or one TokenError."""
    try:
        read = sheet_token.unpack(token.seal(sheet_token.PREFIX, data))
    except token.TokenError as exc:
        assert "\n" not in str(exc)
    else:
        assert isinstance(read.sheet, dict)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_forged_sheet_joined_to_its_game_is_refused_by_the_rules_in_one_line(data):
    """A sheet whose bytes pass every token check but whose squares the rules refuse (off the ground's objects,
    impossible heads): joined and validated, only a TokenError comes out."""
    state = engine("sssnake").new({"players": ["Ann", "Bob"], "digital": ["Ann"], "seed": 3})
    game = token.encode("sssnake", "sssnake-1", state)
    good = token.opened(sheet_token.PREFIX, token.clean(sheet_token.encode("sssnake-1", state, 0))[5:])
    cut = data.draw(st.integers(len(good) - 11, len(good)))  # the sheet's own bytes, after the binding
    forged = token.seal(sheet_token.PREFIX, good[:cut] + data.draw(st.binary(max_size=60)))
    try:
        token.validate("sssnake", sheet_token.join(token.unpack(game), [forged]))
    except token.TokenError as exc:
        assert "\n" not in str(exc)


@pytest.mark.parametrize("change, message", [
    (lambda sh: sh.replace(heads=[], last=[]), "no head and no egg to move from"),
    (lambda sh: sh.replace(body=sh.body + sh.body[:1]), "draws a square of the snake twice"),
    (lambda sh: sh.replace(heads=[(16, 16)] if (16, 16) not in sh.body else [(1, 1)]), "not on the snake"),
    (lambda sh: sh.replace(apples={**sh.apples, sh.body[0]: 1}), "apples where none can lie"),
    (lambda sh: sh.replace(apples={sq: 999 for sq in sh.apples}), "more than can have fallen"),
    (lambda sh: sh.replace(owed=[13]), "owed marks its cards do not give"),
])
def test_a_sheet_no_legal_game_draws_is_refused_on_resume(change, message):
    """A sheet token with a changed field behind a valid checksum is read against the rules like a game token's
    state: the body against the ground, the heads, eggs and owed marks against the snake's cards, the apples against
    what can have fallen; one TokenError, so `hint` never walks a sheet the rules never drew."""
    state = digital_game(2, "sahara", rounds=3)
    who = min(state.sheets)
    state.sheets[who] = change(state.sheets[who])
    with pytest.raises(token.TokenError, match=f"player {who + 1}'s sheet .*{message}"):
        resumed(tokens(state))


def test_an_apple_no_card_of_the_deck_put_there_is_refused_on_resume():
    """Apples fall where the turned cards say and roll straight on (keeping the row or the column): an apple moved
    to a square in line with no card turned since the shuffle is a sheet no legal game drew."""
    state = digital_game(2, "sahara", rounds=3)
    who = min(state.sheets)
    sh, falls = state.sheets[who], reports.fallen_on(state)
    assert falls and sh.apples
    stray = next((c, r) for c in range(1, 17) for r in range(1, 17) if not any(c == fc or r == fr for fc, fr in falls)
                 and (c, r) not in sh.body and not ground(state.land).object((c, r)))
    state.sheets[who] = sh.replace(apples={stray if k == 0 else sq: n for k, (sq, n) in enumerate(sh.apples.items())})
    with pytest.raises(token.TokenError, match=f"player {who + 1}'s sheet holds an apple in no row or column"):
        resumed(tokens(state))
