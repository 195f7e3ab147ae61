"""The game's translation catalogs: extract, update, compile and check them (babel's API).

    python tools/catalogs.py extract [--out DIR]         write <domain>.pot templates (default: a temp dir)
    python tools/catalogs.py update [--domain D ...]     merge new texts into every <lang>/<domain>.po
    python tools/catalogs.py compile [--out DIR]         .po -> .mo (next to the .po, or under DIR)
    python tools/catalogs.py check [--domain D ...]      untranslated, fuzzy, missing, placeholder mismatches
    python tools/catalogs.py lint                        player-visible literals not marked with _()

The source texts are English; ``imperial_desktop/locale/<lang>/LC_MESSAGES/<domain>.po`` hold the
translations. Which domain a text belongs to follows its source file (:func:`domain_of`). The
board files ``maps/*.json`` hold texts too, which the code translates by value (:func:`map_messages`).
setup.py and build.spec import this file by its path (it does not import the game), so that the
install, the editable install and the standalone build compile the catalogs the same way.
babel is needed at build time only; the game reads the ``.mo`` with the standard library.
"""

from __future__ import annotations

import argparse
import io
import json
import string
import sys
import tempfile
from pathlib import Path
from typing import Iterable, Iterator

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "imperial_desktop"
MAPS = ROOT / "maps"
LOCALE = PACKAGE / "locale"
LANGUAGES: tuple[str, ...] = ("de", "fr")  # English is the source language: no catalog
DOMAINS: tuple[str, ...] = ("game", "ui", "help", "tutorial")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
COMMENT_TAGS = ("Translators:",)
PROJECT = "imperial-desktop"


def domain_of(relative: str) -> str | None:
    """The catalog domain of a source file (path relative to the package, '/'-separated).

    None for files whose output players never see (command line, logging-only modules).
    """
    parts = relative.split("/")
    top, name = parts[0], parts[-1]
    if top in ("core", "ai", "session") or relative == "i18n.py":
        return "game"
    if top == "tutorial":
        return "tutorial"
    if top == "ui":
        if name.startswith(("rules_", "help_")) or name == "refusals.py":
            return "help"
        if name.startswith(("tutorial_", "coach")):
            return "tutorial"
        return "ui"
    return None


def source_files(domain: str | None = None) -> Iterator[tuple[Path, str]]:
    """(path, domain) of every Python source of the game, in a stable order."""
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if "__pycache__" in relative:
            continue
        found = domain_of(relative)
        if found is not None and (domain is None or found == domain):
            yield path, found


NATION_ABBREVIATION = "nation abbreviation"  # the context ui/panels.py translates a nation's code in


def map_messages(domain: str) -> Iterator[tuple[str, str | None, str, int, str]]:
    """(text, context, file, line, comment) of the board files' texts that the code translates by
    value: a nation's ``code`` (``ui``: ``pgettext("nation abbreviation", code)``) and the leads and
    texts of ``rules_notes`` (``help``: paragraphs of the rules reference). Region and nation names
    are not among them: each map file gives them per language itself."""
    for path in sorted(MAPS.glob("*.json")):
        text = path.read_text(encoding="utf-8")
        data = json.loads(text)
        relative = path.relative_to(ROOT).as_posix()

        def line_of(value: str) -> int:
            at = text.find(json.dumps(value, ensure_ascii=False))
            return text.count("\n", 0, at) + 1 if at >= 0 else 0

        if domain == "ui":
            for nation in data.get("nations", ()):
                yield (nation["code"], NATION_ABBREVIATION, relative, line_of(nation["code"]),
                       f"The abbreviation of {nation.get('name_en', nation['id'])} (at most three letters).")
        if domain == "help":
            for note in data.get("rules_notes", ()):
                for value in (note.get("lead", ""), note["text"]):
                    if value:
                        yield value, None, relative, line_of(value), f"A rules paragraph about the board of {relative}."


def _babel():
    try:
        from babel.messages import catalog, extract, mofile, pofile
    except ImportError as exc:  # pragma: no cover - a build without its build requirements
        raise SystemExit("the translation catalogs need babel at build time: pip install babel") from exc
    return catalog, extract, mofile, pofile


def extract(domain: str):
    """A babel Catalog (template) of every marked text of ``domain`` in the code."""
    catalog_mod, extract_mod, _mo, _po = _babel()
    template = catalog_mod.Catalog(domain=domain, project=PROJECT, fuzzy=False)
    for path, _domain in source_files(domain):
        relative = path.relative_to(ROOT).as_posix()
        with path.open("rb") as handle:
            for lineno, message, comments, context in extract_mod.extract(
                    "python", handle, keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True):
                template.add(message, None, [(relative, lineno)], auto_comments=comments, context=context)
    for message, context, relative, lineno, comment in map_messages(domain):
        template.add(message, None, [(relative, lineno)], auto_comments=[comment], context=context)
    return template


def po_path(language: str, domain: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{domain}.po"


def read_catalog(path: Path, language: str, domain: str):
    _c, _e, _mo, pofile = _babel()
    with path.open("rb") as handle:
        return pofile.read_po(handle, locale=language, domain=domain, abort_invalid=True)


def write_catalog(path: Path, catalog) -> None:
    _c, _e, _mo, pofile = _babel()
    buffer = io.BytesIO()
    pofile.write_po(buffer, catalog, width=100, ignore_obsolete=True, include_previous=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def write_templates(out: Path, domains: Iterable[str] = DOMAINS) -> list[Path]:
    _c, _e, _mo, pofile = _babel()
    written = []
    out.mkdir(parents=True, exist_ok=True)
    for domain in domains:
        path = out / f"{domain}.pot"
        with path.open("wb") as handle:
            pofile.write_po(handle, extract(domain), width=100)
        written.append(path)
    return written


def update(domains: Iterable[str] = DOMAINS, languages: Iterable[str] = LANGUAGES) -> list[Path]:
    """Merge the texts now in the code into every ``<lang>/<domain>.po``, keeping translations.

    New texts arrive untranslated; texts gone from the code are dropped.
    """
    catalog_mod, _e, _mo, _po = _babel()
    written = []
    for domain in domains:
        template = extract(domain)
        for language in languages:
            path = po_path(language, domain)
            if path.exists():
                catalog = read_catalog(path, language, domain)
            else:
                catalog = catalog_mod.Catalog(locale=language, domain=domain, project=PROJECT, fuzzy=False)
            catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
            write_catalog(path, catalog)
            written.append(path)
    return written


def compile_catalogs(source: Path = LOCALE, out: Path | None = None) -> list[Path]:
    """Compile every ``<lang>/LC_MESSAGES/<domain>.po`` under ``source`` to ``.mo``.

    The ``.mo`` go next to the ``.po``, or under ``out`` in the same layout. Fuzzy entries are
    left out (they would show a guess). Returns the written files.
    """
    _c, _e, mofile, _po = _babel()
    written = []
    for po in sorted(Path(source).glob("*/LC_MESSAGES/*.po")):
        language, domain = po.parent.parent.name, po.stem
        catalog = read_catalog(po, language, domain)
        target = (Path(out) / po.relative_to(source)).with_suffix(".mo") if out else po.with_suffix(".mo")
        target.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        mofile.write_mo(buffer, catalog, use_fuzzy=False)
        target.write_bytes(buffer.getvalue())
        written.append(target)
    return written


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a ``str.format`` text ('{{' escapes do not count)."""
    try:
        return {field for _lit, field, _spec, _conv in string.Formatter().parse(text) if field is not None}
    except ValueError:
        return {"<unbalanced braces>"}


def check_catalog(template, catalog, where: str) -> list[str]:
    """Problems of one translated catalog against the template of its domain."""
    problems = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        label = f"{where}: {message.id if isinstance(message.id, str) else message.id[0]!r}"
        if found is None:
            problems.append(f"{label}: missing")
            continue
        if found.fuzzy:
            problems.append(f"{label}: fuzzy")
        if message.pluralizable:
            forms = found.string if isinstance(found.string, (list, tuple)) else (found.string,)
            if len(forms) != catalog.num_plurals or not all(forms):
                problems.append(f"{label}: plural forms incomplete ({len([f for f in forms if f])}/{catalog.num_plurals})")
                continue
            allowed = placeholders(message.id[0]) | placeholders(message.id[1])
            if any(not placeholders(f) <= allowed for f in forms) or placeholders(forms[-1]) != placeholders(message.id[1]):
                problems.append(f"{label}: placeholders differ from the English text")
        else:
            if not found.string:
                problems.append(f"{label}: untranslated")
            elif placeholders(found.string) != placeholders(message.id):
                problems.append(f"{label}: placeholders {sorted(placeholders(found.string))} "
                                f"instead of {sorted(placeholders(message.id))}")
    return problems


def check(domains: Iterable[str] = DOMAINS, languages: Iterable[str] = LANGUAGES) -> list[str]:
    """Every problem of every catalog: missing, untranslated, fuzzy, placeholder mismatch."""
    problems = []
    for domain in domains:
        template = extract(domain)
        for language in languages:
            path = po_path(language, domain)
            if not path.exists():
                if len(template):
                    problems.append(f"{language}/{domain}.po: missing ({len(template)} texts to translate)")
                continue
            problems += check_catalog(template, read_catalog(path, language, domain), f"{language}/{domain}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/catalogs.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("extract", "update", "compile", "check", "lint"))
    parser.add_argument("--domain", action="append", choices=DOMAINS, help="only this domain (repeatable)")
    parser.add_argument("--language", action="append", choices=LANGUAGES, help="only this language (repeatable)")
    parser.add_argument("--out", type=Path, help="extract/compile: write here instead")
    args = parser.parse_args(argv)
    domains = tuple(args.domain or DOMAINS)
    languages = tuple(args.language or LANGUAGES)
    if args.command == "extract":
        out = args.out or Path(tempfile.mkdtemp(prefix="imperial-pot-"))
        for path in write_templates(out, domains):
            print(path)
    elif args.command == "update":
        for path in update(domains, languages):
            print(path)
    elif args.command == "compile":
        for path in compile_catalogs(LOCALE, args.out):
            print(path)
    elif args.command == "check":
        problems = check(domains, languages)
        print("\n".join(problems) or "catalogs complete")
        return 1 if problems else 0
    else:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from unmarked_text import scan_package

        found = scan_package(PACKAGE)
        for item in found:
            print(item)
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
