"""Every word a player reads, in their language: standard gettext catalogues.

Strings are marked where they are written, with the standard markers, so that
``xgettext``/``pybabel`` (or ``python -m game.i18n extract``) find every one:

* ``_("Undo")``: translate now (at draw time: the language can change while the game runs);
* ``N_("Undo")``: mark only, for module-level constants; translate with ``_()`` where shown;
* ``ngettext("{n} stone", "{n} stones", n).format(n=n)``: counts, with the language's
  plural forms;
* ``pgettext("piece", "Surge")``: the same English word meaning different things.

Never build a message from pieces (``_("Blue") + _(" wins")``) and never translate an
f-string: write one whole sentence with named placeholders and ``.format()`` it after
translating, so a translator can move the words around.

The catalogues live in ``game/locale``: ``gauss-arcade.pot`` (the template, made by
``python -m game.i18n extract``) and one ``<language>.po`` per language. They are compiled
in memory at start (no build step, no ``.mo`` files to keep in step). English is the
source language and needs no catalogue. **Adding a language is adding one ``.po`` file**
(``msginit -i game/locale/gauss-arcade.pot -l fr -o game/locale/fr.po``, then translate);
it appears in Settings by itself (its name is its own ``Language-Name`` header).

The language follows the system's preferred locales (``pygame.system.get_pref_locales()``,
then ``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/``LANG``) unless the player chose one in
Settings (``settings.language``).
"""
from __future__ import annotations

import ast
import gettext
import io
import os
import struct
import sys
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

DOMAIN = "gauss-arcade"
SOURCE = "en"

#: every marker and the position of its arguments (xgettext's -k syntax: 1c = context)
KEYWORDS = {"_": ("msgid",), "N_": ("msgid",), "ngettext": ("msgid", "plural"),
            "pgettext": ("context", "msgid"), "npgettext": ("context", "msgid", "plural")}


# -- the markers ---------------------------------------------------------------------------------

_current: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE


def _(message: str) -> str:
    """``message`` in the current language."""
    return _current.gettext(message)


def N_(message: str) -> str:  # noqa: N802 (the standard marker's name)
    """Marks ``message`` for translation without translating it (module constants)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _current.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _current.npgettext(context, singular, plural, n)


def refusal(text: str) -> str:
    """A rules engine's refusal in the current language: a ``rules.core.Refusal`` is
    translated from its template (its values that are words of the game, e.g. a colour,
    are translated too); any other text as a whole message."""
    template = getattr(text, "template", None)
    if template is None:
        return _(text)
    values = {k: _said(v) for k, v in getattr(text, "values", {}).items()}
    try:
        return _(template).format(**values)
    except (KeyError, IndexError, ValueError):  # a broken translation: the English stands
        return str(text)


def _said(value: object) -> object:
    """A refusal's value in the current language: a refusal inside it as a refusal, a list of
    parts (``rules.core.Listed``) part by part, a word as a word; numbers as they are."""
    parts = getattr(value, "parts", None)
    if parts is not None:
        return str(getattr(value, "sep", ", ")).join(str(_said(part)) for part in parts)
    if getattr(value, "template", None) is not None:
        return refusal(value)  # type: ignore[arg-type]
    return _(value) if isinstance(value, str) else value


# -- the catalogues ------------------------------------------------------------------------------

def _locale_dir() -> Path | None:
    try:
        return Path(str(resources.files(__package__).joinpath("locale")))
    except (ModuleNotFoundError, TypeError):  # pragma: no cover - a frozen or odd install
        return None


def catalogue_path(language: str) -> Path | None:
    folder = _locale_dir()
    return folder / f"{language}.po" if folder is not None else None


def available() -> list[str]:
    """The languages a player can choose: English and every catalogue present."""
    folder = _locale_dir()
    found = sorted(p.stem for p in folder.glob("*.po")) if folder is not None and folder.is_dir() else []
    return [SOURCE, *[code for code in found if code != SOURCE]]


def language_name(language: str) -> str:
    """A language's name in itself ("Deutsch"), from its catalogue's ``Language-Name``."""
    if language == SOURCE:
        return "English"
    path = catalogue_path(language)
    try:
        entry = parse_po(path.read_text(encoding="utf-8")).get((None, "")) if path else None
        header = entry[1][0] if entry else ""
    except (OSError, ValueError):
        header = ""
    for line in header.splitlines():
        key, _sep, value = line.partition(":")
        if key.strip().lower() == "language-name" and value.strip():
            return value.strip()
    return language


def parse_po_ids(text: str) -> set[tuple[str | None, str]]:
    """Every entry of a ``.po`` or ``.pot`` file, translated or not: ``(context, msgid)``."""
    return set(parse_po(text, untranslated=True))


Entries = dict[tuple[str | None, str], tuple[str | None, list[str]]]


def parse_po(text: str, untranslated: bool = False) -> Entries:
    """A ``.po`` file's translated entries: ``(context, msgid) -> (msgid_plural, [msgstr,
    msgstr[1], ...])``. Fuzzy and untranslated entries are left out (the English shows)."""
    entries: Entries = {}
    fields: dict[str, str] = {}
    flags = {"fuzzy": False}
    current: list[str | None] = [None]

    def flush() -> None:
        if "msgid" in fields and (untranslated or not flags["fuzzy"]):
            forms = [fields[k] for k in sorted(k for k in fields if k.startswith("msgstr"))]
            if untranslated or (forms and all(forms)):
                entries[(fields.get("msgctxt"), fields["msgid"])] = (fields.get("msgid_plural"), forms)
        fields.clear()
        flags["fuzzy"] = False
        current[0] = None

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
            continue
        if line.startswith("#"):
            if any(k.startswith("msgstr") for k in fields):
                flush()
            if line.startswith("#,") and "fuzzy" in line:
                flags["fuzzy"] = True
            continue
        if line.startswith('"'):
            continued = current[0]
            if continued is None:
                raise ValueError(f"a string continues nothing: {raw!r}")
            fields[continued] += _unquote(line)
            continue
        keyword, _sep, rest = line.partition(" ")
        if not (keyword.startswith("msgstr[") or keyword in ("msgctxt", "msgid", "msgid_plural", "msgstr")):
            raise ValueError(f"not a .po line: {raw!r}")
        if keyword in ("msgctxt", "msgid") and any(k.startswith("msgstr") for k in fields):
            flush()
        key = "msgstr[0]" if keyword == "msgstr" else keyword
        fields[key] = _unquote(rest.strip())
        current[0] = key
    flush()
    return entries


def _unquote(token: str) -> str:
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise ValueError(f"not a quoted string: {token!r}")
    return ast.literal_eval(token)


def compile_mo(entries: Entries) -> bytes:
    """The ``.mo`` bytes of parsed entries (what ``msgfmt`` writes), for GNUTranslations."""
    pairs = []
    for (context, msgid), (plural, forms) in entries.items():
        key = msgid if context is None else f"{context}\x04{msgid}"
        if plural is not None:
            key += "\x00" + plural
        pairs.append((key.encode("utf-8"), "\x00".join(forms).encode("utf-8")))
    pairs.sort()
    n = len(pairs)
    keys_at = 7 * 4
    values_at = keys_at + n * 8
    data_at = values_at + n * 8
    blob = bytearray()
    key_table: list[bytes] = []
    value_table: list[bytes] = []
    for table, index in ((key_table, 0), (value_table, 1)):
        for pair in pairs:
            table.append(struct.pack("<2I", len(pair[index]), data_at + len(blob)))
            blob += pair[index] + b"\x00"
    head = struct.pack("<7I", 0x950412DE, 0, n, keys_at, values_at, 0, 0)
    return head + b"".join(key_table) + b"".join(value_table) + bytes(blob)


def load(language: str) -> gettext.NullTranslations:
    """The translations of ``language`` (English: none). A missing or broken catalogue
    gives English and a message on the log, never an error on the screen."""
    if language == SOURCE:
        return gettext.NullTranslations()
    path = catalogue_path(language)
    try:
        text = path.read_text(encoding="utf-8") if path is not None else ""
        return gettext.GNUTranslations(io.BytesIO(compile_mo(parse_po(text))))
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        print(f"gauss-arcade: the {language!r} translations could not be read ({exc}); "
              "English is shown.", file=sys.stderr)
        return gettext.NullTranslations()


# -- choosing the language -------------------------------------------------------------------------

def system_languages(environ: dict[str, str] | None = None, sdl: bool = True) -> list[str]:
    """The system's preferred languages, best first: SDL's list (unless ``sdl`` is False: the
    text mode never loads pygame), then the environment."""
    out: list[str] = []
    try:
        if not sdl:
            raise ImportError("the environment alone")
        import pygame

        for loc in pygame.system.get_pref_locales():
            out.append(str(loc.get("language", "")).lower())
    except Exception:  # noqa: BLE001 - no SDL, an old pygame: the environment decides
        pass
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        for part in value.split(":"):
            code = part.split(".")[0].split("@")[0].split("_")[0].lower()
            if code and code not in ("c", "posix"):
                out.append(code)
        if value and var != "LANGUAGE":
            break  # the first of LC_ALL, LC_MESSAGES, LANG that is set is the one in force
    return [code for code in out if code]


def preferred(candidates: Iterable[str], offered: list[str] | None = None) -> str:
    """The first of ``candidates`` there is a catalogue for, else English."""
    offered = available() if offered is None else offered
    for code in candidates:
        if code in offered:
            return code
        if code == SOURCE:
            return SOURCE
    return SOURCE


def set_language(choice: str | None, sdl: bool = True) -> str:
    """Switch every later ``_()`` to ``choice`` ("auto" or None: the system's; ``sdl``: ask
    SDL for it too, which loads pygame). Returns the language now in force."""
    global _current, _language
    offered = available()
    if not choice or choice == "auto" or choice not in offered:
        code = preferred(system_languages() if sdl else system_languages(sdl=False), offered)
    else:
        code = choice
    _current, _language = load(code), code
    return code


def language() -> str:
    """The language in force ("en", "de", ...)."""
    return _language


# -- the template --------------------------------------------------------------------------------

def extract(paths: Iterable[Path], root: Path) -> list[dict]:
    """Every marked string in ``paths`` (Python sources), in order of appearance, with
    where it is: what xgettext finds with the keywords of ``KEYWORDS``."""
    found: dict[tuple[str | None, str], dict] = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else (
                node.func.attr if isinstance(node.func, ast.Attribute) else None)
            roles = KEYWORDS.get(name or "")
            if roles is None or len(node.args) < len(roles):
                continue
            values = {}
            for role, arg in zip(roles, node.args, strict=False):
                if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                    break
                values[role] = arg.value
            else:
                key = (values.get("context"), values["msgid"])
                entry = found.setdefault(key, {"context": values.get("context"), "msgid": values["msgid"],
                                               "plural": values.get("plural"), "where": []})
                entry["where"].append(f"{path.relative_to(root).as_posix()}:{node.lineno}")
    return sorted(found.values(), key=lambda e: e["where"][0])


def level_titles(root: Path) -> list[dict]:
    """The shipped levels' and puzzles' titles ("Small", "Win in two moves"), the lessons' and
    the how-to pages' words: data, not code, shown translated (a player's own level's title is
    shown as written)."""
    import json

    found: dict[str, dict] = {}
    for path in sorted([*(root / "levels").glob("*/*.json"), *(root / "levels").glob("puzzles/*/*.json")]):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        texts = [data.get("title")]
        if path.parent.name == "lessons":  # a course: every step's words too
            texts += [step.get(key) for step in data.get("steps", []) if isinstance(step, dict)
                      for key in ("title", "prompt", "explain", "wrong")]
        if path.parent.name == "howto":  # how-to pages: their words, captions, tables and lines
            texts += howto_words(data)
        for text in texts:
            if isinstance(text, str) and text.strip() and not text[0].isdigit():
                entry = found.setdefault(text, {"context": None, "msgid": text, "plural": None, "where": []})
                entry["where"].append(path.relative_to(root).as_posix())
    return list(found.values())


def howto_words(data: dict) -> list:
    """The words of a how-to file (``game.content.howto``): each page's title and text, its boards'
    captions (one or a list of lines) and its asides' captions, notes, table cells, lines and
    legend words (not the legend's icon names)."""
    found: list = []
    for page in data.get("pages", []):
        if not isinstance(page, dict):
            continue
        found += [page.get("title"), page.get("text")]
        given = page.get("aside")
        asides = [a for a in (given if isinstance(given, list) else [given]) if isinstance(a, dict)]
        boards = [*page.get("diagrams", []), *(a.get("diagram") for a in asides)]
        for board in boards:
            caption = board.get("caption") if isinstance(board, dict) else None
            found += caption if isinstance(caption, list) else [caption]
        for aside in asides:
            found += [c for row in aside.get("table", []) if isinstance(row, list) for c in row]
            found += [w for row in aside.get("legend", []) if isinstance(row, list) for w in row[1:]]
            found += [*aside.get("lines", []), aside.get("caption"), aside.get("note")]
    return found


def sources(root: Path) -> list[Path]:
    """The files strings are taken from: the game's code and the command line."""
    files = sorted(p for p in (root / "game").rglob("*.py") if "__pycache__" not in p.parts)
    return [*files, root / "main.py"]


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + escaped.replace("\n", "\\n").replace("\t", "\\t") + '"'


def template(entries: list[dict]) -> str:
    """The ``.pot`` text of extracted entries."""
    out = ['# Gauss Arcade: the messages a player reads.',
           '# Made by "python -m game.i18n extract"; translate in game/locale/<language>.po.',
           'msgid ""', 'msgstr ""',
           '"Project-Id-Version: gauss-arcade\\n"',
           '"MIME-Version: 1.0\\n"',
           '"Content-Type: text/plain; charset=UTF-8\\n"',
           '"Content-Transfer-Encoding: 8bit\\n"',
           '"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"', '']
    for e in entries:
        out.extend(f"#: {w}" for w in e["where"])
        if "{" in e["msgid"]:
            out.append("#, python-brace-format")
        if e["context"] is not None:
            out.append(f"msgctxt {_quote(e['context'])}")
        out.append(f"msgid {_quote(e['msgid'])}")
        if e["plural"] is not None:
            out.append(f"msgid_plural {_quote(e['plural'])}")
            out.extend(['msgstr[0] ""', 'msgstr[1] ""'])
        else:
            out.append('msgstr ""')
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    root = Path(__file__).resolve().parent.parent
    if args[:1] != ["extract"]:
        print("usage: python -m game.i18n extract   (writes game/locale/gauss-arcade.pot)")
        return 2
    entries = extract(sources(root), root)
    known = {(e["context"], e["msgid"]) for e in entries}
    entries += [e for e in level_titles(root) if (None, e["msgid"]) not in known]
    target = root / "game" / "locale" / f"{DOMAIN}.pot"
    target.parent.mkdir(exist_ok=True)
    target.write_text(template(entries), encoding="utf-8")
    print(f"{len(entries)} messages -> {target.relative_to(root)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
