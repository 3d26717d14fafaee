"""The four landscapes are playable by the rules and play differently (Game sheets, Terrain types, Objects)."""
import re
from collections import Counter
from itertools import combinations

import pytest

from companion.sheets.landscape import SIZE, landscape_map, neighbours, read_map, terrains
from companion.sssnake.edition import edition

SLUGS = ["am-fluss", "sahara", "fjord", "foxtrail"]
# Our edition's cave rule (rulebook silent, docs/printing.md): a cave lies where a snake may start and end
# without an ability: grassland, sand or snow, never under an object.
CAVE_TERRAIN = {"grassland", "sand", "snow"}
# Terrain an ability card needs to be worth having on the sheet (Ability descriptions).
ABILITY_TERRAIN = {1: "rocks", 2: "water", 3: "sand", 4: "water"}


def squares():
    return [(c, r) for r in range(1, SIZE + 1) for c in range(1, SIZE + 1)]


def caves(lmap):
    blocked = lmap.blocked()
    return {sq for sq in squares() if lmap.at(sq) in CAVE_TERRAIN and sq not in blocked}


def walkable(lmap):
    """Squares a snake without abilities may move on: not rocks, not foliage (paw length), not objects."""
    blocked = lmap.blocked()
    kinds = terrains()
    return {sq for sq in squares() if kinds[lmap.at(sq)].move == "yes" and sq not in blocked}


def component(start, allowed, crossing_ok=lambda a, b: True):
    seen, todo = set(), [start]
    while todo:
        sq = todo.pop()
        if sq in seen:
            continue
        seen.add(sq)
        todo.extend(n for n in neighbours(sq) if n in allowed and n not in seen and crossing_ok(sq, n))
    return seen


@pytest.mark.parametrize("slug", SLUGS)
def test_grid_is_16_by_16_with_known_terrain(slug):
    """Game sheets: A columns 1-16 and B rows 1-16, each square one of the eight terrain types."""
    lmap = landscape_map(slug)
    assert len(lmap.terrain) == SIZE and all(len(row) == SIZE for row in lmap.terrain)
    assert {t for row in lmap.terrain for t in row} <= set(terrains())


@pytest.mark.parametrize("slug", SLUGS)
def test_there_is_room_for_caves(slug):
    """Apple cards place the caves: at least a third of the squares must be able to hold one."""
    assert len(caves(landscape_map(slug))) >= SIZE * SIZE // 3


@pytest.mark.parametrize("slug", SLUGS)
def test_every_cave_square_reaches_every_other(slug):
    """Paths connect the regions: without abilities, all cave squares lie in one walkable area."""
    lmap = landscape_map(slug)
    cave = caves(lmap)
    area = component(next(iter(sorted(cave))), walkable(lmap))
    assert cave <= area


@pytest.mark.parametrize("slug", SLUGS)
def test_ability_setup_matches_the_terrain(slug):
    """Setup: a green card's terrain is on the sheet; a red card that needs a terrain is taken out where it is absent."""
    lmap = landscape_map(slug)
    present = {t for row in lmap.terrain for t in row}
    for n in lmap.meta.green:
        if n in ABILITY_TERRAIN:
            assert ABILITY_TERRAIN[n] in present, (slug, n)
    for n in lmap.meta.red:
        if n in ABILITY_TERRAIN:
            assert ABILITY_TERRAIN[n] not in present, (slug, n)
    if 12 in lmap.meta.green:
        assert lmap.shade, "Nocturnal needs shade to start in"


def test_landscapes_play_differently():
    """Each location is a new game experience: terrain mixes differ by at least 60 squares pairwise."""
    mixes = {slug: Counter(t for row in landscape_map(slug).terrain for t in row) for slug in SLUGS}
    for a, b in combinations(SLUGS, 2):
        diff = sum(abs(mixes[a][t] - mixes[b][t]) for t in terrains())
        assert diff >= 60, (a, b, diff)


def test_am_fluss_river_runs_from_edge_to_edge():
    """Am Fluss: the river is water from the top edge to the bottom edge."""
    lmap = landscape_map("am-fluss")
    water = {sq for sq in squares() if lmap.at(sq) == "water"}
    top = [sq for sq in water if sq[1] == 1]
    assert top and any(sq[1] == SIZE for sq in component(top[0], water))


def test_sahara_falcon_line_splits_the_sheet():
    """Sahara: the falcon's line of shadow runs along square edges from edge to edge, caves on both sides."""
    lmap = landscape_map("sahara")
    line = lmap.falcon_line
    assert line[0][0] == 0 and line[-1][0] == SIZE
    edges = set()
    for (x1, y1), (x2, y2) in zip(line, line[1:], strict=False):
        assert x1 == x2 or y1 == y2, "segments follow square edges"
        for k in range(min(x1, x2), max(x1, x2)):  # horizontal: between rows y1 and y1+1, column k+1
            edges.add(frozenset({(k + 1, y1), (k + 1, y1 + 1)}))
        for k in range(min(y1, y2), max(y1, y2)):  # vertical: between columns x1 and x1+1, row k+1
            edges.add(frozenset({(x1, k + 1), (x1 + 1, k + 1)}))
    north = component((1, 1), set(squares()), lambda a, b: frozenset({a, b}) not in edges)
    assert (1, SIZE) not in north and len(north) < SIZE * SIZE
    cave = caves(lmap)
    assert cave & north and cave - north
    assert "water" not in {t for row in lmap.terrain for t in row}


def test_fjord_golden_apples_lie_on_open_squares_by_the_harbour():
    """Fjord: golden apples can be eaten (no object, no rocks, a snake may end there); a harbour by the water."""
    lmap = landscape_map("fjord")
    assert lmap.meta.golden_apples
    for sq in lmap.meta.golden_apples:
        assert sq not in lmap.blocked() and terrains()[lmap.at(sq)].end == "yes"
    quay = [r for r in lmap.objects if r.kind == "H"]
    assert quay
    assert any(lmap.at(n) == "water" for sq in quay[0].squares for n in neighbours(sq))


def test_foxtrail_has_foliage_the_fox_and_printed_apples():
    """FoxTrail: foliage (needs the paw length), the fox as an object, fresh and rotten apples printed."""
    lmap = landscape_map("foxtrail")
    foliage = sum(t == "foliage" for row in lmap.terrain for t in row)
    assert foliage >= SIZE * SIZE // 5 and lmap.meta.paw_length
    assert any(r.kind == "F" for r in lmap.objects)
    assert lmap.fresh_apples and lmap.rotten_apples
    assert not set(lmap.fresh_apples + lmap.rotten_apples) & lmap.blocked()


def test_every_landscape_in_the_edition_has_a_map():
    assert sorted(edition().landscapes) == sorted(SLUGS)


def _edited(**changes):
    meta = edition().landscapes["fjord"]
    return meta._replace(extra={**meta.extra, **changes})


@pytest.mark.parametrize("changes, message", [
    ({"terrain": ["g" * 16] * 15}, "terrain must be 16 strings of 16 letters"),
    ({"terrain": ["x" + "g" * 15] + ["g" * 16] * 15}, "unknown terrain letter(s) x"),
    ({"overlay": ["." * 15 + "Z"] + ["." * 16] * 15}, "unknown overlay letter(s) Z"),
    ({"overlay": ["." * 16] * 11 + ["...T" + "." * 12] + ["." * 16] * 4}, "apple printed at A4/B12 sits on an object"),
])
def test_a_broken_map_is_refused_with_what_is_wrong(changes, message):
    """Edition data is checked when read: a sheet cannot be printed from a map the rules could not play."""
    with pytest.raises(ValueError, match=re.escape(message)):
        read_map(_edited(**changes))
