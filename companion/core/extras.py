"""How this copy of the companion takes an optional extra: the pip line for the package index, or for the checkout
or file it was installed from (PEP 610's direct_url.json), so the line a refusal gives works where it is typed."""
from __future__ import annotations

DIST = "sssnake-snits-companion"


def install_line(extra: str) -> str:
    """`pip install 'SOURCE[extra]'`: SOURCE is the index's name, or the folder or file this copy came from."""
    import json
    from importlib import metadata
    from urllib.parse import unquote, urlparse

    source = DIST
    try:
        told = json.loads(metadata.distribution(DIST).read_text("direct_url.json") or "null")
    except (metadata.PackageNotFoundError, ValueError, OSError):
        told = None
    if isinstance(told, dict) and isinstance(told.get("url"), str) and told["url"].startswith("file://"):
        source = unquote(urlparse(told["url"]).path)
    return f"pip install '{source}[{extra}]'"
