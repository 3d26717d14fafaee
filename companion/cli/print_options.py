"""The options and checks every `companion print` command shares: paper, format, the target path and how a
renderer's result is reported, the export to PNG, and the back offset the calibration measured (kept between runs).

Nothing here imports the printing libraries; the sheets are imported inside the functions that need them.
"""
from __future__ import annotations

import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

import click

from companion.cli.output import check as check_output
from companion.cli.output import emit
from companion.core.language import _, ngettext
from companion.core.printable import printable
from companion.shared.session import Refused

FORMATS = ("pdf", "svg")
SERIAL = re.compile(r"[A-Z0-9]{1,12}")


def _paper(a3: bool):
    """The --paper check: a4 or letter, and a3 where the command prints on it (the map)."""
    def check(ctx, param, name: str):
        from companion.sheets.layout import A3, PAPERS

        papers = {**PAPERS, "a3": A3} if a3 else PAPERS
        key = name.lower()
        if key not in papers:
            raise Refused(_("unknown paper {name}; use one of: {papers}").format(name=repr(name),
                                                                                  papers=", ".join(papers)))
        return papers[key]
    return check


def _format(ctx, param, fmt: str) -> str:
    if fmt.lower() not in FORMATS:
        raise Refused(_("unknown format {format}; use pdf or svg").format(format=repr(fmt)))
    return fmt.lower()


TEXT_AND_IMAGES = {".txt", ".md", ".csv", ".json", ".toml", ".html", ".png", ".jpg", ".jpeg", ".gif"}  # never a print


def target(output: str | None, default: str, fmt: str, force: bool) -> Path:
    """The -o path, else output/<default>.pdf (a folder of pages for SVG), once it is known safe to write."""
    if output is not None:
        if not output.strip():
            raise Refused(_("-o needs a file (pdf) or folder (svg) name"))
        other = {"pdf": ".svg", "svg": ".pdf"}[fmt]
        if output.lower().endswith(other):
            raise Refused(_("-o {path} ends in {suffix} but the format is {format}; add --format {other} (svg writes a "
                            "folder of pages) or name a .{format} path").format(path=output, suffix=other, format=fmt,
                                                                              other=other[1:]))
        suffix = os.path.splitext(output)[1].lower()  # as typed: a trailing / names a folder, refused below
        if suffix in TEXT_AND_IMAGES:
            raise Refused(_("-o {path} ends in {suffix}, which is no {format} file; print writes pdf (a .pdf file) or "
                            "svg (a folder of pages): name a .{format} path").format(path=output, suffix=suffix,
                                                                                   format=fmt))
        check_output(output, force, folder=fmt == "svg")  # as typed: Path drops a trailing /
        return Path(output)
    path = Path("output") / (f"{default}.pdf" if fmt == "pdf" else f"{default}-svg")
    check_output(path, force, folder=fmt == "svg")
    return path


def write(render, path: Path, as_json: bool, back: BackOffset | None = None, also: Path | None = None) -> None:
    """Run a renderer into `path`; layout and file-system problems become one-line refusals, no partial output.
    With `back`, say which back offset the print used and where it came from; a given one is kept once written.
    `also`: a second file the renderer writes (a cutter's cut file), listed with the first."""
    from companion.sheets.layout import LayoutError

    try:
        pages = render(path)
    except LayoutError as exc:
        raise Refused(str(exc)) from None
    except OSError as exc:
        raise Refused(_("cannot write {path}: {why}; choose another -o path").format(
            path=path, why=exc.strerror or exc)) from None
    files = sorted(str(p) for p in path.iterdir()) if path.is_dir() else [str(path)]
    counts = ngettext("{n} page", "{n} pages", pages).format(n=pages) + (
        ", " + ngettext("{n} file", "{n} files", len(files)).format(n=len(files)) if path.is_dir() else "")
    files += [str(also)] if also else []
    report = {"path": str(path), "pages": pages, "files": files}
    text = _("wrote {path} ({counts})").format(path=printable(str(path)), counts=counts) + (
        _(" and the cut file {path}").format(path=printable(str(also))) if also else "")
    if back is not None:
        report |= back.kept()
        text = f"{text}\n{back.line()}"
    emit(as_json, report, text)


def pad_serial(serial: str | None) -> str:
    """The pad serial in the sheets' QR codes: the one given (checked), else a random one."""
    serial = serial.upper() if serial else "".join(secrets.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _i in range(6))
    if not SERIAL.fullmatch(serial):
        raise Refused(_("--serial {serial} must be 1-12 letters A-Z or digits (the QR alphanumeric set)").format(
            serial=repr(serial)))
    return serial


def _offset(ctx, param, text: str | None) -> tuple[float, float] | None:
    from companion.sheets.layout import LayoutError, parse_offset

    if text is None:
        return None  # not given: the kept offset (back_offset)
    try:
        return parse_offset(text)
    except LayoutError as exc:
        raise Refused(str(exc)) from None


@dataclass(frozen=True)
class BackOffset:
    """The offset this print moves back pages by, and where it came from: given now, kept from earlier, or none."""

    value: tuple[float, float]
    source: str  # "given", "kept" or "none"
    file: Path

    def kept(self) -> dict:
        """Keep a given offset for later prints (after the print is written); the --json fields."""
        if self.source == "given":
            from companion.sheets.calibration import keep_offset

            try:
                keep_offset(self.value)
            except OSError as exc:
                raise Refused(_("printed, but cannot keep the back offset in {path}: {why}; give --back-offset again "
                                "next time").format(path=self.file, why=exc.strerror or exc)) from None
        return {"back_offset": list(self.value), "back_offset_from": self.source, "back_offset_file": str(self.file)}

    def line(self) -> str:
        x, y = self.value
        where = printable(str(self.file))
        return {"given": _("back offset {x},{y} mm: given with --back-offset, kept in {path} for later prints"),
                "kept": _("back offset {x},{y} mm: kept in {path} (--back-offset X,Y changes it)"),
                "none": _("back offset 0,0 mm: none kept yet (measure yours with `companion print calibration`, then "
                          "give --back-offset X,Y once)")}[self.source].format(x=f"{x:g}", y=f"{y:g}", path=where)


def back_offset(given: tuple[float, float] | None) -> BackOffset:
    """The given --back-offset, else the one kept in the settings folder, else 0,0."""
    from companion.sheets.calibration import kept_offset, offset_file
    from companion.sheets.layout import LayoutError

    if given is not None:
        return BackOffset(given, "given", offset_file())
    try:
        kept = kept_offset()
    except LayoutError as exc:
        raise Refused(str(exc)) from None
    return BackOffset(kept or (0.0, 0.0), "kept" if kept else "none", offset_file())


def output_options(command, a3: bool = False):
    """--paper, --format, -o, --force and --json, the same on every print command (checked as they are parsed)."""
    options = [
        click.option("--paper", default="a4", show_default=True, callback=_paper(a3),
                     help="a4, letter or a3" if a3 else "a4 or letter"),
        click.option("--format", "fmt", default="pdf", show_default=True, callback=_format,
                     help="pdf (one file) or svg (a folder)"),
        click.option("-o", "--output", default=None, help="file (pdf) or folder (svg) to write"),
        click.option("--force", is_flag=True, help="replace the file (or folder of pages) if it exists"),
        click.option("--json", "as_json", is_flag=True, help="machine-readable output"),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _export(ctx, param, fmt: str | None) -> str | None:
    if fmt is not None and fmt.lower() != "png":
        raise Refused(_("unknown export {export}; use png (one image per card side, for a print shop)").format(
            export=repr(fmt)))
    return fmt and fmt.lower()


EXPORT = click.option("--export", default=None, callback=_export, metavar="png",
                      help="png: a folder of one image per card side, sized for a print-on-demand service")
DPI = click.option("--dpi", type=int, default=None, help="pixels per inch of --export png  [default: 300]")
SHEET_ONLY = {"paper": "--paper", "fmt": "--format", "duplex": "--duplex", "offset": "--back-offset",
              "ink_saver": "--ink-saver", "fold": "--fold", "cutter": "--cutter"}


def export_png(ctx: click.Context, sides, default: str, bleed: float, dpi: int | None, output: str | None,
                force: bool, as_json: bool) -> None:
    """--export png: each card side an image in -o (else output/<default>-<dpi>dpi); sheet-only options refused."""
    from click.core import ParameterSource

    from companion.sheets.export import export

    for name, option in SHEET_ONLY.items():
        if ctx.get_parameter_source(name) not in (None, ParameterSource.DEFAULT):
            raise Refused(_("{option} is for printed sheets; --export png writes each card side as its own image: "
                            "leave {option} out").format(option=option))
    dpi = 300 if dpi is None else dpi
    if output is not None and not output.strip():
        raise Refused(_("-o needs a folder name for --export png"))
    path = Path(output) if output is not None else Path("output") / f"{default}-{dpi}dpi"
    write(lambda p: export(*sides, bleed, dpi, p, force), path, as_json)


def sheet_only(export: str | None, **given) -> None:
    """Refuse an export-only option (--dpi, or a counter's --bleed) on a printed sheet."""
    for option, value in given.items():
        if export is None and value is not None:
            raise Refused(_("{option} is for --export png; add --export png or leave {option} out").format(
                option=option))




INK_SAVER = click.option("--ink-saver", is_flag=True, help="outlines and patterns only: no tints or large fills")
BACK_OFFSET = click.option("--back-offset", "offset", default=None, callback=_offset, metavar="X,Y",
                           help="mm to move back pages, measured with `companion print calibration`; kept for later "
                                "prints  [default: the kept offset, else 0,0]")
