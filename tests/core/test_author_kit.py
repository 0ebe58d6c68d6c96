"""Guards on how the game packages use the author's kit.

(a) A game imports core only through ``rulesets.core`` (the author's kit, its ``__all__``) and
``rulesets.core.drawing`` (the picture kit, its ``__all__``) and ``rulesets.core.search`` (the bot's kit:
``sampling`` and ``value`` for a game's determinize and evaluate hooks, its ``__all__``), never another core submodule nor
``rulesets.core.host`` (the host's), and nothing else of ``rulesets`` but its own package: core's
modules can then move without breaking a game.

(b) No game orders a list by the random source itself (``.shuffle(``, ``.shuffled(``, ``.choice(``
on anything): the kit's ``shuffled()``, ``Deck`` and ``drawn_at_random`` are the way, so how chance
picks stays core's to decide (``rulesets.core.deck``).

Both fail until the game conversions land; the marks go once they have.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Iterator


ROOT = Path(__file__).resolve().parents[2] / "rulesets"
KIT_PACKAGES = {"core", "testing"}
#: What a game may import from core: the kit's faces, each with its own ``__all__``.
KIT_FACES = {"rulesets.core", "rulesets.core.drawing", "rulesets.core.search"}
CORE_MODULES = {path.stem for path in (ROOT / "core").glob("*.py")} - {"__init__"}
CHANCE_METHODS = {"shuffle", "shuffled", "choice"}


def _in_order(tree: ast.Module) -> list[ast.AST]:
    return sorted(ast.walk(tree), key=lambda node: (getattr(node, "lineno", 0), getattr(node, "col_offset", 0)))


def game_packages(root: Path = ROOT) -> list[Path]:
    return sorted(path for path in root.iterdir()
                  if path.is_dir() and (path / "__init__.py").exists() and path.name not in KIT_PACKAGES)


def _sources(package: Path) -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(package.rglob("*.py")):
        yield str(path.relative_to(package.parent)), ast.parse(path.read_text(), str(path))


def _absolute(module: str | None, level: int, package: list[str]) -> str:
    """The dotted name an import names, a relative one resolved from ``package`` (the importing module's)."""
    if level == 0:
        return module or ""
    base = package[: len(package) - (level - 1)]
    return ".".join([*base, *([module] if module else [])])


def forbidden_imports(tree: ast.Module, package: str, module_package: list[str]) -> Iterator[str]:
    """Every import in ``tree`` (a module of the game ``package``, in the package ``module_package``) that reaches
    into ``rulesets`` elsewhere than ``rulesets.core`` itself or the game's own package."""
    own = f"rulesets.{package}"
    for node in _in_order(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node.module, node.level, module_package)
            targets = [base]
            if base == "rulesets.core":  # ``from rulesets.core import deck`` is a submodule too
                targets += [f"{base}.{alias.name}" for alias in node.names if alias.name in CORE_MODULES]
        else:
            continue
        for target in targets:
            if target in KIT_FACES or target == own or target.startswith(own + "."):
                continue
            if target == "rulesets" or target.startswith("rulesets."):
                yield f"line {node.lineno}: {target}"


#: the name the contract gives a move policy's own ``random.Random`` (``random_action(state, player, rnd)``,
#: ``determinize(view, viewer, rnd)``): a bot's or a rollout's choices, handed in by the search or the
#: simulation, never the game's chance, which only core's decks draw.
POLICY_RANDOM = "rnd"


def chance_calls(tree: ast.Module) -> Iterator[str]:
    """Every ``<anything>.shuffle(`` / ``.shuffled(`` / ``.choice(`` call in ``tree``, but a policy's ``rnd``'s."""
    for node in _in_order(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in CHANCE_METHODS
                and not (isinstance(node.func.value, ast.Name) and node.func.value.id == POLICY_RANDOM)):
            yield f"line {node.lineno}: {ast.unparse(node.func)}("


def _package_of(relative: str) -> list[str]:
    """The dotted package a module file is in (a package's ``__init__`` is in the package itself)."""
    return ["rulesets", *Path(relative).with_suffix("").parts[:-1]]


def import_findings(root: Path = ROOT) -> list[str]:
    return [f"{where} {found}" for package in game_packages(root) for where, tree in _sources(package)
            for found in forbidden_imports(tree, package.name, _package_of(where))]


def chance_findings(root: Path = ROOT) -> list[str]:
    return [f"{where} {found}" for package in game_packages(root) for where, tree in _sources(package)
            for found in chance_calls(tree)]


# ---------------------------------------------------------------- the guards
def test_no_game_imports_a_core_submodule_or_the_host():
    assert import_findings() == []


def test_no_game_orders_a_list_by_the_random_source_itself():
    assert chance_findings() == []


# ---------------------------------------------------------------- the guards can fail
def test_there_are_game_packages_to_guard():
    names = {package.name for package in game_packages()}
    assert {"golden_city", "java", "kingdom_of_solomon", "mines_of_zavandor", "solenia"} <= names
    assert not names & KIT_PACKAGES


def _game(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in {"core/__init__.py": "", "core/deck.py": "", "core/host.py": "", **files}.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return tmp_path


def test_the_import_guard_finds_submodules_the_host_and_other_games_and_passes_the_kit(tmp_path):
    root = _game(tmp_path, {
        "toy/__init__.py": "from rulesets.core import Deck, shuffled\nfrom .rules import X\n",
        "toy/rules.py": "from ..core import Inventory\nfrom . import state\nfrom rulesets.toy.state import S\n",
        "toy/state.py": "from rulesets.core.deck import Deck\n",
        "toy/bad.py": ("import rulesets.core.host\nfrom ..core.deck import shuffled\nfrom rulesets.core import host\n"
                       "from rulesets.other import Y\nfrom rulesets.testing import Scenario\n"),
        "toy/sub/__init__.py": "from ...core import deck\nfrom .. import rules\n",
    })
    assert import_findings(root) == [
        "toy/bad.py line 1: rulesets.core.host", "toy/bad.py line 2: rulesets.core.deck",
        "toy/bad.py line 3: rulesets.core.host", "toy/bad.py line 4: rulesets.other",
        "toy/bad.py line 5: rulesets.testing",
        "toy/state.py line 1: rulesets.core.deck",
        "toy/sub/__init__.py line 1: rulesets.core.deck",
    ]


def test_the_chance_guard_finds_the_random_source_used_directly_and_passes_the_kit(tmp_path):
    root = _game(tmp_path, {
        "toy/__init__.py": "pile = shuffled(cards, rng)\ntile = drawn_at_random(bag, rng)\nDeck(p, rng).draw()\n",
        "toy/setup.py": ("chance.shuffle(pile)\nx = RandomSource(rng).shuffled(cards)\n"
                         "if True:\n    y = self.chance.choice(bag)\n"),
        "toy/legal.py": "def random_action(state, player, rnd):\n    return rnd.choice(menu)\n",
    })
    assert chance_findings(root) == ["toy/setup.py line 1: chance.shuffle(",
                                     "toy/setup.py line 2: RandomSource(rng).shuffled(",
                                     "toy/setup.py line 4: self.chance.choice("]


# ---------------------------------------------------------------- a refusal's words come from a catalogue
#: calls whose argument at (position, keyword) is words a client reads: it must be a phrase, never text written at
#: the call (a string or an f-string stays English in every language)
WORDED_ARGUMENTS = {"require": (1, "reason"), "state_refusal": (0, "reason"), "require_range": (4, "what"),
                    "Inventory": (0, "what")}
#: a game raises core's refusals through its catalogue or ``state_refusal``, never by building the error itself
BUILT_ERRORS = {"InvalidState", "InvalidAction", "IllegalAction", "InvalidSetup"}
#: where a game checks a posted state: any call there handed a sentence is words outside the catalogue
#: (a helper of the game's own that builds a refusal from it), but the catalogue's own declarations
STATE_CHECKS = "consistency.py"
DECLARING = {"phrase", "entry"}


def _called(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _is_text(node: ast.AST | None) -> bool:
    return (isinstance(node, ast.Constant) and isinstance(node.value, str)) or isinstance(node, ast.JoinedStr) \
        or (isinstance(node, ast.BinOp) and (_is_text(node.left) or _is_text(node.right)))


def _is_sentence(node: ast.AST) -> bool:
    """Text of three words or more written at the call (a JSON path or an id has no spaces)."""
    if not _is_text(node):
        return False
    words = "".join(part.value for part in ast.walk(node) if isinstance(part, ast.Constant) and isinstance(part.value, str))
    return words.count(" ") >= 2


def _declares(node: ast.Call) -> bool:
    """``phrase("name", "template")`` however the game spells its alias: a catalogue declaration, not words at
    a raise site (a name first, snake_case, then its template)."""
    first = node.args[0] if node.args else None
    return _called(node) in DECLARING or (isinstance(first, ast.Constant) and isinstance(first.value, str)
                                         and re.fullmatch(r"[a-z][a-z0-9_]*", first.value) is not None)


def written_texts(tree: ast.Module, state_checks: bool = False) -> Iterator[str]:
    """Every call in ``tree`` that words a refusal with text written at the call."""
    for node in _in_order(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _called(node)
        if name in BUILT_ERRORS:
            yield f"line {node.lineno}: {name}(...) built by hand"
        elif name in WORDED_ARGUMENTS:
            position, keyword = WORDED_ARGUMENTS[name]
            given = node.args[position] if len(node.args) > position else \
                next((k.value for k in node.keywords if k.arg == keyword), None)
            if _is_text(given):
                yield f"line {node.lineno}: {name}({ast.unparse(given)[:50]}"
        elif state_checks and not _declares(node) and not name.endswith("Error"):
            for given in [*node.args, *(k.value for k in node.keywords)]:
                if _is_sentence(given):
                    yield f"line {node.lineno}: {name}({ast.unparse(given)[:50]}"


def text_findings(root: Path = ROOT) -> list[str]:
    return [f"{where} {found}" for package in game_packages(root) for where, tree in _sources(package)
            for found in written_texts(tree, where.endswith(STATE_CHECKS))]


def test_no_game_words_a_refusal_at_the_raise_site():
    """Issue 25: every sentence a client reads comes from a catalogue (a phrase reads in the request's language);
    a state check, an inventory's name or an error raised with text written at the call would stay English."""
    assert text_findings() == []


def test_the_text_guard_finds_strings_and_f_strings_and_passes_phrases(tmp_path):
    root = _game(tmp_path, {
        "toy/__init__.py": "",
        "toy/consistency.py": ('require(ok, "Bad.", "$")\nrequire(ok, reason=f"Bad {x}.", path="$")\n'
                               'inv = Inventory("card", "T-1")\nraise InvalidState(detail, "$")\n'
                               'require(ok, BAD(x=x), "$")\ninv = Inventory(CARD(), "T-1")\n'
                               'raise state_refusal(BAD(x=x), "$")\n_bad(f"The {x} is not here.", "$")\n'
                               'at(f"$.players[{i}].hand", "$")\nBAD = refusals.phrase("bad", "The {x} is bad.")\n'
                               'WORSE = _STATE("worse", "The {x} is worse.")\n'),
        "toy/legal.py": '_bad(f"The {x} is not here.", "$")\n',
    })
    assert text_findings(root) == ["toy/consistency.py line 1: require('Bad.'",
                                   "toy/consistency.py line 2: require(f'Bad {x}.'",
                                   "toy/consistency.py line 3: Inventory('card'",
                                   "toy/consistency.py line 4: InvalidState(...) built by hand",
                                   "toy/consistency.py line 8: _bad(f'The {x} is not here.'"]
