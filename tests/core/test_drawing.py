"""Core's picture kit: a deterministic, self-contained SVG drawn from a seat's view only."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from rulesets import get_ruleset
from rulesets.core.drawing import Frame, Svg, element, frame_of, number, picture, rect, text, use
from rulesets.testing.pictures import game_vocabulary, structure_problems, unexplained


def test_numbers_are_written_without_exponents_or_trailing_zeros():
    assert [number(v) for v in (3, 2.5, 1 / 3, 1e-9, -0.001, 120.0)] == ["3", "2.5", "0.33", "0", "0", "120"]


def test_every_element_needs_a_class():
    with pytest.raises(ValueError):
        element("rect", "")


def test_text_and_attributes_are_escaped_once():
    svg = Svg(10, 10, title="a < b & c", desc='"q"', cls="picture")
    svg.add(text(0, 0, "<script>", "label", data_card='x"y'))
    root = ET.fromstring(svg.render().encode())
    said = [node.text for node in root.iter() if node.text]
    assert "<script>" in said and "a < b & c" in said
    assert not [node for node in root.iter() if node.tag.endswith("script")]


def test_a_shape_is_defined_once_and_reused():
    svg = Svg(10, 10, title="t", desc="d", cls="picture")
    svg.define("hex", rect(0, 0, 1, 1, "hex"))
    svg.define("hex", rect(0, 0, 1, 1, "hex"))
    with pytest.raises(ValueError):
        svg.define("hex", rect(0, 0, 2, 2, "hex"))
    svg.add(use("hex", 3, 4, "space"))
    assert svg.render().count('id="hex"') == 1


def test_size_scales_the_picture_not_the_drawing():
    svg = Svg(200, 100, title="t", desc="d", cls="picture")
    root = ET.fromstring(svg.render(size=400).encode())
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("400", "200", "0 0 200 100")


@pytest.mark.parametrize("game", ["java", "solenia", "golden_city", "kingdom_of_solomon", "mines_of_zavandor"])
def test_a_picture_is_the_same_bytes_for_the_same_view_and_is_well_formed(game):
    ruleset = get_ruleset(game)
    state = ruleset.setup(3, "drawing-seed", {})
    for seat in (0, 1, None):
        first, second = picture(ruleset, state, seat), picture(ruleset, state, seat)
        assert first == second
        assert structure_problems(first) == []
        assert unexplained(first, frame_of(ruleset, state, seat), *game_vocabulary(ruleset)) == []
    assert picture(ruleset, state, 0, theme="dark") != picture(ruleset, state, 0)


def test_the_structure_check_finds_scripts_fetches_and_unclassed_elements():
    bad = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" class="p" '
           'version="1.1" viewBox="0 0 1 1"><title class="t">t</title><desc class="d">d</desc>'
           '<script class="s">x</script><use class="u" xlink:href="http://evil/x.svg#a"/><rect/></svg>')
    problems = structure_problems(bad)
    assert any("<script>" in p for p in problems)
    assert any("refers outside" in p for p in problems)
    assert any("<rect> without a class" in p for p in problems)


def test_a_word_or_id_the_view_does_not_hold_is_unexplained():
    frame = Frame(game="g", title="Game", seat=0, view={"players": [{"hand": ["K1"]}, {"hand_count": 2}]},
                  status={"phase": "play", "round": 1, "active_players": [0]}, components={"cards": [
                      {"id": "K1", "name": "Gold of Ophir"}, {"id": "K2", "name": "Cedar Wood"}]})
    svg = Svg(10, 10, title="Game", desc="round 1", cls="picture")
    svg.add(text(0, 0, "Gold of Ophir", "card-name", data_card="K1"))
    svg.add(text(0, 0, "2", "count"))
    assert unexplained(svg.render(), frame) == []
    svg.add(text(0, 0, "Cedar Wood", "card-name", data_card="K2"))  # the other seat's card
    assert unexplained(svg.render(), frame) == ["data-card='K2'", "text 'cedar'", "text 'wood'"]
