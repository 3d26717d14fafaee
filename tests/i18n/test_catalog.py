"""The German catalog is whole: every string the code, pages, data and click mark is in it, translated, not fuzzy,
with the English's {placeholders}; and the compiled .mo the wheel carries says the same as the .po."""
import gettext
import importlib.util
import io
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion.core import language

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def catalog_tool():
    spec = importlib.util.spec_from_file_location("catalog_tool", ROOT / "tools" / "catalog.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalog_tool"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def kept(catalog_tool):
    with open(catalog_tool.PO, "rb") as file:
        return read_po(file)


def test_every_marked_string_is_in_the_catalog(catalog_tool, kept):
    missing = [m.id for m in catalog_tool.extracted()
               if m.id and kept.get(m.id[0] if isinstance(m.id, tuple) else m.id, m.context) is None]
    assert not missing, f"{len(missing)} strings not in the catalog (python tools/catalog.py build): {missing[:5]}"


def test_every_message_is_translated_with_the_same_placeholders(catalog_tool, kept):
    problems = catalog_tool.problems(kept)
    assert not problems, f"{len(problems)} problems (python tools/catalog.py check): {problems[:5]}"


def test_placeholder_check_catches_a_lost_name(catalog_tool):
    from babel.messages.catalog import Catalog

    broken = Catalog(locale="de")
    broken.add("{name} moves", "{nam} zieht")
    broken.add("untranslated", "")
    assert len(catalog_tool.problems(broken)) == 2


def test_the_compiled_catalog_matches_the_po(catalog_tool, kept):
    assert catalog_tool.MO.read_bytes() == catalog_tool.compiled(kept), "stale: python tools/catalog.py build"


def test_the_searched_catalog_reads_what_gettext_reads(catalog_tool, kept):
    """Every message, plural and context as gettext.GNUTranslations reads the same .mo (a key out of order would be
    missed by the binary search), and nothing where there is no message."""
    data = catalog_tool.MO.read_bytes()
    reference = gettext.GNUTranslations(io.BytesIO(data))
    ours = language.Catalog(data)
    assert ours.info()["language"] == "de" and ours.count == len({k if isinstance(k, str) else k[0]
                                                                   for k in reference._catalog})
    assert ours.find("no such message") is None and ours.gettext("Zzz, not there") == "Zzz, not there"
    for key in reference._catalog:
        if isinstance(key, tuple):  # a plural: (singular, form)
            continue
        if "\x04" in key:
            context, message = key.split("\x04")
            assert ours.pgettext(context, message) == reference.pgettext(context, message)
        elif key:
            assert ours.gettext(key) == reference.gettext(key)
    plurals = [m.id for m in kept if isinstance(m.id, tuple)]
    assert plurals
    for singular, plural in plurals:
        for n in (0, 1, 2, 5):
            assert ours.ngettext(singular, plural, n) == reference.ngettext(singular, plural, n)
