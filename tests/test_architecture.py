"""The shape of the code: layers that import only downward, no import circles (function-
local imports included), pure rules and AI, one record per game, and no list of games
anywhere but the catalogue."""
from __future__ import annotations

import ast
import dataclasses
import functools
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import catalogue
from game.content import howto, levels

GAME = Path(__file__).resolve().parent.parent / "game"
TESTS = Path(__file__).resolve().parent

#: the layers, lowest first: a module may import its own layer and the ones below. A layer is
#: named by its folders (and the few modules that stand at the top of ``game/``, listed in
#: TOP_LEVEL below); a new module goes into the folder of what it is.
LAYERS = [
    ("rules", ["game.rules"]),
    ("ai", ["game.ai"]),
    ("data and headless tools", ["game.i18n", "game.palette", "game.colour_vision", "game.catalogue",
                                 "game.match", "game.persistence", "game.content", "game.arcade",
                                 "game.protocol", "game.phones", "game.server", "game.online"]),
    ("ui", ["game.ui"]),
    ("scenes", ["game.scenes"]),
    ("app", ["game.app"]),
    ("navigation, CLI and tools", ["game.navigation", "game.cli", "game.textmode", "game.tools", "game"]),
]

#: the modules that stand at the top of ``game/`` rather than in a folder: the catalogue and the
#: match (what every layer above the AI reads), the words and the colours, the way in (``cli``,
#: ``navigation``, ``textmode``), and the public commands that keep their names (``python -m
#: game.arena``, ``game.bench``, ``game.engine``, ``game.gallery``), each a launcher of its tool
TOP_LEVEL = {"game.catalogue", "game.match", "game.i18n", "game.palette", "game.colour_vision", "game.cli",
             "game.navigation", "game.textmode", "game.arena", "game.bench", "game.engine", "game.gallery"}


def modules() -> dict[str, tuple[Path, bool]]:
    found = {}
    for path in GAME.rglob("*.py"):
        parts = list(path.relative_to(GAME.parent).with_suffix("").parts)
        package = parts[-1] == "__init__"
        if package:
            parts = parts[:-1]
        found[".".join(parts)] = (path, package)
    return found


def imported_from(name: str, package: bool, node: ast.ImportFrom) -> str:
    """The absolute module a ``from ... import`` in module ``name`` reads from."""
    if not node.level:
        return node.module or ""
    base = name.split(".") if package else name.split(".")[:-1]
    base = base[:len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(name: str, path: Path, package: bool, known: dict) -> set[str]:
    """Every module of ``game`` that ``name`` imports, anywhere in its body."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            target = imported_from(name, package, node)
            targets = [f"{target}.{a.name}" for a in node.names]
        for t in targets:
            while t not in known and "." in t:
                t = t.rsplit(".", 1)[0]
            if t in known and t != name:
                out.add(t)
    return out


@functools.lru_cache(maxsize=1)  # every test of the module reads the same graph: built once
def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports_of(name, path, package, known) for name, (path, package) in known.items()}


def layer_of(name: str) -> int:
    best, depth = -1, -1
    for k, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and len(prefix) > depth:
                best, depth = k, len(prefix)
    return best


def test_every_module_has_a_layer():
    assert [m for m in graph() if layer_of(m) < 0] == []


def test_game_folder_top_holds_only_what_stands_there():
    """Every other module lives in the folder of what it is, so that the folders show the layers;
    a module added at the top of ``game/`` is caught here."""
    flat = {m for m, (_, package) in modules().items() if m.count(".") == 1 and not package}
    assert flat - TOP_LEVEL == set()


def test_imports_go_only_down_the_layers():
    wrong = [f"{a} ({LAYERS[layer_of(a)][0]}) imports {b} ({LAYERS[layer_of(b)][0]})"
             for a, targets in graph().items() for b in targets if layer_of(b) > layer_of(a)]
    assert wrong == []


def strongly_connected(g: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm: the groups of modules that reach each other."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    groups = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in g[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            groups.append(group)

    for v in g:
        if v not in index:
            visit(v)
    return groups


def test_no_part_imports_a_part_that_imports_it_back():
    circles = [sorted(group) for group in strongly_connected(graph()) if len(group) > 1]
    assert circles == []


def test_the_cycle_finder_finds_a_circle():
    groups = strongly_connected({"a": {"b"}, "b": {"a"}, "c": {"a"}})
    assert sorted(map(sorted, groups)) == [["a", "b"], ["c"]]


def test_the_app_shell_knows_no_concrete_scene():
    """The app runs scenes through their interface; which ones is the navigator's."""
    shown = {b for a, targets in graph().items() if a.startswith("game.app") for b in targets
             if b.startswith("game.scenes")}
    assert shown <= {"game.scenes.base", "game.scenes.menus.seats"}


def imports_pygame(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
            if any(n.split(".")[0] == "pygame" for n in names):
                return True
    return False


@pytest.mark.parametrize("package", ["rules", "ai", "match.py", "server", "persistence", "content", "arcade",
                                     "protocol", "catalogue.py", "palette.py", "online"])
def test_rules_and_ai_stay_pure_python(package):
    """The rules, the computer and a game in progress (``Match``) run without a screen: the
    engine protocol, the arena and the game server hold them with no pygame; and so do the
    headless folders, what is kept on disk, the content and the arcade's records."""
    where = GAME / package
    for path in ([where] if where.is_file() else where.rglob("*.py")):
        assert not imports_pygame(path), f"{path.name} imports pygame"


#: what the game server (game/server/) may import of the game: the rules, the computer, the match
#: and the headless data it reads; never a screen (ui, scenes, app) nor anything that draws
SERVER_MAY_IMPORT = ("game.server", "game.rules", "game.ai", "game.match", "game.catalogue",
                     "game.content.levels", "game.content.records", "game.persistence.saves", "game.i18n",
                     "game.persistence.storage", "game.palette")


def server_trespasses(g: dict[str, set[str]]) -> list[str]:
    def within(name: str, prefixes: tuple[str, ...]) -> bool:
        return any(name == p or name.startswith(p + ".") for p in prefixes)

    return sorted(f"{a} imports {b}" for a, targets in g.items() if within(a, ("game.server",))
                  for b in targets if not within(b, SERVER_MAY_IMPORT))


def test_the_server_imports_only_the_headless_game():
    assert server_trespasses(graph()) == []
    assert any(a.startswith("game.server.") for a in graph())  # the check sees the server's modules


def test_the_server_check_catches_a_screen_imported():
    probe = {"game.server.app": {"game.match", "game.ui.theme"}, "game.server.cli": {"game.scenes.base"},
             "game.protocol.engine": {"game.ui.theme"}}
    assert server_trespasses(probe) == ["game.server.app imports game.ui.theme",
                                        "game.server.cli imports game.scenes.base"]


def test_the_sixth_games_rules_and_policy_stay_pure_python_too():
    """The test game keeps the layers as a shipped one must: its record, rules and policy
    (what the engine protocol loads) need no pygame; its kit, scene and how-to do."""
    sixth = TESTS / "sixth"
    pure = [sixth / name for name in ("__init__.py", "rules.py", "policy.py")]
    assert [p.name for p in pure if imports_pygame(p)] == []
    assert imports_pygame(sixth / "kit.py")  # the check sees an import of pygame


def test_one_record_per_game_names_each_of_its_parts():
    from game.scenes.base import named_class as _screen

    assert list(catalogue.RECORDS) == list(catalogue.GAME_IDS)
    for game_id, record in catalogue.RECORDS.items():
        assert record.rules.id == game_id and record.players == tuple(s.id for s in record.sides)
        assert _screen(record.scene).game_id == game_id
        # every game's pages are data, drawn by the one how-to screen with the kit
        assert isinstance(howto.load(game_id), tuple) and _screen(record.diagrams)
        assert (levels.data_dir(game_id) / game_id / f"{record.default_level}.json").is_file()
        assert record.policy.__name__ != "Policy" and set(record.policy.tuning) == {"easy", "medium", "hard"}


def private_rules_names_used(name: str, path: Path, package: bool, known: dict) -> list[str]:
    """``_private`` names of a rules module that module ``name`` reaches into."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    aliases: dict[str, str] = {}  # local name -> rules module
    used = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            target = imported_from(name, package, node)
            for a in node.names:
                full = f"{target}.{a.name}"
                if full in known and full.startswith("game.rules"):
                    aliases[a.asname or a.name] = full
                elif target.startswith("game.rules") and a.name.startswith("_"):
                    used.append(f"{target}.{a.name}")
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("game.rules") and a.asname:
                    aliases[a.asname] = a.name
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in aliases and node.attr.startswith("_")
                and not node.attr.startswith("__")):
            used.append(f"{aliases[node.value.id]}.{node.attr}")
    return used


def test_no_private_rules_name_is_used_outside_its_module():
    """The AI and the screens use the rules' public (documented, fast) API only."""
    known = modules()
    wrong = {name: used for name, (path, package) in known.items()
             if not name.startswith("game.rules")
             for used in [private_rules_names_used(name, path, package, known)] if used}
    assert wrong == {}


def test_the_private_name_finder_finds_one(tmp_path):
    known = modules()
    probe = tmp_path / "probe.py"
    probe.write_text("from ..rules import sparks as S\nfrom ..rules.order import _ways\nS._resolve()\n")
    assert sorted(private_rules_names_used("game.ai.probe", probe, False, known)) == [
        "game.rules.order._ways", "game.rules.sparks._resolve"]


#: the screens that show a game scene inside them, and the names they hold it by
HOSTS = ["replay", "lesson", "puzzle", "checklist", "demo"]
HELD_AS = {"game", "child"}


def _held_game(node: ast.AST) -> bool:
    """Whether ``node`` is a host's game scene: ``game``, ``child``, ``self.game``, ``self.child``."""
    if isinstance(node, ast.Name):
        return node.id in HELD_AS
    return (isinstance(node, ast.Attribute) and node.attr in HELD_AS and isinstance(node.value, ast.Name)
            and node.value.id == "self")


def host_trespasses(source: str) -> list[str]:
    """What a host does to its game scene other than through its methods and public reads:
    a field set (``game.x = ...``, ``game.buttons[k].y = ...``) or a private name read."""
    found = []
    for node in ast.walk(ast.parse(source)):
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for target in targets:
            base = target
            while isinstance(base, (ast.Attribute, ast.Subscript)) and not _held_game(base):
                base = base.value
            if _held_game(base) and base is not target:
                found.append(f"line {node.lineno}: sets {ast.unparse(target)}")
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and _held_game(node.value):
            found.append(f"line {node.lineno}: reads {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("host", HOSTS)
def test_hosts_drive_their_game_through_its_methods(host):
    """A replay, a lesson, a puzzle or the demo declares how its game is shown (``Hosting``)
    and then calls its methods (``hold``, ``judge``, ``quiet``, ``rewire``, ``commit``...):
    it never sets the scene's fields or reads its private ones."""
    assert host_trespasses((GAME / "scenes" / "hosts" / f"{host}.py").read_text(encoding="utf-8")) == []


def test_the_host_check_catches_a_host_setting_a_field():
    probe = ("class H:\n    def f(self):\n        self.game.banner_t = 0.0\n        game.frozen = True\n"
             "        self.game.buttons['menu'].on_click = None\n        x = self.game._panel\n"
             "        self.game.quiet()\n        n = len(self.game.history)\n")
    assert len(host_trespasses(probe)) == 4


# -- no list of games outside the catalogue ------------------------------------------------------
#: a literal collection naming this many games or more is a list of the games (a new game would
#: be missing from it); fewer are examples of one rule or another
LISTED = 3


def game_lists(path: Path, ids: set[str]) -> list[str]:
    """Literal lists, tuples, sets and dict keys in ``path`` that name ``LISTED`` or more of
    the games ``ids``: ``file:line [ids]``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            items = node.elts
        elif isinstance(node, ast.Dict):
            items = [k for k in node.keys if k is not None]
        else:
            continue
        named = {i.value for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)} & ids
        if len(named) >= LISTED:
            found.append((node.lineno, f"{path.name}:{node.lineno} {sorted(named)}"))
    return [hit for _line, hit in sorted(found)]


def test_no_list_of_games_but_the_catalogue():
    """Whatever lists or picks games reads ``catalogue.GAME_IDS`` (or asks each game's rules
    and record); a hard-coded list silently leaves a new game out (test_ai.py's did)."""
    ids = set(catalogue.GAME_IDS)
    paths = [p for root in (GAME, TESTS) for p in sorted(root.rglob("*.py")) if p != GAME / "catalogue.py"]
    assert len(paths) > 100
    assert [hit for p in paths for hit in game_lists(p, ids)] == []


def test_the_game_list_finder_finds_one(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text('GAMES = ("gauss", "rush", "sparks", "improbable", "order")\n'
                     '@pytest.mark.parametrize("g", ["rush", "improbable", "order"])\n'
                     'def test(g): pass\n'
                     'DEPTHS = {"gauss": 1, "rush": 2, "sparks": 3}\n'
                     'PAIR = ("gauss", "rush")\nWORDS = ["order", "rush", "hour"]\n')
    assert game_lists(probe, set(catalogue.GAME_IDS)) == [
        "probe.py:1 ['gauss', 'improbable', 'order', 'rush', 'sparks']",
        "probe.py:2 ['improbable', 'order', 'rush']", "probe.py:4 ['gauss', 'rush', 'sparks']"]


# -- a game registered from outside ------------------------------------------------------------
LATE = """
import sys
from game import catalogue  # read before the game is in
from game.arcade import fame, ladder
from game.content import lessons, levels, puzzles
from game.persistence import saves
import sixth
assert "corners" not in catalogue.GAME_IDS and not saves.FIELDS["game"][0].fits("corners")
sixth.register()
sixth.register()  # again: nothing changes
assert catalogue.GAME_IDS[-1] == "corners" and catalogue.GAME_IDS.count("corners") == 1
assert saves.FIELDS["game"][0].fits("corners") and levels.BUILTIN["corners"]["size"] == 4
assert levels.names("corners") == ["classic", "small"] and levels.load("corners", "small")["size"] == 3
assert lessons.load("corners") is not None and puzzles.load_all("corners") == []
row = {"initials": "ACE", "value": 5, "date": "2025-01-01"}
assert "corners" in fame._parse({"games": {"corners": {"margin": [row]}}})
assert "corners" in ladder._parse({"games": {"corners": {"beaten": ["easy"], "games": 1}}})
record = saves.Record("corners", "classic", 3, None, [{"cell": [0, 0]}])
assert saves.parse(record.to_json()).moves == [{"cell": [0, 0]}]
print("ok")
"""


def test_a_game_registered_after_the_modules_are_read_is_known_to_all_of_them():
    """Registration needs no order: the lists read the catalogue when they are used."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), str(GAME.parent)])}
    done = subprocess.run([sys.executable, "-c", LATE], capture_output=True, text=True, cwd=TESTS, env=env,
                          timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


def test_registering_another_game_under_a_known_id_is_refused():
    record = catalogue.get("corners")
    with pytest.raises(ValueError, match="registered already"):
        catalogue.register(dataclasses.replace(record, title="Another"))
    with pytest.raises(ValueError, match="names the rules"):
        catalogue.register(dataclasses.replace(record, id="elsewhere"))
    assert catalogue.GAME_IDS.count("corners") == 1 and "elsewhere" not in catalogue.RECORDS
