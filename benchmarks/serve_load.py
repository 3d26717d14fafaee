"""`companion serve` under load: 10 open pages and 100 requests a second for a minute, nothing lost (issue 13).

The server (make_app + serving, as `companion serve` runs it) in its own process on loopback over a temporary store
of several 4-player Sssnake games. Ten SSE connections (G/events, as ten open table pages hold them) spread over
the games count the seqs they are told. Requests go out on a fixed schedule (--rate a second, from a pool of
threads, so several land on one game at once: a round's four reports race): the valid actions each game needs next
(flips, reports, abilities, planned from G/state), reads of G/state, and refused ones mixed in (an unknown player,
a card not on the display, an unknown action, a body that is not a JSON object). Afterwards it checks that nothing
was lost: every accepted action is in the store's log at the seq the server answered (or before it, when another
write landed between the action and the answer), the log holds nothing else, replaying each log from its setup gives
the state the store keeps, and every SSE connection's last seq is its game's log length. Prints the achieved rate
and latency percentiles per kind of request.

    .venv/bin/python benchmarks/serve_load.py [--seconds 60] [--rate 100] [--games 6] [--pages 10]
"""
import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from serving import KEY, start_server, stop_server  # benchmarks/serving.py, beside this script

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
REFUSED = [  # refused whatever the game's state: (JSON body text, what it is)
    (json.dumps({"type": "report", "player": "Zed", "fresh": 1}), "an unknown player"),
    (json.dumps({"type": "take", "player": "Ann", "card": 99}), "a card not on the display"),
    (json.dumps({"type": "fly"}), "an unknown action"),
    ("[1, 2]", "not a JSON object"),
]
REFUSE_SHARE = 0.3  # of the requests
READ_SHARE = 0.1



def new_game(seed: int) -> str:
    from companion.shared import session

    game, _ = session.create("sssnake", {"players": PLAYERS, "landscape": "am-fluss", "seed": seed, "first": 0,
                                         "friendship": False})
    return game


class Game:
    """One game's driver: what to send next, planned from the last G/state read; several requests may be out."""

    def __init__(self, game: str, url: str):
        self.id, self.url = game, url
        self.lock = threading.Lock()
        self.plan: list[dict] = []    # valid actions not yet sent
        self.out = 0                  # valid actions sent, not yet answered
        self.reading = False          # a planning read of G/state is out
        self.over = False
        self.accepted: list[tuple[int, dict]] = []  # (seq answered, action)
        self.later = 0  # accepted actions whose answer's seq was a later one (checked at the end)

    def next_request(self, rng: random.Random):
        """(kind, method, path, body text) of the next request to this game."""
        with self.lock:
            r = rng.random()
            if r < REFUSE_SHARE:
                body, _ = rng.choice(REFUSED)
                return "refused", "POST", "act", body
            if r < REFUSE_SHARE + READ_SHARE:
                return "read", "GET", "state", None
            if self.plan:
                self.out += 1
                return "valid", "POST", "act", json.dumps(self.plan.pop(0))
            if not self.out and not self.reading and not self.over:
                self.reading = True
                return "plan", "GET", "state", None
            return "read", "GET", "state", None

    def answered(self, kind: str, body: str | None, status: int, reply: dict, rng: random.Random) -> str | None:
        """Note the reply; returns a line when something went wrong."""
        with self.lock:
            if kind == "plan":
                self.reading = False
                if status != 200:
                    return f"{self.id}: GET state answered {status}"
                self.plan = planned(reply["next"], rng)
                self.over = not self.plan
                return None
            if kind == "read":
                return None if status == 200 else f"{self.id}: GET state answered {status}"
            if kind == "valid":
                self.out -= 1
            if status == 200:
                self.accepted.append((reply["seq"], json.loads(body)))
                return None if kind == "valid" else f"{self.id}: accepted what should be refused: {body}"
            if status != 400 or "error" not in reply:
                return f"{self.id}: {body} answered {status} {reply}"
            if kind == "valid":  # a take of a card the player has, or a race with a read: plan again
                self.plan = []
            return None


def planned(step: dict, rng: random.Random) -> list[dict]:
    """The valid actions of a game's next step (G/state's "next"); none when this script does not play it."""
    if step["step"] == "flip":
        return [{"type": "flip"}]
    if step["step"] == "report":
        return [{"type": "report", "player": p, "fresh": rng.choice((0, 0, 1))} for p in step["players"]]
    if step["step"] == "choose":
        card = rng.choice(step["cards"])  # refused when the player has it: planned again
        return [{"type": "take", "player": step["player"], "card": card}]
    return []


class Page:
    """One open page's SSE connection: the seqs it is told."""

    def __init__(self, client, game: Game):
        self.game = game
        self.seqs: list[int] = []
        self.error = None
        self.thread = threading.Thread(target=self.listen, args=(client,), daemon=True)
        self.stop = threading.Event()

    def listen(self, client) -> None:
        try:
            with client.stream("GET", self.game.url + "events", timeout=None) as reply:
                for line in reply.iter_lines():
                    if line.startswith("data:"):
                        self.seqs.append(int(line[5:].strip()))
                    if self.stop.is_set():
                        return
        except Exception as exc:  # the connection closed under it at the end, or a real failure
            if not self.stop.is_set():
                self.error = repr(exc)


def same(action: dict) -> tuple:
    """An action as the log keeps it (a 0 is left out) and as posted, alike."""
    return action.get("type"), action.get("player"), action.get("fresh") or 0, action.get("card")


def percentiles(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)

    def at(p):
        return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))] * 1000

    return (f"median {statistics.median(ordered) * 1000:.1f} ms, 95th {at(95):.1f} ms, 99th {at(99):.1f} ms, "
            f"max {ordered[-1] * 1000:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--rate", type=float, default=100, help="requests a second")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--pages", type=int, default=10, help="open SSE connections")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["COMPANION_HOME"] = home
        problems = run(args)
    if problems:
        print(f"FAILED: {len(problems)} problem(s)")
        for line in problems[:20]:
            print("  " + line)
        sys.exit(1)
    print("nothing lost")


def run(args) -> list[str]:
    import httpx

    from companion.serve.keys import identity, join_secret

    games: list[Game] = []
    for n in range(args.games):
        game = new_game(args.seed * 1000 + n)
        games.append(Game(game, ""))
    process, base = start_server(KEY)
    problems: list[str] = []
    timings: dict[str, list[float]] = {"valid": [], "refused": [], "read": [], "plan": []}
    try:
        for game in games:
            game.url = f"{base}/g/{game.id}/{join_secret(KEY, game.id, identity(game.id)[1])}/"
        listeners = httpx.Client(limits=httpx.Limits(max_connections=args.pages + 2))
        pages = [Page(listeners, games[n % len(games)]) for n in range(args.pages)]
        for page in pages:
            page.thread.start()
        client = httpx.Client(limits=httpx.Limits(max_connections=64, max_keepalive_connections=64), timeout=30)
        lock = threading.Lock()

        def send(n: int) -> None:
            local = random.Random(args.seed * 7919 + n)
            game = games[n % len(games)]
            kind, method, path, body = game.next_request(local)
            start = time.perf_counter()
            try:
                reply = client.request(method, game.url + path, content=body,
                                       headers={"Content-Type": "application/json"} if body else None)
                status, data = reply.status_code, reply.json()
            except Exception as exc:
                with lock:
                    problems.append(f"{game.id}: {method} {path} failed: {exc!r}")
                if kind == "valid":
                    with game.lock:
                        game.out -= 1
                if kind == "plan":
                    with game.lock:
                        game.reading = False
                return
            elapsed = time.perf_counter() - start
            problem = game.answered(kind, body, status, data, local)
            with lock:
                timings[kind].append(elapsed)
                if problem:
                    problems.append(problem)

        total = int(args.seconds * args.rate)
        late = 0
        began = time.perf_counter()
        with ThreadPoolExecutor(max_workers=32) as pool:
            for n in range(total):
                due = began + n / args.rate
                wait = due - time.perf_counter()
                if wait > 0:
                    time.sleep(wait)
                elif wait < -0.1:
                    late += 1
                pool.submit(send, n)
        elapsed = time.perf_counter() - began
        time.sleep(1.0)  # the last changes reach the pages (the contract: within 200 ms)
        for page in pages:
            page.stop.set()
        listeners.close()
        client.close()
    finally:
        stop_server(process)
    done = sum(len(v) for v in timings.values())
    accepted = sum(len(g.accepted) for g in games)
    print(f"{args.seconds:g} s at {args.rate:g} requests/s asked, {len(games)} games, {len(pages)} open pages (SSE):")
    print(f"  achieved {done / elapsed:.1f} requests/s ({done} of {total} answered in {elapsed:.1f} s; "
          f"{late} sent over 100 ms late)")
    reads = len(timings["read"]) + len(timings["plan"])
    print(f"  accepted actions {accepted}, refused {len(timings['refused'])}, reads {reads}")
    for kind, label in (("valid", "valid POST act"), ("refused", "refused POST act"), ("read", "GET state")):
        print(f"  {label:17} {percentiles(timings[kind] + (timings['plan'] if kind == 'read' else []))}")
    problems += check(games, pages)
    return problems


def check(games: list[Game], pages: list[Page]) -> list[str]:
    """Nothing lost: the log is exactly the accepted actions, each at (or, when another landed meanwhile, before)
    the seq answered; replaying the log gives the kept state; every page was told the last seq."""
    from companion.core.games import engine
    from companion.store.db import Store
    from companion.store.saved import opened

    problems = []
    store = Store()
    eng = engine("sssnake")
    try:
        for game in games:
            log = store.log(game.id)
            if len(game.accepted) != len(log):
                problems.append(f"{game.id}: {len(game.accepted)} actions accepted, {len(log)} in the log")
            # The answer's seq is the log's length once the action landed (read after its transaction): the
            # action stands at that seq or, when another landed meanwhile, before it. Each accepted action must
            # match its own entry of the log there (same actions matched in order: the earliest free one).
            free: dict[tuple, list[int]] = {}
            for at, logged in enumerate(log, 1):
                free.setdefault(same(logged), []).append(at)
            for seq, action in sorted(game.accepted, key=lambda item: item[0]):
                spots = free.get(same(action), [])
                if not spots or spots[0] > seq:
                    problems.append(f"{game.id}: {action} answered seq {seq}, not in the log at or before it")
                    continue
                game.later += spots.pop(0) != seq
            record = store.load(game.id)
            kept = eng.to_dict(opened(record).state, private=True)
            replayed = eng.to_dict(eng.replay(record.setup, log), private=True)
            if kept != replayed:
                problems.append(f"{game.id}: the kept state differs from a replay of its log")
            print(f"  {game.id}: {len(log)} actions in the log, {len(game.accepted)} accepted (answered a later "
                  f"seq, another write landing between: {game.later}), state consistent: {kept == replayed}")
        for n, page in enumerate(pages):
            final = len(store.log(page.game.id))
            last = page.seqs[-1] if page.seqs else None
            if page.error or last != final:
                problems.append(f"page {n} ({page.game.id}): told {len(page.seqs)} seqs, the last {last}, the log "
                                f"has {final}{'; ' + page.error if page.error else ''}")
        told = [len(p.seqs) for p in pages]
        print(f"  pages told {min(told)}-{max(told)} seq events each")
    finally:
        store.close()
    return problems


if __name__ == "__main__":
    main()
