"""The standalone build (issue 8): build.spec names and collects the game's data, the icon files
are valid, and the smoke test the frozen app runs in CI works from source, from another working
directory, and fails loudly. The PyInstaller build itself runs in .ci/build_and_smoke.sh."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build.spec"


def _env() -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    return env


def test_spec_names_the_game_data_icon_version_and_onefile_switch():
    text = SPEC.read_text(encoding="utf-8")
    for name in ("maps/europe.json", "assets/theme.json", "assets/fonts", "assets/images/board.png",
                 "assets/images/icon.png", "assets/images/icon.ico", "assets/images/icon.icns",
                 "imperial_desktop/maps", "imperial_desktop/assets", "pygame_gui",
                 "tomllib", "pyproject.toml", "IMPERIAL_ONEFILE", "COLLECT", "BUNDLE", "tools\" / \"launcher.py"):
        assert name in text, name
    compile(text, str(SPEC), "exec")  # valid Python
    assert (ROOT / "tools" / "launcher.py").is_file()


class _Recorder:
    """Stands in for PyInstaller's Analysis / PYZ / EXE / COLLECT / BUNDLE."""

    made: list[tuple[str, tuple, dict]] = []

    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs
        _Recorder.made.append((type(self).__name__, args, kwargs))
        datas = kwargs.get("datas", [])
        self.datas = [(f"{dest}/{Path(src).name}", src, "DATA") for src, dest in datas]
        self.pure, self.scripts, self.binaries = [], [], []


def _exec_spec(monkeypatch, onefile: bool) -> dict:
    pytest.importorskip("PyInstaller", reason="the build extra is not installed")
    if onefile:
        monkeypatch.setenv("IMPERIAL_ONEFILE", "1")
    else:
        monkeypatch.delenv("IMPERIAL_ONEFILE", raising=False)
    _Recorder.made = []
    names = {n: type(n, (_Recorder,), {}) for n in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    spec_globals = {"SPECPATH": str(ROOT), "__file__": str(SPEC), "__name__": "__main__", **names}
    exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), spec_globals)
    spec_globals["_made"] = list(_Recorder.made)
    return spec_globals


def test_spec_collects_the_data_files_as_packages(monkeypatch):
    spec = _exec_spec(monkeypatch, onefile=False)
    with open(ROOT / "pyproject.toml", "rb") as handle:
        assert spec["VERSION"] == tomllib.load(handle)["project"]["version"]
    bundled = {f"{dest}/{Path(src).name}" for src, dest in spec["DATAS"]}
    for name in ("imperial_desktop/maps/__init__.py", "imperial_desktop/maps/europe.json",
                 "imperial_desktop/assets/__init__.py", "imperial_desktop/assets/theme.json",
                 "imperial_desktop/assets/fonts/DejaVuSans.ttf", "imperial_desktop/assets/fonts/DejaVuSans-Bold.ttf",
                 "imperial_desktop/assets/images/board.png", "imperial_desktop/assets/images/icon.png",
                 "pygame_gui/data/default_theme.json", "pygame_gui/data/NotoSans-Regular.ttf",
                 "pygame_gui/data/FiraCode-Regular.ttf", "pygame_gui/data/translations/pygame-gui.en.json"):
        assert name in bundled, name
    assert not any("NotoSansJP" in name for name in bundled)
    assert all((ROOT / src).exists() for src, _ in spec["DATAS"])  # (metadata may be a relative folder)
    kinds = [kind for kind, _, _ in spec["_made"]]
    assert kinds[:4] == ["Analysis", "PYZ", "EXE", "COLLECT"]
    analysis = spec["_made"][0]
    assert analysis[1][0][0].endswith("launcher.py")
    assert "imperial_desktop.ui.app" in analysis[2]["hiddenimports"]
    collect = spec["_made"][3]
    assert collect[2]["name"] == "imperial-desktop"


def test_spec_builds_one_file_on_request(monkeypatch):
    spec = _exec_spec(monkeypatch, onefile=True)
    kinds = [kind for kind, _, _ in spec["_made"]]
    assert "COLLECT" not in kinds
    exe = next(made for made in spec["_made"] if made[0] == "EXE")
    assert exe[2]["name"] == f"imperial-desktop-{spec['VERSION']}"
    assert len(exe[1]) >= 4  # pyz, scripts, binaries, datas all go into the one file


def test_icon_files_are_valid():
    pygame = pytest.importorskip("pygame")
    images = ROOT / "assets" / "images"
    icon = pygame.image.load(str(images / "icon.png"))
    assert icon.get_size() == (256, 256)
    assert icon.get_at((0, 0)).a == 0 and icon.get_at((128, 128)).a == 255  # transparent corners
    ico = (images / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", ico)
    assert (reserved, kind) == (0, 1) and count >= 4
    sizes = {struct.unpack_from("<B", ico, 6 + 16 * i)[0] or 256 for i in range(count)}
    assert {16, 32, 48, 256} <= sizes
    icns = (images / "icon.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)


def test_smoke_test_from_source_in_another_directory(tmp_path):
    shot = tmp_path / "shot.png"
    done = subprocess.run([sys.executable, "-m", "imperial_desktop", "--smoke-test", "--screenshot", str(shot),
                           "--frames", "5"], cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert shot.is_file() and shot.stat().st_size > 50_000
    assert "smoke test passed" in done.stdout


def test_smoke_test_exits_non_zero_on_error(tmp_path):
    done = subprocess.run([sys.executable, "-m", "imperial_desktop", "--smoke-test", "--frames", "1",
                           "--screenshot", str(tmp_path / "no" / "such" / "dir" / "shot.png")],
                          cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=300)
    # a screenshot path in a missing folder is a bad argument (issue 12): status 2, one line
    assert done.returncode == 2, done.stdout + done.stderr
    assert "--screenshot" in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_blank_screenshot_is_rejected(tmp_path):
    pygame = pytest.importorskip("pygame")
    from imperial_desktop.ui.smoke import check_screenshot

    blank = pygame.Surface((1600, 1000))
    blank.fill((70, 64, 56))
    pygame.image.save(blank, str(tmp_path / "blank.png"))
    assert "blank" in check_screenshot(str(tmp_path / "blank.png"))
    assert check_screenshot(str(tmp_path / "missing.png")).startswith("no screenshot")
