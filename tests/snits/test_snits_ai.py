"""benchmarks/snits_ai.py on a Dask cluster (--cluster): the games its workers play are the ones a local pool plays,
and its functions reach a worker that has only the companion installed."""
import os
import subprocess
import sys

import pytest

from benchmarks import snits_ai

FAST = ["--games", "2", "--think", "0", "--iterations", "2", "--seed", "3"]


def table(out: str) -> list[str]:
    """The printed rows without the decision times, the wall time or the command line."""
    rows = [line.split()[:7] for line in out.splitlines() if line.split()[:1] in (["l1-snits"], ["l2-vs-l1-bolotomus"])]
    return [" ".join(r) for r in rows] + [line for line in out.splitlines() if "wins by seed" in line]


def test_a_cluster_plays_the_local_pools_games(capsys):
    distributed = pytest.importorskip("distributed")
    snits_ai.main([*FAST, "--pairings", "l1-snits,l2-vs-l1-bolotomus", "--workers", "1"])
    local = table(capsys.readouterr().out)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as c:
        snits_ai.main([*FAST, "--pairings", "l1-snits,l2-vs-l1-bolotomus", "--cluster", c.scheduler_address])
        out = capsys.readouterr().out
        assert f"the Dask cluster at {c.scheduler_address}" in out
        snits_ai.main(["--sprt", "1,0", "--games", "2", "--cluster", c.scheduler_address])
        sprt_cluster = capsys.readouterr().out
    assert len(local) == 4 and table(out) == local
    snits_ai.main(["--sprt", "1,0", "--games", "2", "--workers", "1"])
    pairs = [line for line in capsys.readouterr().out.splitlines() if line.startswith("pairs ")]
    assert pairs and pairs == [line for line in sprt_cluster.splitlines() if line.startswith("pairs ")]


def test_a_game_travels_to_a_worker_without_the_benchmarks(tmp_path):
    """Pickled as --cluster sends it, a game runs in a Python that cannot import `benchmarks`."""
    cloudpickle = pytest.importorskip("cloudpickle")
    cloudpickle.register_pickle_by_value(snits_ai)
    try:
        job = cloudpickle.dumps((snits_ai.one, ("l1-snits", 3, None, 2, {"map": "second-edition"})))
    finally:
        cloudpickle.unregister_pickle_by_value(snits_ai)
    code = "import pickle, sys; f, job = pickle.loads(sys.stdin.buffer.read()); print(f(job)[:3])"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, "-c", code], input=job, capture_output=True, cwd=tmp_path, env=env,
                          check=True)
    assert done.stdout.decode().startswith("('l1-snits', 3, ")
    with pytest.raises(subprocess.CalledProcessError):
        subprocess.run([sys.executable, "-c", "import benchmarks"], cwd=tmp_path, env=env, check=True,
                       capture_output=True)


def test_cluster_without_the_extra_is_one_line(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(SystemExit) as exit_:
        snits_ai.main(["--cluster", "tcp://127.0.0.1:1"])
    assert exit_.value.code == 2 and "--cluster needs Dask distributed" in capsys.readouterr().err


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:1", "foo://x"])
def test_a_scheduler_out_of_reach_is_one_line(address):
    pytest.importorskip("distributed")
    with pytest.raises(SystemExit) as exit_:
        snits_ai.main(["--cluster", address, "--games", "1", "--pairings", "l1-snits"])
    assert str(exit_.value.code).startswith(f"error: cannot reach a Dask scheduler at {address}: ")
