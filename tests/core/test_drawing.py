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


def test_a_group_written_open_takes_more_children_between_its_start_and_its_end():
    from rulesets.core.drawing import group, written, written_open

    item = group("space", data_space="a<b")
    item.add(rect(0, 0, 1, 1, "shape"))
    start, end = written_open(item)
    item.add(text(1, 2, "post", "label"))
    assert start + text(1, 2, "post", "label") + end == written(item)
    assert "".join(written_open(group("empty"))) == '<g class="empty"></g>'


def test_served_components_are_a_key_only_to_themselves():
    from rulesets.core.drawing import served

    components = {"cards": [{"id": "K1", "name": "Gold of Ophir"}]}
    assert served(components) is served(components)
    assert served(components) is not served({"cards": [{"id": "K1", "name": "Gold of Ophir"}]})


def _seeded_positions(ruleset, players, count):
    from rulesets.testing.playout import random_playout

    actions = random_playout(ruleset, players, "drawn-once", sample_legal=0, nudges=0).actions
    state, positions = ruleset.setup(players, "drawn-once"), []
    every = max(1, len(actions) // count)
    for step, action in enumerate(actions, 1):
        state, _ = ruleset.apply(state, action)
        if step % every == 0:
            positions.append((state, action))
    return positions


@pytest.mark.parametrize("game", ["java", "solenia", "golden_city", "kingdom_of_solomon", "mines_of_zavandor"])
def test_a_picture_drawn_after_others_is_the_picture_drawn_in_a_fresh_process(game):
    """What the kit draws once (a board's print, a space's look) is keyed by all it is drawn from: a position's
    picture is the same bytes whether the caches are empty or full of other positions' fragments."""
    from rulesets.core.drawing.once import forget_drawn

    ruleset = get_ruleset(game)
    wanted = [(state, action, seat, theme) for state, action in _seeded_positions(ruleset, 3, 8)
              for seat, theme in ((0, "light"), (1, "dark"), (None, "light"))]
    fresh = []
    for state, action, seat, theme in wanted:
        forget_drawn()
        fresh.append(picture(ruleset, state, seat, theme=theme, last_action=action))
    forget_drawn()
    for state, action, seat, theme in reversed(wanted):  # warm the caches with every other position first
        picture(ruleset, state, seat, theme=theme, last_action=action)
    again = [picture(ruleset, state, seat, theme=theme, last_action=action) for state, action, seat, theme in wanted]
    assert [i for i, (a, b) in enumerate(zip(fresh, again)) if a != b] == []
