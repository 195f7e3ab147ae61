"""Build step of the install: compile the translation catalogs (.po -> .mo).

Everything else is declared in pyproject.toml. The compile function lives in tools/catalogs.py
(loaded by its path: it needs babel, a build requirement, but not the game), shared with
build.spec so that the install and the standalone build compile the catalogs the same way.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from setuptools import Command, setup
from setuptools.command.build import build

HERE = Path(__file__).resolve().parent
SOURCE = Path("imperial_desktop") / "locale"  # relative: setuptools wants relative paths in outputs


def _catalogs_tool():
    spec = importlib.util.spec_from_file_location("imperial_catalogs", HERE / "tools" / "catalogs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class build_catalogs(Command):
    """Compile imperial_desktop/locale/*/LC_MESSAGES/*.po into .mo.

    A normal build writes them into the build output (the wheel); an editable install
    (``editable_mode``, set by setuptools for PEP 660 builds) writes them next to the .po in
    the source tree, where the editable package reads them (they are git-ignored).
    """

    description = "compile the gettext catalogs"
    user_options: list = []

    def initialize_options(self) -> None:
        self.build_lib = None
        self.editable_mode = False

    def finalize_options(self) -> None:
        self.set_undefined_options("build_py", ("build_lib", "build_lib"))

    def _target_root(self) -> Path:
        """Where the .mo go, relative to the project folder (setuptools runs in it)."""
        return SOURCE if self.editable_mode else Path(self.build_lib) / SOURCE

    def _pairs(self) -> list[tuple[str, str]]:
        """(.po in the source tree, .mo it becomes), as relative '/'-separated paths."""
        root = self._target_root()
        return [((SOURCE / rel).as_posix(), (root / rel).with_suffix(".mo").as_posix())
                for rel in (po.relative_to(HERE / SOURCE) for po in sorted((HERE / SOURCE).glob("*/LC_MESSAGES/*.po")))]

    def run(self) -> None:
        target = self._target_root()
        written = _catalogs_tool().compile_catalogs(HERE / SOURCE, target if target.is_absolute() else HERE / target)
        for path in written:
            self.announce(f"compiled {path}", level=2)

    # the SubCommand protocol (setuptools.command.build) for editable installs
    def get_source_files(self) -> list[str]:
        return [po for po, _mo in self._pairs()]

    def get_outputs(self) -> list[str]:
        return [mo for _po, mo in self._pairs()]

    def get_output_mapping(self) -> dict[str, str]:
        return {mo: po for po, mo in self._pairs()}


class build_with_catalogs(build):
    sub_commands = build.sub_commands + [("build_catalogs", None)]


setup(cmdclass={"build": build_with_catalogs, "build_catalogs": build_catalogs})
