"""The lab's games on a Dask distributed scheduler (`snits balance --cluster`, the optional `cluster` extra)."""
from __future__ import annotations

from collections.abc import Callable

from companion.core.language import _
from companion.lab.games import BalanceError, Progress, Results, Task, collect, run_task

WAIT = 2.0  # s: how long a cluster run waits for a chunk before it looks whether any worker is left


def on_cluster(address: str, todo: list[Task], total: int, progress: Progress | None,
               notice: Callable[[str], None] | None = None) -> Results:
    """Every chunk on a Dask distributed scheduler (the optional `cluster` extra); its workers need this version
    of the companion installed, as they call companion.lab.games.run_task by name. A chunk a killed worker was
    playing is played again elsewhere (a game is a function of its seed: the table is the same); `notice` hears
    while no worker is there, and a lost scheduler is a BalanceError."""
    try:
        import distributed
    except ImportError:
        from companion.core.extras import install_line

        raise BalanceError(_("--cluster needs Dask distributed, an optional extra: {install}").format(
            install=install_line("cluster"))) from None
    import logging
    from concurrent.futures import CancelledError

    for name in ["distributed", *(n for n in logging.root.manager.loggerDict if n.startswith("distributed."))]:
        logging.getLogger(name).setLevel(logging.CRITICAL)  # its tracebacks of a lost connection: ours is one line
    try:
        client = distributed.Client(address, timeout="10s")
    except (OSError, ValueError, TypeError) as exc:
        raise BalanceError(_("cannot reach a Dask scheduler at {address}: {why}").format(address=address, why=exc)) \
            from None
    results: Results = {}
    done = 0
    try:
        pending = set(client.map(run_task, todo, pure=False))
        waiting = False
        while pending:
            try:
                finished, pending = distributed.wait(pending, timeout=WAIT, return_when="FIRST_COMPLETED")
            except TimeoutError:
                idle = not client.scheduler_info(n_workers=1).get("workers")
                if idle and not waiting and notice:
                    notice(_("waiting for a Dask worker: none is connected to {address} (start one with `dask worker "
                             "{address}`)").format(address=address))
                waiting = idle
                continue
            waiting = False
            for future in finished:
                done = collect(results, future.result(), done, total, progress)
    except (CancelledError, OSError):  # its futures cancelled (one or all: FuturesCancelledError), or no answer
        raise BalanceError(_("lost the Dask scheduler at {address} after {done} of {total} games; run the command "
                             "again once it is back").format(address=address, done=done, total=total)) from None
    except distributed.KilledWorker:
        raise BalanceError(_("a chunk of games killed every Dask worker that played it, at {address}: look at the "
                             "workers' logs (memory?) and run the command again").format(address=address)) from None
    finally:
        client.close()
    return results
