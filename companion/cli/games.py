"""`companion games`: list the saved games, and delete, rename, archive or unarchive one."""
from __future__ import annotations

import click

from companion.cli.commands import LaterGroup, completes
from companion.cli.language import confirm
from companion.cli.output import emit
from companion.core.language import N_, _, ngettext
from companion.shared.session import Refused, open_store
from companion.store.db import Store


@click.group(cls=LaterGroup, invoke_without_command=True)  # its commands' help in the language spoken
@click.option("--all", "everything", is_flag=True, help="archived games too")
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
@click.pass_context
def games(ctx, everything, as_json):
    """List saved games, most recent first; a damaged game is named on its line and the others stay usable.

    Archived games are listed with --all only, and are never the default game of a command.
    """
    if ctx.invoked_subcommand:
        return
    store = open_store()
    try:
        with store.reading():  # a rename or delete by another command waits: every listed game is there
            archived = set(store.ids(archived=True))
            rows = [dict(listed(store, game_id), archived=game_id in archived)
                    for game_id in store.ids(archived=None if everything else False)]
    finally:
        store.close()
    text = "\n".join(f"{r['id']:<12} {r['updated'] or '?':<17} {r['summary'] or r['problem']}"
                     + (_(" (archived)") if r["archived"] else "") for r in rows)
    if not rows:
        text = (_("no saved games yet; start one with `companion sssnake new --players Ann,Bob`") if not archived
                else ngettext("no saved games outside the archive; `companion games --all` lists the {n} archived",
                              "no saved games outside the archive; `companion games --all` lists the {n} archived",
                              len(archived)).format(n=len(archived)))
    emit(as_json, rows, text)


def listed(store: Store, game_id: str) -> dict:
    """One game's row for `games`: its summary, or what keeps this companion from opening it."""
    from companion.core.games import engine
    from companion.shared.session import reading
    from companion.store.db import Unreadable

    try:
        record = store.load(game_id)
        found = reading(record)
    except Unreadable as exc:
        return {"id": game_id, "kind": None, "updated": None, "rules_version": None, "actions": None,
                "summary": None, "problem": exc.why}
    return {"id": record.id, "kind": record.kind, "updated": record.updated[:16].replace("T", " "),
            "rules_version": record.rules_version, "actions": found.length,
            "summary": engine(record.kind).describe(found.state), "problem": None}


def manage(game_id: str, yes: bool, verb: str, check, change, question: str) -> None:
    """Check, show the game and ask (unless --yes), check again and change in one transaction; `check(store)`
    refuses what cannot be done, and a refusal changes nothing."""
    store = open_store()
    try:
        check(store)
        if not yes:
            row = listed(store, game_id)
            click.echo(f"{game_id}: {row['summary'] or row['problem']}")
            ask(question, game_id, verb)
        with store.transaction():
            check(store)
            change(store)
    finally:
        store.close()


def ask(question: str, game_id: str, verb: str) -> None:
    """A yes-or-no question; anything but yes (or no one there to answer) refuses in one line."""
    try:
        agreed = confirm(question, default=False)
    except click.Abort:  # end of input: a script without --yes
        raise Refused(_("{game} not {done}: nobody answered the question; add --yes in a script").format(
            game=game_id, done=_(verb))) from None
    if not agreed:
        raise Refused(_("{game} not {done}: the answer was no (it stays as it was)").format(game=game_id, done=_(verb)))


def again() -> bool:
    """`play`, as a game ends: the same game once more? (no, or nobody there to answer: the loop ends)."""
    try:
        return confirm("\n" + _("Another game with the same setup?"), default=False)
    except click.Abort:  # end of input, Ctrl-C, Ctrl-D
        return False


def saved(game_id: str, archived: bool | None = None):
    """A check that the game exists (and is, or is not, archived), naming what would be right."""
    def check(store: Store) -> None:
        if game_id not in store.ids():
            raise Refused(_("no saved game {game}; `companion games --all` lists every id").format(game=repr(game_id)))
        if archived is not None and (game_id in store.ids(archived=True)) != archived:
            raise Refused((_("{game} is not archived; nothing to bring back") if archived else
                           _("{game} is already archived; `companion games unarchive {game}` brings it back"))
                          .format(game=game_id))

    return check


id_argument = click.argument("game_id", metavar="ID", shell_complete=completes(None, "game"))
yes_option = click.option("--yes", is_flag=True, help="do not ask first (for scripts)")


@games.command()
@id_argument
@yes_option
def delete(game_id, yes):
    """Delete a game for good, with all its actions."""
    manage(game_id, yes, N_("deleted"), saved(game_id), lambda store: store.delete(game_id),
           _("Delete it for good, with all its actions?"))
    click.echo(_("deleted {game}").format(game=game_id))


@games.command()
@id_argument
@click.argument("new_id", metavar="NEW")
@yes_option
def rename(game_id, new_id, yes):
    """Give a game a new id; its actions and place stay."""
    from companion.core.games import GAME_ID

    exists = saved(game_id)

    def check(store: Store) -> None:
        exists(store)
        if not GAME_ID.fullmatch(new_id):
            raise Refused(_("{new} is not a game id: lower-case letters, digits and '-', starting with a letter "
                            "or digit, at most 40 (like fjord-night)").format(new=repr(new_id)))
        if new_id in store.ids():
            raise Refused((_("{new} is taken already by this game; choose an id `companion games --all` does not list")
                           if new_id == game_id else
                           _("{new} is taken; choose an id `companion games --all` does not list")).format(new=new_id))

    manage(game_id, yes, N_("renamed"), check, lambda store: store.rename(game_id, new_id),
           _("Rename it to {new}?").format(new=new_id))
    click.echo(_("renamed {game} to {new}").format(game=game_id, new=new_id))


def archiving(name: str, into: bool, doc: str, question: str, done: str) -> None:
    """Register `archive` (into the archive) or `unarchive` (out of it); the question and the line printed after
    (marked N_) may name the game as {id}."""
    def command(game_id, yes):
        done_word = N_("archived") if into else N_("unarchived")
        manage(game_id, yes, done_word, saved(game_id, archived=not into), lambda store: store.archive(game_id, into),
               _(question).format(id=game_id))
        click.echo(_(done).format(id=game_id))

    command.__doc__ = doc
    games.command(name)(id_argument(yes_option(command)))


archiving("archive", True, "Hide a game: listed with --all only, never the default game.",
          N_("Archive it? (`companion games unarchive {id}` brings it back)"),
          N_("archived {id}; `companion games --all` lists it"))
archiving("unarchive", False, "Bring an archived game back into the list (and the defaults).",
          N_("Bring it back from the archive?"), N_("unarchived {id}"))
