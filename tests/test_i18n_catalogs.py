"""The translation catalogs are complete and the code marks every text a player sees (issue 14,
acceptance 2).

- every text marked in the code (all domains) has a German and a French translation: present,
  not empty, not fuzzy, the same ``{placeholders}`` as the English text, every plural form;
- the ``.po`` files parse, and the install compiled them: each ``.mo`` holds what its ``.po`` says;
- a static check (tools/unmarked_text.py) finds no player-visible literal without ``_()``, and it
  does find one planted in a sample source.
"""

from __future__ import annotations

import gettext
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(f"imperial_tool_{name}", ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


catalogs = _tool("catalogs")
unmarked = _tool("unmarked_text")


@pytest.fixture(scope="module")
def templates():
    """Every marked text of the code, by domain (extracted once: the slow part)."""
    return {domain: catalogs.extract(domain) for domain in catalogs.DOMAINS}


def test_the_code_marks_texts_in_every_domain(templates):
    counts = {domain: len(template) for domain, template in templates.items()}
    assert counts["game"] > 200, counts
    assert all(count > 0 for count in counts.values()), counts


@pytest.mark.parametrize("language", catalogs.LANGUAGES)
@pytest.mark.parametrize("domain", catalogs.DOMAINS)
def test_every_text_is_translated(templates, language, domain):
    """Present, translated, not fuzzy, same placeholders, every plural form."""
    path = catalogs.po_path(language, domain)
    assert path.is_file(), f"{path.relative_to(ROOT)} is missing: python tools/catalogs.py update --domain {domain}"
    problems = catalogs.check_catalog(templates[domain], catalogs.read_catalog(path, language, domain),
                                      f"{language}/{domain}")
    assert not problems, f"{len(problems)} problems, the first ones:\n" + "\n".join(problems[:25])


def test_the_check_finds_the_mistakes_it_is_for():
    from babel.messages.catalog import Catalog

    template = Catalog(domain="game")
    for text in ("{nation} builds", "untranslated", "fuzzy", "missing"):
        template.add(text)
    template.add(("{count} army", "{count} armies"))
    translated = Catalog(locale="de", domain="game")
    translated.add("{nation} builds", "{land} baut")  # a renamed placeholder
    translated.add("untranslated", "")
    translated.add("fuzzy", "unscharf", flags=("fuzzy",))
    translated.add(("{count} army", "{count} armies"), ("{count} Armee", ""))  # a plural form missing
    problems = "\n".join(catalogs.check_catalog(template, translated, "de/game"))
    for expected in ("'{nation} builds': placeholders", "'untranslated': untranslated", "'fuzzy': fuzzy",
                     "'missing': missing", "plural forms incomplete"):
        assert expected in problems, problems


@pytest.mark.parametrize("po", sorted(catalogs.LOCALE.glob("*/LC_MESSAGES/*.po")), ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_each_catalog_parses_and_was_compiled(po):
    """The install (setup.py build_catalogs) or ``tools/catalogs.py compile`` made the .mo, and
    it is up to date: every translation of the .po reads the same from the .mo."""
    language, domain = po.parent.parent.name, po.stem
    catalog = catalogs.read_catalog(po, language, domain)
    mo = po.with_suffix(".mo")
    assert mo.is_file(), f"{mo.relative_to(ROOT)} was not compiled: pip install -e . (or python tools/catalogs.py compile)"
    with mo.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    stale = []
    for message in catalog:
        if not message.id or message.fuzzy or not message.string:
            continue
        if message.pluralizable:
            if compiled.ngettext(message.id[0], message.id[1], 1) != message.string[0]:
                stale.append(message.id[0])
        else:
            key = message.id if message.context is None else f"{message.context}\x04{message.id}"
            if compiled._catalog.get(key) != message.string:
                stale.append(message.id)
    assert not stale, (f"{mo.relative_to(ROOT)} is older than its .po ({len(stale)} texts differ, e.g. {stale[0]!r}): "
                       "python tools/catalogs.py compile")


def test_no_player_visible_text_is_left_unmarked():
    findings = unmarked.scan_package(ROOT / "imperial_desktop")
    assert not findings, f"{len(findings)} unmarked texts:\n" + "\n".join(str(f) for f in findings[:40])


PLANTED = '''
from imperial_desktop.i18n import _, ngettext

def build(manager, rect, nation, n):
    ok = UIButton(rect, _("Start the game"), manager, tool_tip_text=_("Begin"))
    UIButton(rect, "Start the game", manager)
    UILabel(rect, text=f"{nation} has {n} armies", manager=manager)
    label.set_text("Your turn")
    Choice("Force the stop", action, _("a tip"))
    font.render("Final scores", True, colour)
    UIButton(rect, text="×", manager=manager)
    UIButton(rect, text=ngettext("{n} army", "{n} armies", n).format(n=n))
    window.show_message("{count}".format(count=n))
    headline = "Game over"
    debug = UILabel(rect, text="fps counter")  # i18n: not shown
    built = _(f"{nation} moves")

def describe(action):
    return "plain English"
'''


def test_the_static_check_finds_planted_unmarked_text():
    found = {(f.line, f.text) for f in unmarked.scan_source(PLANTED, "planted.py")}
    lines = PLANTED.splitlines()

    def line_of(fragment: str) -> int:
        return next(i for i, line in enumerate(lines, start=1) if fragment in line)

    expected = {
        (line_of('UIButton(rect, "Start the game"'), "Start the game"),
        (line_of("label.set_text"), "Your turn"),
        (line_of('Choice("Force the stop"'), "Force the stop"),
        (line_of('font.render('), "Final scores"),
        (line_of('headline ='), "Game over"),
        (line_of('return "plain English"'), "plain English"),
    }
    assert expected <= found, sorted(found)
    assert any(line == line_of("UILabel(rect, text=f") for line, _text in found)  # the f-string
    assert any(line == line_of('built = _(f"') for line, _text in found)  # translating a built text
    marked_lines = {line_of('ok = UIButton'), line_of('text="×"'), line_of("ngettext("), line_of("show_message"),
                    line_of("fps counter")}
    assert not {line for line, _text in found} & marked_lines, sorted(found)


def test_the_install_ships_every_package_and_the_catalogs():
    """pyproject.toml lists its packages by hand: a new one (the tutorial) must be there, and the
    package data must hold the catalogs, or `pip install .` would leave them out."""
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as handle:
        config = tomllib.load(handle)
    packages = set(config["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "imperial_desktop").rglob("__init__.py")
             if "__pycache__" not in p.parts}
    assert found <= packages, sorted(found - packages)
    data = config["tool"]["setuptools"]["package-data"]["imperial_desktop"]
    assert "locale/*/LC_MESSAGES/*.mo" in data and "locale/*/LC_MESSAGES/*.po" in data
    assert "babel" in " ".join(config["build-system"]["requires"])


def test_the_standalone_build_bundles_the_catalogs(monkeypatch):
    """build.spec compiles the catalogs into the bundle (run where PyInstaller is installed: the
    CI's build step; the frozen smoke test then runs once in German)."""
    from test_build_spec import _exec_spec

    spec = _exec_spec(monkeypatch, onefile=False)
    bundled = {f"{dest}/{Path(src).name}" for src, dest in spec["DATAS"]}
    for name in spec["REQUIRED_CATALOGS"]:
        assert f"imperial_desktop/locale/{name}" in bundled, name
    assert {"de/LC_MESSAGES/game.mo", "fr/LC_MESSAGES/game.mo", "de/LC_MESSAGES/ui.mo"} <= set(spec["REQUIRED_CATALOGS"])
