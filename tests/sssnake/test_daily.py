"""The daily solo game: a setup from the date alone, a result token that carries the player's actions, and a
replay that confirms its score on any machine (docs/daily.md)."""
import json
import random
from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from companion.shared import session
from companion.sssnake import daily
from companion.sssnake.daily import day_setup
from companion.sssnake.game import ENGINE
from companion.sssnake.ground import ground
from companion.sssnake.paths import sample
from companion.sssnake.scoring import scores, solo_rank
from companion.sssnake.snake import Card
from companion.sssnake.state import Phase
from companion.tokens import base45, daily_token
from companion.tokens.daily_token import DailyError, pack, result_token, unpack, verify
from companion.tokens.game_token import CHECK_BYTES

DAY = date(2026, 11, 30)
PLAY_SEED = 15  # the random player's seed: its game on DAY gains an ability (checked below)


def marks(st, card: int, rng) -> list:
    """Valid marks for a digital sheet: Two-headed's X on the body, Offspring's three eggs on free grassland."""
    sh, g = st.sheets[0], ground(st.land)
    if card == Card.TWO_HEADED:
        return [list(rng.choice([sq for sq in sh.body if sq not in sh.caves and sq not in sh.heads]))]
    if card == Card.OFFSPRING:
        free = [(c, r) for c in range(1, 17) for r in range(1, 17) if (c, r) not in sh.body
                and (c, r) not in sh.egg_squares() and not g.object((c, r)) and g.letter((c, r)) == "g"]
        return [list(sq) for sq in rng.sample(free, 3)]
    return []


def next_action(st, rng) -> dict:
    """What a random digital player does now: flip, a sampled move, a random take or place with valid marks."""
    nxt = ENGINE.next_step(st)
    name = st.snakes[0].name
    if nxt["step"] == "flip":
        return {"type": "flip"}
    if nxt["step"] == "report":
        return sample(st, 0, rng)
    if nxt["step"] == "choose":
        card = rng.choice(nxt["cards"])
        action = {"type": "take", "player": name, "card": card}
        action |= {"corner": [rng.randint(1, 12), rng.randint(1, 12)]} if card == Card.INTUITION else {}
        return action | ({"marks": m} if (m := marks(st, card, rng)) else {})
    owed = st.sheets[0].owed
    return {"type": "place", "player": name} | ({"marks": marks(st, owed[0], rng)} if owed else {"corner": [3, 3]})


def play(day=DAY, name="Ann", seed=PLAY_SEED):
    """The day's digital game played to its end in memory: (state, the log as the store keeps it)."""
    rng = random.Random(seed)
    st, log = ENGINE.new(day_setup(day, name)), []
    while st.phase != Phase.OVER:
        result = ENGINE.apply(st, next_action(st, rng))
        st = result.state
        log.append(result.logged)
    return st, log


def play_saved(name="Ann", seed=PLAY_SEED) -> str:
    """The day's game started with the CLI's setup and played to its end through the store; its id."""
    game_id, st = session.create("sssnake", day_setup(DAY, name))
    rng = random.Random(seed)
    while st.phase != Phase.OVER:
        st = session.act("sssnake", game_id, next_action(st, rng)).result.state
    return game_id


# -- the day's setup --------------------------------------------------------------------------------------------

def test_a_date_gives_the_same_seed_landscape_deck_and_display_on_every_call():
    first, second = ENGINE.new(day_setup(DAY, "Ann")), ENGINE.new(day_setup(DAY, "Bob", digital=False))
    assert first.seed == second.seed and first.land == second.land
    assert first.deck == second.deck and first.display == second.display


def test_the_derivation_is_frozen():
    """A literal for one date: any change to the hash, its text or the landscape cycle fails here."""
    assert daily.seed(DAY) == 567544629354014310
    assert daily.landscape(DAY) == "foxtrail"
    assert day_setup(DAY, "Ann") == {"players": ["Ann"], "landscape": "foxtrail", "seed": 567544629354014310,
                                     "friendship": False, "first": 0, "daily": "2026-11-30", "digital": ["Ann"]}


def test_different_dates_differ():
    days = [date(2026, 11, 30 - k) for k in range(8)]
    games = [ENGINE.new(day_setup(d, "Ann")) for d in days]
    assert len({g.seed for g in games}) == len(days)
    assert len({g.deck.order for g in games}) == len(days)
    assert len({(g.land, g.display) for g in games}) == len(days)
    assert [g.land for g in games[:4]] == ["foxtrail", "fjord", "am-fluss", "sahara"], "one landscape a day in turn"


# -- the result token -------------------------------------------------------------------------------------------

def test_a_finished_game_verifies_by_replay():
    st, log = play()
    assert any(a["type"] == "take" for a in log), "the seeded game should gain an ability"
    token = result_token(st, log, DAY, "Ann")
    found = verify(token)
    mine = scores(st.snakes)[0]
    assert found == {"date": "2026-11-30", "landscape": "foxtrail", "name": "Ann", "score": mine.total,
                     "rank": solo_rank(mine.total), "length": mine.length, "golden": mine.golden,
                     "rotten": mine.rotten, "rounds": st.flips - 1, "over": True,
                     "proves": f"these moves, on the deal of 2026-11-30, score {mine.total} points"}
    assert unpack(token) == (DAY, "Ann", [a | {"player": "Ann"} for a in log if a["type"] != "flip"], "")


@pytest.mark.parametrize("seed", range(6))
def test_tokens_stay_short(seed):
    st, log = play(seed=seed)
    token = result_token(st, log, DAY, "Ann")
    steps = sum(len(a["path"].replace(" ", "")) for a in log if a["type"] == "move")
    print(f"seed {seed}: {st.flips - 1} rounds, length {st.snakes[0].length}, {len(token)} characters")
    assert len(token) < 600 and verify(token)["score"] == scores(st.snakes)[0].total
    assert steps  # a path's steps are what the token mostly holds


def test_a_path_with_every_kind_of_item_round_trips():
    """Steps, a step back the way the snake came, squares, @ starts, two heads, the flags, corners and marks."""
    moves = [{"type": "move", "player": "Zoë", "path": p} | extra for p, extra in (
        ("R3 D L U", {}), ("@5,7 D2 / L", {"swap": True}), ("5,6 U R D", {"borrow": 12, "anyway": True}),
        ("U D R L2", {}), ("@2,3", {}))]
    takes = [{"type": "take", "player": "Zoë", "card": 15, "corner": [12, 1]},
             {"type": "take", "player": "Zoë", "card": 16, "marks": [[1, 1], [16, 16], [8, 9]]},
             {"type": "place", "player": "Zoë", "marks": [[4, 4]]},
             {"type": "place", "player": "Zoë", "corner": [3, 3]}]
    moves.append({"type": "move", "player": "Zoë", "path": "R4", "roll": "L", "borrow": 5})
    assert unpack(pack(DAY, "Zoë", moves + takes, "R")) == (DAY, "Zoë", moves + takes, "R")


SD1_TOKEN = "SD1:K%41$0K-R7RGH32:NO8FTS.IOQG+N0XZOY5E3-1X21LIC/11BNNNV6+UEWK1"  # docs/daily.md's, before format 2


def test_a_format_1_token_still_verifies():
    """SD1 had no cave way and no apple edge: it reads as the nearest way and the first edge, as it was played."""
    assert verify(SD1_TOKEN)["score"] == 7 and unpack(SD1_TOKEN)[3] == ""
    day, name, actions, _ = unpack(SD1_TOKEN)
    assert verify(pack(day, name, actions))["score"] == 7


def test_the_caves_way_and_the_apples_edge_ride_in_the_token():
    """The daily game's cave falls where its player chose: the token carries the way, so the replay draws it there
    (the day's cave card falls at FoxTrail's 8,2: down to 8,3 the nearest, or left to 2,2)."""
    day = DAY
    st = ENGINE.new(day_setup(day, "Ann"))
    flipped = {way: ENGINE.apply(st, {"type": "flip", "cave": way}).state for way in ("L", "D")}
    assert flipped["L"].sheets[0].caves == [(2, 2)] and flipped["D"].sheets[0].caves == [(8, 3)]
    st = flipped["L"]
    log = [{"type": "flip", "cave": "L"}]
    while st.phase != Phase.OVER:
        action = next_action(st, random.Random(len(log)))
        result = ENGINE.apply(st, action)
        st, log = result.state, log + [result.logged]
    token = result_token(st, log, day, "Ann")
    assert token.startswith("SD2:") and unpack(token)[3] == "L"
    assert verify(token)["score"] == scores(st.snakes)[0].total
    day, name, actions, _ = unpack(token)
    unchosen = pack(day, name, actions)  # the same moves from the nearest cave: another game, or refused
    with pytest.raises(DailyError, match="the replay refuses"):
        verify(unchosen)


def test_the_token_needs_a_finished_digital_game():
    st, log = play()
    with pytest.raises(DailyError, match="not over"):
        result_token(ENGINE.new(day_setup(DAY, "Ann")), [], DAY, "Ann")
    with pytest.raises(DailyError, match="paper"):
        result_token(st, log + [{"type": "round", "line": "Ann 2"}], DAY, "Ann")


def one_line_refusal(token: str) -> str:
    with pytest.raises(DailyError) as refused:
        verify(token)
    message = str(refused.value)
    assert "\n" not in message and token[4:] not in message
    return message


def test_a_damaged_token_is_refused_in_one_line():
    st, log = play()
    token = result_token(st, log, DAY, "Ann")
    middle = len(token) // 2
    changed = token[:middle] + ("A" if token[middle] != "A" else "B") + token[middle + 1:]
    assert "checksum" in one_line_refusal(changed)
    assert "base45" in one_line_refusal(token[:-1]) or "checksum" in one_line_refusal(token[:-1])
    assert "not a daily result token" in one_line_refusal("CT1S:" + token[4:])


def test_a_forged_action_changes_the_score_or_is_refused():
    """Re-packed with a valid checksum, a changed action either replays to another score or does not replay."""
    st, log = play()
    score = scores(st.snakes)[0].total
    mine = [a for a in log if a["type"] != "flip"]
    turned = {"U": "D", "D": "U", "L": "R", "R": "L"}
    tried = 0
    for i, action in enumerate(mine):
        if action["type"] != "move" or action["path"][0] not in turned:
            continue
        forged = mine[:i] + [action | {"path": turned[action["path"][0]] + action["path"][1:]}] + mine[i + 1:]
        tried += 1
        try:
            assert verify(pack(DAY, "Ann", forged))["score"] != score
        except DailyError as refused:
            assert "\n" not in str(refused)
    assert tried >= 5
    unconfirmed = mine[:-1] + [{k: v for k, v in mine[-1].items() if k != "anyway"}]
    assert "confirm it" in one_line_refusal(pack(DAY, "Ann", unconfirmed)), "the last move put the snake out"
    extra = pack(DAY, "Ann", mine + [{"type": "move", "player": "Ann", "path": "R"}])
    assert "replay refuses action" in one_line_refusal(extra)
    assert verify(pack(DAY, "Ann", mine[:-1]))["over"] is False
    grown = pack(DAY, "Ann", mine + [{"type": "take", "player": "Ann", "card": 1}])
    assert "replay refuses" in one_line_refusal(grown) and score == verify(result_token(st, log, DAY, "Ann"))["score"]


def test_verify_says_what_the_replay_proves_and_what_it_does_not(cli):
    """The name is carried, not bound to the moves (the same moves verify under any name), so verify claims only
    that these moves, on this day's deal, score so many points."""
    st, log = play()
    mine = [a for a in log if a["type"] != "flip"]
    total = scores(st.snakes)[0].total
    for name in ("Ann", "Bea"):
        checked = cli("sssnake", "verify", pack(DAY, name, [a | {"player": name} for a in mine]))
        assert checked.exit_code == 0 and checked.output.splitlines()[1] == (
            f"Proven: these moves, on the deal of 2026-11-30, score {total} points. Not proven: who played them "
            f"({name} is the name the token carries; the same moves verify under any name) or that they were "
            "played on the day.")


def test_another_day_or_name_does_not_verify_the_same_score():
    st, log = play()
    mine = [a for a in log if a["type"] != "flip"]
    try:
        other = verify(pack(date(2026, 12, 1), "Ann", mine))
        assert other["landscape"] != "foxtrail"
    except DailyError:
        pass
    assert verify(pack(DAY, "Bea", [a | {"player": "Bea"} for a in mine]))["name"] == "Bea"


# -- the commands -------------------------------------------------------------------------------------------------

def test_daily_starts_the_days_game_once(cli):
    started = cli("sssnake", "daily", "--name", "Ann", "--date", "2026-11-30")
    assert started.exit_code == 0
    assert started.output.startswith("Daily game of 2026-11-30: FoxTrail, the same apple deck and ability display")
    assert "`companion sssnake flip`" in started.output and "`companion sssnake move Ann PATH`" in started.output
    again = cli("sssnake", "daily", "--name", "Ann", "--date", "2026-11-30")
    assert again.exit_code == 0 and "already started here: sssnake-1" in again.output
    assert "New game sssnake-2" in cli("sssnake", "daily", "--date", "2026-11-30", "--again").output
    paper = cli("sssnake", "daily", "--name", "Bo", "--date", "2026-12-01", "--paper")
    assert "Sahara" in paper.output and "On paper" in paper.output and "round \"Bo 2\"" in paper.output
    assert session.current("sssnake", "sssnake-3")[0].setup.get("digital") is None
    assert "is played on paper: no paths to share" in cli("sssnake", "daily", "--share", "--game", "sssnake-3").output


def test_daily_json_answers_json_also_when_the_day_is_already_started(cli):
    """`daily --json` on a day this machine has started: the game as it stands, in JSON, not the sentence."""
    first = json.loads(cli("sssnake", "daily", "--name", "Ann", "--date", "2026-11-30", "--json").output)
    assert first["started"] is False
    assert cli("sssnake", "flip").exit_code == 0
    again = json.loads(cli("sssnake", "daily", "--date", "2026-11-30", "--json").output)
    assert again["started"] is True and again["game"] == first["game"] and again["date"] == "2026-11-30"
    assert again["setup"] == first["setup"] and again["state"]["flips"] == 1


def test_daily_today_is_the_local_date(cli):
    assert f"Daily game of {date.today().isoformat()}:" in cli("sssnake", "daily").output


def test_daily_refuses_a_bad_date_and_an_early_share(cli):
    bad = cli("sssnake", "daily", "--date", "30.11.2026")
    assert bad.exit_code == 1 and bad.output == "error: '30.11.2026' is not a date; write it as YYYY-MM-DD, like " \
                                                "2026-11-30\n"
    assert cli("sssnake", "daily", "--share").output.startswith("error: no daily game here yet")
    cli("sssnake", "daily", "--date", "2026-11-30")
    early = cli("sssnake", "daily", "--share")
    assert early.exit_code == 1 and early.output == "error: the game is not over yet; a result is shared once the " \
                                                    "snake is out\n"
    cli("sssnake", "new", "--players", "Ann")
    assert "is not a daily game" in cli("sssnake", "daily", "--share", "--game", "sssnake-2").output
    assert cli("sssnake", "daily", "--qr", "x.png").output.startswith("error: --game, --qr and --force go with")


def test_shared_on_one_home_verified_on_another(cli, tmp_path, monkeypatch):
    """The issue's done-when: a daily game shared, then verified by a companion with an empty store."""
    game_id = play_saved()
    shared = cli("sssnake", "daily", "--share", "--qr", tmp_path / "day.png")
    assert shared.exit_code == 0 and (tmp_path / "day.png").stat().st_size > 0
    token = next(line for line in shared.output.splitlines() if line.startswith("Result token")).split(": ", 1)[1]
    summary = shared.output.splitlines()[0]
    assert summary.startswith("2026-11-30, FoxTrail, Ann: ") and game_id == "sssnake-1"
    refused = cli("sssnake", "daily", "--share", "--qr", tmp_path / "day.png")
    assert refused.exit_code == 1 and "exists; --force would replace it" in refused.output
    assert cli("sssnake", "daily", "--share", "--qr", tmp_path / "day.png", "--force").exit_code == 0

    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "second"))
    checked = cli("sssnake", "verify", token)
    assert checked.exit_code == 0 and checked.output.startswith(f"{summary} \u2014 verified by replay\nProven: ")
    assert cli("sssnake", "verify", *token.split(" ")).output == checked.output, "pasted without quotes"
    assert not (tmp_path / "second").exists(), "verifying reads and writes no store"


def test_verify_refuses_in_one_line(cli):
    wrong = cli("sssnake", "verify", "SD2:0000")
    assert wrong.exit_code == 1 and wrong.output.startswith("error: ") and wrong.output.count("\n") == 1
    unfinished = cli("sssnake", "verify", pack(DAY, "Ann", []))
    assert unfinished.output == "error: the token's game is not over after 0 rounds; a result is shared once the " \
                                "snake is out\n"


def test_record_daily_keeps_the_day_in_history(cli):
    recorded = cli("sssnake", "record", "--daily", "2026-11-30", "--length", "24", "--rotten", "1")
    assert recorded.exit_code == 0
    assert recorded.output == "Daily game of 2026-11-30 on foxtrail: 24 + 0 golden - 1 rotten = 23 points. " \
                              "Room for improvement.\n"
    wrong = cli("sssnake", "record", "--daily", "2026-11-30", "--landscape", "fjord", "--length", "9")
    assert wrong.exit_code == 1 and wrong.output == "error: the daily game of 2026-11-30 is played on FoxTrail, " \
                                                    "not fjord\n"
    assert cli("sssnake", "record", "--length", "9").output.startswith("error: name the --landscape played")
    assert cli("sssnake", "record", "--landscape", "sahara", "--length", "9").exit_code == 0
    play_saved()
    head, *lines = cli("sssnake", "history").output.splitlines()
    assert head == "played            landscape pts  rank, then the daily game's day, the saved game or photo"
    assert head.index("landscape") == lines[0].index("foxtrail") and head.index("pts") + 1 == lines[0].index(" 23 ") + 1
    assert "foxtrail   23  Room for improvement.  daily 2026-11-30" in lines[0]
    assert "daily" not in lines[1] and "daily 2026-11-30  (sssnake-1)" in lines[2]


@pytest.mark.parametrize("day", ["1999-12-31", "2179-06-07", "9999-12-31"])
def test_a_day_the_result_token_cannot_hold_is_refused_at_the_start(cli, home, day):
    for args in (["daily", "--date", day], ["daily", "--date", day, "--paper"],
                 ["record", "--daily", day, "--length", "9"]):
        refused = cli("sssnake", *args)
        assert refused.exit_code == 1 and refused.output == (
            f"error: there is no daily game of {day}: the daily games run from 2000-01-01 to 2179-06-06, the days a "
            "result token can name\n")
    assert not (home / "games.sqlite").exists() or not session.open_store().games("sssnake")


def test_the_first_and_last_days_share_and_verify():
    for day in (date(2000, 1, 1), date(2179, 6, 6)):
        st, log = play(day)
        assert verify(result_token(st, log, day, "Ann"))["date"] == day.isoformat()


def test_resume_names_a_format_1_result_token_too(cli):
    """A result token shared before format 2 (SD1) is still a daily result to `resume`, sent to verify, which reads
    it."""
    out = cli("resume", SD1_TOKEN)
    assert out.exit_code == 1 and out.output == ("error: this is a daily game's result token (SD1:...), not a saved "
                                                 "game: check its score with `companion sssnake verify 'SD1:...'`\n")


def test_a_result_qr_is_read_by_verify_and_named_by_resume(cli, home, tmp_path):
    play_saved()
    shared = cli("sssnake", "daily", "--share", "--qr", tmp_path / "day.png")
    summary = shared.output.splitlines()[0]
    from PIL import Image

    with Image.open(tmp_path / "day.png") as image:  # issue 33: not a bare code, its result in words under it
        grey = image.convert("L")
        assert grey.height > grey.width + 40
        assert grey.crop((0, grey.width, grey.width, grey.height)).getextrema()[0] < 100
    checked = cli("sssnake", "verify", "--image", str(tmp_path / "day.png"))
    assert checked.exit_code == 0 and checked.output.startswith(f"{summary} \u2014 verified by replay\nProven: ")
    before = (home / "games.sqlite").read_bytes()
    resumed = cli("resume", "--image", str(tmp_path / "day.png"))
    assert resumed.exit_code == 1 and resumed.output == (
        "error: this is a daily game's result token (SD2:...), not a saved game: check its score with "
        f"`companion sssnake verify --image {tmp_path / 'day.png'}`\n")
    token = next(line for line in shared.output.splitlines() if line.startswith("Result token")).split(": ", 1)[1]
    assert "`companion sssnake verify 'SD2:...'`" in cli("resume", token).output
    assert (home / "games.sqlite").read_bytes() == before
    both = cli("sssnake", "verify", token, "--image", str(tmp_path / "day.png"))
    assert both.exit_code == 1 and both.output.startswith("error: give the result token (in single quotes) or --image")
    assert cli("sssnake", "verify").output.startswith("error: give the result token")


def test_play_on_a_finished_daily_names_daily_share(cli):
    """A daily game over in `play` ends with the way to share it, which nobody at the screen would guess."""
    game_id = play_saved()
    out = cli("sssnake", "play", input="").output
    assert "Final score:" in out
    assert f"`companion sssnake daily --share --game {game_id}` gives its token" in out


FINISHED = [result_token(*play(seed=seed), DAY, "Ann") for seed in (PLAY_SEED, 3)]


def resealed(text: str, where: int, byte: int) -> str:
    """A result token with one byte of its bits changed and the checksum recomputed, so the bits are what is read."""
    body = bytearray(base45.decode(text[len(daily.PREFIX):])[:-CHECK_BYTES])
    body[where % len(body)] = byte
    return daily.PREFIX + base45.encode(bytes(body) + daily_token.checksum(bytes(body)))


@settings(max_examples=80, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hs.sampled_from(FINISHED), hs.one_of(hs.text(max_size=120), hs.tuples(hs.integers(0, 100), hs.integers(0, 255))))
def test_a_random_or_resealed_result_token_is_refused_in_one_line_or_verified(cli, finished, change):
    """Random text, or one byte of a result token changed behind a valid checksum: in-process only a DailyError
    (never IndexError, KeyError, ...), and `companion sssnake verify` one `error:` line or a verified replay."""
    text = resealed(finished, *change) if isinstance(change, tuple) else change
    try:
        verify(text)
    except DailyError as exc:
        assert "\n" not in str(exc)
    result = cli("sssnake", "verify", "--", text)  # -- : a text starting with - is a token here, no option
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert (result.exit_code, len(errors)) in ((0, 0), (1, 1))
