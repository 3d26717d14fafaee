"""The balance lab (issue 11): seeded games per variation, the same tallies on any number of workers or a Dask
cluster, Wilson intervals, and the `snits balance` command's refusals, chart and JSON."""
import json
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from companion.cli.main import main
from companion.lab import balance, games, tally, variations
from companion.snits.autoplay import play


def invoke(*args):
    return CliRunner().invoke(main, ["snits", "balance", *args])


@pytest.fixture(scope="module")
def two_workers():
    """Three games of the baseline and of organs_to_win=8 on two processes, one game a chunk."""
    return balance.run(["organs_to_win=8"], games=3, seed=5, workers=2, chunk=1)


def test_wilson_interval_known_values():
    """Wilson 95% score intervals as the literature gives them (to four places)."""
    w = tally.wilson_interval
    assert [round(x, 4) for x in w(5, 10)] == [0.2366, 0.7634]
    assert [round(x, 4) for x in w(0, 10)] == [0.0, 0.2775]
    assert [round(x, 4) for x in w(10, 10)] == [0.7225, 1.0]
    assert [round(x, 4) for x in w(50, 100)] == [0.4038, 0.5962]
    assert [round(x, 4) for x in w(1, 1, z=1.0)] == [0.5, 1.0]
    assert w(0, 0) == (0.0, 1.0)  # no games: nothing known
    assert tally.wilson is tally.wilson_interval
    with pytest.raises(ValueError):
        w(11, 10)


def test_random_games_are_autoplays_games():
    """Random against random is `snits autoplay`'s game: same winner, turns and actions for the same seed."""
    for seed in (1, 4):
        game = play({"seed": seed, "edition": "second-edition"}, seed)
        assert games.play_game({}, seed) == (game.state.winner, game.state.turn, len(game.log))


def test_same_tallies_on_one_worker_and_two(two_workers):
    """Seeds fixed per (variation, game): the table does not depend on the workers or the chunking."""
    one = balance.run(["organs_to_win=8"], games=3, seed=5, workers=1)
    assert one.to_dict() == two_workers.to_dict()
    rows = one.to_dict()["rows"]
    assert [r["variation"] for r in rows] == ["baseline", "organs_to_win=8"]
    assert all(r["games"] == 3 == r["snits"] + r["bolotomus"] + r["ties"] + r["unfinished"] for r in rows)


def test_progress_counts_every_game():
    seen = []
    balance.run(games=2, workers=1, chunk=1, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 2), (2, 2)]


def test_cluster_gives_the_local_pools_table(two_workers):
    """--cluster: the same chunks on a Dask LocalCluster of two worker processes give the same table."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as c:
        on_cluster = balance.run(["organs_to_win=8"], games=3, seed=5, cluster=c.scheduler_address, chunk=1)
    assert on_cluster.to_dict() == two_workers.to_dict()


def test_cluster_with_a_killed_worker_gives_the_same_table():
    """A Dask worker killed mid-run (SIGKILL): its chunks are played again elsewhere and the table is unchanged."""
    import os
    import signal

    distributed = pytest.importorskip("distributed")
    local = balance.run(["organs_to_win=8"], games=8, seed=5, workers=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as c:
        pids = [nanny.pid for nanny in c.workers.values()]  # no second client: its event loop clashed with the lab's
        killed = []

        def kill_one(done, total):
            if not killed:
                os.kill(pids[0], signal.SIGKILL)
                killed.append(done)

        on_cluster = balance.run(["organs_to_win=8"], games=8, seed=5, cluster=c.scheduler_address, chunk=1,
                                 progress=kill_one)
    assert killed and killed[0] < 16
    assert on_cluster.to_dict() == local.to_dict()


def test_cluster_with_no_worker_waits_with_a_notice():
    """No worker yet: a notice says so (once), and the run goes on when one joins."""
    distributed = pytest.importorskip("distributed")
    heard = []
    with distributed.LocalCluster(n_workers=0, threads_per_worker=1, processes=True, dashboard_address=None) as c:
        def join(line):
            heard.append(line)
            c.scale(1)

        lab = balance.run([], games=2, seed=5, cluster=c.scheduler_address, chunk=1, notice=join)
    assert lab.to_dict() == balance.run([], games=2, seed=5, workers=1).to_dict()
    assert len(heard) == 1 and heard[0].startswith("waiting for a Dask worker: none is connected to tcp://")


def test_losing_the_scheduler_mid_run_is_one_error_line():
    """The scheduler gone while chunks are out: one BalanceError naming it, never distributed's traceback."""
    distributed = pytest.importorskip("distributed")
    c = distributed.LocalCluster(n_workers=0, threads_per_worker=1, processes=True, dashboard_address=None)
    with pytest.raises(balance.BalanceError, match=r"^lost the Dask scheduler at tcp://\S+ after 0 of 2 games"):
        balance.run([], games=2, seed=5, cluster=c.scheduler_address, chunk=1, notice=lambda line: c.close())


def test_chart_and_table_round_the_interval_once(tmp_path):
    """17 of 100: the interval's top is 25.548%, so 25.5 in the table and on the chart (25.6 when the JSON's
    four places were rounded again)."""
    from companion.cli.snits.balance import table
    from companion.sheets.balance_chart import render

    lab = tally.Lab(100, 1, "random", "random", games.MAX_TURNS,
                    [tally.Row("baseline", {}, games=100, snits=17, bolotomus=83)], "second-edition")
    assert tally.rate_text(17, 100) == "17.0 [10.9, 25.5]"
    assert "17.0 [10.9, 25.5]" in table(lab)
    render(lab.to_dict(), "svg", tmp_path / "chart.svg")
    texts = ["".join(t.itertext()) for t in ET.parse(tmp_path / "chart.svg").getroot().iter(
        "{http://www.w3.org/2000/svg}text")]
    assert "17.0 [10.9, 25.5]" in texts


def test_a_game_at_the_turn_cap_is_unfinished():
    """A game still going at the turn cap is counted as unfinished, left out of the rate and the means."""
    lab = balance.run(games=2, workers=1, max_turns=1)
    row = lab.rows[0]
    assert (row.games, row.unfinished, row.finished, row.rate, row.mean_turns) == (2, 2, 0, None, None)
    assert row.to_dict()["interval_95"] == [0.0, 1.0]


def test_variations_parse_and_normalise():
    v = variations.parse_variation(" organs-to-win = 8 , channel=3")
    assert (v.text, v.as_dict) == ("organs_to_win=8,channel=3", {"organs_to_win": 8, "channel": 3})
    assert variations.parse_variation("baseline") == variations.Variation("baseline")
    assert [r.text for r in variations.variations(["canal=2", "channel=3,organs_to_win=8"])] == \
        ["baseline", "canal=2", "channel=3,organs_to_win=8"]


@pytest.mark.parametrize("variant, words", [
    ("organs_to_win", "NAME=NUMBER"),
    ("organs_to_win=eight", "NAME=NUMBER"),
    ("colour=3", "unknown variant 'colour'"),
    ("channel=0", "channel must be a whole number from 1 to 9"),
    ("channel=3,channel=4", "channel is set twice"),
    ("organs_to_win=9", "plays the same rules as 'baseline'"),
    ("channel=3,", "NAME=NUMBER"),
])
def test_a_bad_variation_is_one_error_line(variant, words):
    """A variation the rules cannot play is refused in one line, before any game is played."""
    result = invoke("--games", "1", "--workers", "1", "--variant", variant)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert words in result.stderr


@pytest.mark.parametrize("args, words", [
    (["--players", "7"], "unknown player '7'"),
    (["--snits", "3"], "unknown player '3'; choose one of random, 1, 2"),
    (["--seed", "-1"], "the seed is a whole number"),
    (["--plot", "chart.png"], "--plot draws an .svg or .pdf file"),
    (["--workers", "2", "--cluster", "tcp://127.0.0.1:1"], "--workers counts processes on this machine"),
])
def test_other_refusals_are_one_error_line(args, words):
    result = invoke("--games", "1", "--workers", "1", *args)
    assert result.exit_code == 1
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert words in result.stderr
    games.make_player.cache_clear()


def test_plot_writes_svg_and_refuses_to_overwrite(tmp_path):
    """--plot FILE.svg draws the chart; run again, it refuses without --force and leaves the file as it was."""
    path = tmp_path / "balance.svg"
    result = invoke("--games", "1", "--workers", "1", "--variant", "canal=2", "--plot", str(path))
    assert result.exit_code == 0, result.output
    svg = ET.parse(path).getroot()
    texts = " ".join("".join(t.itertext()) for t in svg.iter("{http://www.w3.org/2000/svg}text"))
    assert "baseline" in texts and "canal=2" in texts and "Snits win %" in texts
    before = path.read_bytes()
    again = invoke("--games", "1", "--workers", "1", "--plot", str(path))
    assert again.exit_code == 1 and again.stderr.startswith("error: ") and "--force" in again.stderr
    assert path.read_bytes() == before
    forced = invoke("--games", "1", "--workers", "1", "--plot", str(path), "--force")
    assert forced.exit_code == 0 and path.read_bytes() != before  # one row now


def test_plot_writes_pdf(tmp_path):
    from pypdf import PdfReader

    path = tmp_path / "balance.pdf"
    result = invoke("--games", "1", "--workers", "1", "--variant", "organs_to_win=8", "--plot", str(path))
    assert result.exit_code == 0, result.output
    pages = PdfReader(path).pages
    assert len(pages) == 1 and "organs_to_win=8" in pages[0].extract_text()


def test_json_shape_and_silence():
    """--json: the settings and a row per variation with its counts, rate, interval and means; nothing on stderr."""
    result = invoke("--games", "2", "--workers", "1", "--variant", "channel=3,canal=2", "--json")
    assert result.exit_code == 0 and result.stderr == ""
    data = json.loads(result.stdout)
    assert data["games"] == 2 and data["seeds"] == [1, 2] and data["max_turns"] == games.MAX_TURNS
    assert data["players"] == {"Snits": "random", "Bolotomus": "random"}
    assert [r["variation"] for r in data["rows"]] == ["baseline", "channel=3,canal=2"]
    assert data["rows"][1]["variants"] == {"channel": 3, "canal": 2}
    for r in data["rows"]:
        assert set(r) == {"variation", "variants", "games", "snits", "bolotomus", "ties", "unfinished",
                          "snits_win_rate", "interval_95", "mean_turns", "mean_actions"}
        lo, hi = r["interval_95"]
        assert 0 <= lo <= r["snits_win_rate"] <= hi <= 1


def test_text_table():
    result = invoke("--games", "2", "--workers", "1", "--variant", "organs_to_win=8")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("2 games per variation on the second-edition map, seeds 1-2")
    assert lines[1].split()[:5] == ["variation", "games", "Snits", "Bolotomus", "ties"]
    assert lines[2].startswith("baseline") and lines[3].startswith("organs_to_win=8")
    assert "games/s" in result.stderr


def test_cluster_without_the_extra_says_how_to_install_it(monkeypatch):
    """Dask is optional: without it, --cluster is one line naming the extra (runs whether or not it is installed)."""
    import sys

    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` now fails as if not installed
    result = invoke("--games", "1", "--cluster", "tcp://127.0.0.1:8786")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "pip install 'sssnake-snits-companion[cluster]'" in result.stderr


def test_help_names_every_option():
    result = invoke("--help")
    assert result.exit_code == 0
    for option in ("--games", "--variant", "--players", "--snits", "--bolotomus", "--seed", "--workers", "--cluster",
                   "--plot", "--force", "--json"):
        assert option in result.stdout


def test_autoplay_shows_its_progress_on_stderr_and_keeps_stdout_for_the_result():
    result = CliRunner().invoke(main, ["snits", "autoplay", "--games", "2"])
    assert result.exit_code == 0, result.output
    assert "playing" in result.stderr and "playing" not in result.stdout and "wins:" in result.stdout
    quiet = CliRunner().invoke(main, ["snits", "autoplay", "--games", "2", "--json"])
    assert quiet.stderr == "" and json.loads(quiet.stdout)["games"]


def test_computer_levels_play_in_the_lab_the_same_on_any_number_of_workers():
    """Level 1 against random, level 2 (a fixed number of rollouts, no clock) against level 1: reproducible."""
    one = balance.run([], games=2, seed=3, snits="1", bolotomus="random", workers=1)
    two = balance.run([], games=2, seed=3, snits="1", bolotomus="random", workers=2, chunk=1)
    assert one.to_dict() == two.to_dict() and one.rows[0].snits == 2, "level 1 beats random Bolotomus"
    searched = balance.run([], games=1, seed=3, snits="random", bolotomus="2", workers=1, max_turns=3)
    assert searched.to_dict() == balance.run([], games=1, seed=3, snits="random", bolotomus="2", workers=1,
                                             max_turns=3).to_dict()


def test_the_pools_workers_end_with_a_killed_command(tmp_path):
    """`snits balance` killed with SIGKILL: its worker processes end by themselves instead of playing on."""
    import os
    import signal
    import subprocess
    import sys
    import time

    def children(pid: int) -> list[int]:
        out = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat") as f:
                        if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                            out.append(int(entry))
                except (OSError, ValueError, IndexError):
                    continue
        return out

    if not os.path.isdir("/proc"):
        pytest.skip("needs /proc to find the workers")
    command = subprocess.Popen([sys.executable, "-m", "companion", "snits", "balance", "--games", "5000",
                                "--players", "1", "--workers", "2"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, env={**os.environ, "COMPANION_HOME": str(tmp_path)})
    deadline = time.monotonic() + 30
    workers: list[int] = []
    while len(workers) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
        workers = [c for c in children(command.pid) if os.path.exists(f"/proc/{c}")]
    assert len(workers) >= 2
    os.kill(command.pid, signal.SIGKILL)
    command.wait()
    deadline = time.monotonic() + 10
    while any(os.path.exists(f"/proc/{w}") and open(f"/proc/{w}/stat").read().rsplit(")", 1)[1].split()[0] != "Z"
              for w in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    alive = [w for w in workers if os.path.exists(f"/proc/{w}")
             and open(f"/proc/{w}/stat").read().rsplit(")", 1)[1].split()[0] != "Z"]
    for w in alive:
        os.kill(w, signal.SIGKILL)
    assert not alive


def test_a_plot_path_under_a_file_is_refused_before_any_game(tmp_path, monkeypatch):
    """docs/snits.md: the --plot path is checked before any game is played (a path under a file failed only after
    the whole run)."""
    (tmp_path / "notes.txt").write_text("precious")
    played = []
    monkeypatch.setattr(balance, "run", lambda *a, **k: played.append(1))
    result = invoke("--games", "1", "--workers", "1", "--plot", str(tmp_path / "notes.txt" / "chart.svg"))
    assert result.exit_code == 1 and result.stderr.startswith("error: ") and "is a file" in result.stderr
    assert not played and (tmp_path / "notes.txt").read_text() == "precious"


@pytest.mark.parametrize("where", ["x" * 300 + ".svg", "y" * 300 + "/chart.svg"])
def test_a_plot_name_too_long_for_the_file_system_is_refused_before_any_game(tmp_path, monkeypatch, where):
    """Issue 34, item 8: a file or folder name past the file system's limit (255 bytes) was refused only after
    every game was played; every output path is checked before the work."""
    played = []
    monkeypatch.setattr(balance, "run", lambda *a, **k: played.append(1))
    result = invoke("--games", "1", "--workers", "1", "--plot", str(tmp_path / where))
    assert result.exit_code == 1 and result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert "longer than the 255 bytes this file system takes; choose a shorter path with --plot" in result.stderr
    assert not played and list(tmp_path.iterdir()) == []
