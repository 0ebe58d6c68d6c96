"""The install's one build step beyond setuptools' own: every gettext catalogue compiled.

The repository holds the ``.po`` files (``rulesets/*/locale``, ``service/locale``); gettext reads
``.mo`` files, which this step compiles with Babel (a build requirement in ``pyproject.toml``)
whenever the package is built or installed: into the wheel for ``pip install .`` and the Docker
image, beside the ``.po`` (git ignores them) for ``pip install -e .``, whose package is the
checkout itself. After editing a ``.po`` in an editable checkout, ``python -m tools.i18n compile``
(or installing again) compiles it anew.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import Command, setup
from setuptools.command.build import build

ROOT = Path(__file__).resolve().parent


class build_mo(Command):
    description = "compile the gettext catalogues (.po -> .mo)"
    user_options: list = []
    editable_mode = False

    def initialize_options(self) -> None:
        self.build_lib = None
        self.outputs: list[str] = []

    def finalize_options(self) -> None:
        self.set_undefined_options("build_py", ("build_lib", "build_lib"))

    def run(self) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        target = ROOT if self.editable_mode else Path(self.build_lib)
        for package in ("rulesets", "service"):
            for po in sorted((ROOT / package).glob("**/locale/*/LC_MESSAGES/*.po")):
                mo = (target / po.relative_to(ROOT)).with_suffix(".mo")
                mo.parent.mkdir(parents=True, exist_ok=True)
                with po.open("rb") as source:
                    catalog = read_po(source)
                with mo.open("wb") as out:
                    write_mo(out, catalog, use_fuzzy=False)
                self.outputs.append(str(mo))

    def get_outputs(self) -> list[str]:
        return self.outputs

    def get_source_files(self) -> list[str]:
        return [po.relative_to(ROOT).as_posix() for package in ("rulesets", "service")
                for po in (ROOT / package).glob("**/locale/*/LC_MESSAGES/*.po")]

    def get_output_mapping(self) -> dict[str, str]:
        return {}


class build_with_catalogues(build):
    sub_commands = [*build.sub_commands, ("build_mo", None)]


setup(cmdclass={"build": build_with_catalogues, "build_mo": build_mo})
