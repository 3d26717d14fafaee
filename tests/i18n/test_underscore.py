"""`_` translates: a scope that also binds `_` (`record, _ = ...`, `for _ in ...`) would call whatever it bound there
(a crash found in `snits play` against the computer), and ruff, which reads `_` as a throwaway, says nothing."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp, ast.SetComp, ast.DictComp,
          ast.GeneratorExp)


def uses(scope: ast.AST) -> tuple[list[int], list[int]]:
    """The lines where `scope` itself (not a scope inside it) binds `_`, and where it reads `_`."""
    bound, read = [], []
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        if isinstance(node, SCOPES):
            continue
        if isinstance(node, ast.Name) and node.id == "_":
            (bound if isinstance(node.ctx, ast.Store) else read).append(node.lineno)
        todo.extend(ast.iter_child_nodes(node))
    return bound, read


def rebinders(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for scope in [tree, *(n for n in ast.walk(tree) if isinstance(n, SCOPES))]:
        bound, read = uses(scope)
        if bound and read:
            found.append(f"{path.name}:{min(bound)} binds _ where it translates with _() ({min(read)})")
    return found


def test_no_scope_that_translates_rebinds_underscore():
    found = [line for folder in ("companion", "sheets", "benchmarks") for path in (ROOT / folder).rglob("*.py")
             for line in rebinders(path)]
    assert not found, found


def test_the_check_sees_a_rebinding_but_not_a_comprehension(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f(store):\n    record, _ = store.current()\n    return _('text')\n\n\n"
                      "def g(n):\n    return [_('x') for i in range(n)] + [0 for _ in range(n)]\n")
    assert rebinders(sample) == ["sample.py:2 binds _ where it translates with _() (3)"]
