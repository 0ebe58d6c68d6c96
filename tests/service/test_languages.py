"""Refusals a player understands (issue 25), through the HTTP surface: ``Accept-Language`` picks
English or Simplified Chinese for every text the API answers, ``Content-Language`` and ``Vary`` say
so, a pseudo-locale shows that no text reaches a client outside the catalogues, and a seeded battery
of nudged illegal actions answers in both languages with the same code, rule, ``explain`` and
``nearest`` (whose entries ``apply`` accepts)."""

from __future__ import annotations

import random
import re
from typing import Any, Iterator

import pytest
import yaml

from rulesets.core import catalogues, translation
from rulesets.core.host import RulesetError
from rulesets.core.refusals import CORE_PHRASES
from rulesets.testing.playout import nudged_actions
from service import create_app
from service.problems import problem_response
from service.refusals import refusal_problem
from tools import i18n

GAMES = sorted(ruleset.id for ruleset in i18n.shipped_rulesets())
ZH = {"Accept-Language": "zh-Hans"}
EN = {"Accept-Language": "en"}
CJK = re.compile(r"[\u4e00-\u9fff]")
#: A text that is one identifier (an ASSUMED stand-in's name such as ``good_a``) may stay as it is.
IDENTIFIER = re.compile(r"[\w.\-]+")
PSEUDO = "en_XA"
OPEN, CLOSE = "\u27e6", "\u27e7"


@pytest.fixture(scope="module")
def app(card_nim):
    return create_app({"TESTING": True, "LOG_LEVEL": "WARNING", "REDIS_URL": None})


@pytest.fixture
def client(app):
    return app.test_client()


def chinese_text(text: str) -> bool:
    return bool(CJK.search(text) or IDENTIFIER.fullmatch(text))


def rulesets_by_id() -> dict[str, Any]:
    return {ruleset.id: ruleset for ruleset in i18n.shipped_rulesets()}


# ---------------------------------------------------------------- negotiation and headers
@pytest.mark.parametrize("header, language", [
    (None, "en"), ("en", "en"), ("en-GB", "en"), ("fr", "en"), ("de, fr;q=0.5", "en"), ("*", "en"),
    ("zh", "zh-Hans"), ("zh-CN", "zh-Hans"), ("zh-SG", "zh-Hans"), ("zh-Hans", "zh-Hans"),
    ("zh-Hans-CN", "zh-Hans"), ("ZH-hans-sg", "zh-Hans"), ("zh_CN", "zh-Hans"),
    ("zh-TW", "en"), ("zh-Hant", "en"), ("zh-HK", "en"),  # Traditional Chinese is not served: English
    ("en;q=0.4, zh-CN;q=0.8", "zh-Hans"), ("zh;q=0.3, en;q=0.9", "en"), ("zh;q=0, fr", "en"),
    ("fr, zh-CN;q=0.2", "zh-Hans"), ("zh-TW, zh-CN;q=0.5", "zh-Hans"),
])
def test_accept_language_picks_the_language_and_content_language_says_it(client, header, language):
    response = client.get("/v1/games", headers={"Accept-Language": header} if header else {})
    assert response.status_code == 200
    assert response.headers["Content-Language"] == language
    assert "Accept-Language" in [v.strip() for v in response.headers["Vary"].split(",")]


def test_every_kind_of_answer_says_its_language_and_varies_by_it(client):
    answers = [client.get("/v1/games/solenia", headers=ZH), client.get("/v1/games/nope", headers=ZH),
               client.get("/healthz", headers=ZH), client.post("/v1/games/solenia/setup", json={"players": 9}, headers=ZH),
               client.get("/v1/sessions/unknown", headers=ZH)]
    for response in answers:
        assert response.headers["Content-Language"] == "zh-Hans", response.request.path
        assert "Accept-Language" in response.headers["Vary"]
    assert answers[1].status_code == 404 and answers[1].json["title"] == "未知游戏"
    assert answers[1].json["code"] == "unknown_game"  # machine fields stay


def test_sessions_answers_keep_varying_by_authorization_too(client):
    response = client.get("/v1/sessions/unknown", headers=ZH)
    varies = {v.strip() for v in response.headers["Vary"].split(",")}
    assert {"Authorization", "Accept-Language"} <= varies


# ---------------------------------------------------------------- texts in Chinese
@pytest.mark.parametrize("game", GAMES)
def test_metadata_in_chinese_translates_texts_and_keeps_machine_fields(client, game):
    english = client.get(f"/v1/games/{game}", headers=EN).json
    chinese = client.get(f"/v1/games/{game}", headers=ZH).json
    assert [r["id"] for r in chinese["rules"]] == [r["id"] for r in english["rules"]]
    assert [e["code"] for e in chinese["errors"]] == [e["code"] for e in english["errors"]]
    assert [(e["rules"], e["status"]) for e in chinese["errors"]] == [(e["rules"], e["status"]) for e in english["errors"]]
    assert [(o["name"], o["default"], o.get("choices")) for o in chinese["options"]] == \
        [(o["name"], o["default"], o.get("choices")) for o in english["options"]]
    assert chinese["actions"] == english["actions"] and chinese["id"] == english["id"]
    for rule in chinese["rules"]:
        assert chinese_text(rule["title"]) and chinese_text(rule["text"]), rule["id"]
    for option in chinese["options"]:
        assert chinese_text(option["description"]), option["name"]
    for zh, en in zip(chinese["errors"], english["errors"]):
        assert catalogues.placeholders(zh["message"]) == catalogues.placeholders(en["message"]), zh["code"]
    assert chinese["notes"]["assumed"] == english["notes"]["assumed"]  # JSON paths, not prose


@pytest.mark.parametrize("game", GAMES)
def test_components_names_in_chinese_with_their_own_tag(client, game):
    english = client.get(f"/v1/games/{game}/components", headers=EN)
    chinese = client.get(f"/v1/games/{game}/components", headers=ZH)
    assert chinese.headers["ETag"] != english.headers["ETag"]
    names = list(_component_texts(chinese.json))
    assert names and all(map(chinese_text, names)), [n for n in names if not chinese_text(n)][:5]
    again = client.get(f"/v1/games/{game}/components", headers={**ZH, "If-None-Match": chinese.headers["ETag"]})
    assert again.status_code == 304
    assert client.get(f"/v1/games/{game}/components",
                      headers={**EN, "If-None-Match": chinese.headers["ETag"]}).status_code == 200


def _component_texts(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("name", "text") and isinstance(value, str):
                yield value
            else:
                yield from _component_texts(value)
    elif isinstance(node, list):
        for item in node:
            yield from _component_texts(item)


# ---------------------------------------------------------------- every code of every game
def _entries(game: str) -> Iterator[tuple[Any, str | None]]:
    for entry, rules in rulesets_by_id()[game].refusal_catalogue():
        yield entry, (rules[0] if rules else ("X-1" if entry.any_rule else None))


def _answer(app: Any, refusal: RulesetError, headers: dict[str, str]) -> dict[str, Any]:
    with app.test_request_context("/v1/games", headers=headers):
        response = problem_response(refusal_problem(refusal))
        assert response.headers.get("Content-Language") is None  # set by the after-request hook, not here
        import orjson

        return orjson.loads(response.get_data())


@pytest.mark.parametrize("game", GAMES)
def test_each_refusal_code_of_each_game_answers_in_both_languages(app, game):
    """Each catalogue entry, raised with marked values, reads English and Chinese with those values."""
    for entry, rule in _entries(game):
        values = {name: f"<{name}:7>" for name in entry.placeholders}
        refusal = entry(rule, **values) if rule is None or entry.any_rule or len(entry.rules) > 1 \
            else entry(**values)
        english, chinese = _answer(app, refusal, EN), _answer(app, refusal, ZH)
        assert (chinese["code"], chinese.get("rule"), chinese["status"]) == \
            (english["code"], english.get("rule"), english["status"])
        assert english["detail"] == refusal.detail
        assert all(value in chinese["detail"] for value in values.values()), (entry.code, chinese["detail"])
        if entry.message.strip("{}") not in entry.placeholders:
            assert CJK.search(chinese["detail"]), (entry.code, chinese["detail"])
        assert CJK.search(chinese["title"]), chinese["title"]


# ---------------------------------------------------------------- a battery of nudged illegal actions
def _battery(client: Any, game: str, seed: str, steps: int, nudges: int) -> Iterator[tuple[dict, dict]]:
    """(state, nudged action) pairs from a seeded game played through the API."""
    chooser = random.Random(f"{game}/{seed}")
    ruleset = rulesets_by_id()[game]
    players = 3 if ruleset.min_players <= 3 <= ruleset.max_players else ruleset.min_players
    answer = client.post(f"/v1/games/{game}/setup", json={"players": players, "seed": seed}).json
    state, status = answer["state"], answer["status"]
    for _ in range(steps):
        if status["game_over"]:
            return
        seat = chooser.choice(status["active_players"])
        legal = client.post(f"/v1/games/{game}/legal-actions", json={"state": state, "player": seat}).json["actions"]
        if not legal:
            return
        chosen = chooser.choice(legal)
        near_misses = list(nudged_actions(chosen, players))
        for nudged in chooser.sample(near_misses, min(nudges, len(near_misses))):
            yield state, nudged
        answer = client.post(f"/v1/games/{game}/apply", json={"state": state, "action": chosen}).json
        state, status = answer["state"], answer["status"]


def _values(template: str, detail: str) -> dict[str, str] | None:
    """The values a detail was worded with, read back against its English template."""
    named: set[str] = set()

    def group(part: str) -> str:
        if not re.fullmatch(r"\{\w+\}", part):
            return re.escape(part)
        name = part[1:-1]
        if name in named:
            return f"(?P={name})"  # a value a template names twice is the same text both times
        named.add(name)
        return f"(?P<{name}>.*?)"

    pattern = "".join(group(part) for part in re.split(r"(\{\w+\})", template))
    match = re.fullmatch(pattern, detail, re.S)
    return match.groupdict() if match else None


def _leaf_values(value: str, phrases: list[str]) -> list[str]:
    """A value as the Chinese detail must hold it: a value worded by a phrase (``seat 1 to play``) is
    translated as a whole, so what must be there are the phrase's own values, read back the same way."""
    if value in phrases:
        return []  # a phrase of no values ("placement", "nothing"): translated whole
    for template in phrases:
        if catalogues.placeholders(template) and (parts := _values(template, value)) is not None:
            return [leaf for part in parts.values() for leaf in _leaf_values(part, phrases)]
    return [value]


@pytest.mark.parametrize("game", GAMES)
def test_nudged_illegal_actions_answer_in_both_languages_with_the_same_code_rule_and_nearest(client, game):
    templates = {e["code"]: e["message"] for e in client.get(f"/v1/games/{game}", headers=EN).json["errors"]}
    chinese_templates = {e["code"]: e["message"] for e in client.get(f"/v1/games/{game}", headers=ZH).json["errors"]}
    phrases = [phrase.template for phrase in [*rulesets_by_id()[game].refusals.phrases(), *CORE_PHRASES]
               if not re.fullmatch(r"\{\w+\}", phrase.template)]  # a bare value (core's unread sentence) says nothing
    refused = set()
    offered = 0
    for state, action in _battery(client, game, "i18n-battery", steps=14, nudges=4):
        english = client.post(f"/v1/games/{game}/apply", json={"state": state, "action": action}, headers=EN)
        if english.status_code == 200:
            continue  # a nudge can land on another legal action
        chinese = client.post(f"/v1/games/{game}/apply", json={"state": state, "action": action}, headers=ZH)
        en, zh = english.json, chinese.json
        assert english.status_code == chinese.status_code
        assert (zh["code"], zh.get("rule")) == (en["code"], en.get("rule"))
        assert zh.get("explain") == en.get("explain") and zh.get("nearest") == en.get("nearest")
        assert chinese.headers["Content-Language"] == "zh-Hans" and english.headers["Content-Language"] == "en"
        refused.add(en["code"])
        template = templates.get(en["code"])
        values = _values(template, en["detail"]) if template else None
        if values is not None:  # worded by its catalogue entry
            assert _values(chinese_templates[en["code"]], zh["detail"]) is not None, zh["detail"]  # its own template
            leaves = [leaf for value in values.values() for leaf in _leaf_values(value, phrases)]
            assert all(leaf in zh["detail"] for leaf in leaves), (en["detail"], zh["detail"])
            if CJK.search(chinese_templates[en["code"]]):
                assert CJK.search(zh["detail"]), zh["detail"]
        if en["title"] == "Illegal action" and isinstance(action.get("player"), int):
            same_type = client.post(f"/v1/games/{game}/legal-actions", json={
                "state": state, "player": action["player"], "types": [action["type"]]}).json["actions"]
            if same_type:
                assert 1 <= len(en["nearest"]) <= 3, en
                for nearest in en["nearest"]:
                    assert nearest["type"] == action["type"] and nearest in same_type
                    accepted = client.post(f"/v1/games/{game}/apply", json={"state": state, "action": nearest})
                    assert accepted.status_code == 200, accepted.json
                offered += 1
            else:
                assert "nearest" not in en
    assert refused, "the battery refused nothing"
    assert offered, "no refusal offered nearest actions"


def test_validate_offers_the_same_nearest_as_apply(client):
    state, action = next((s, a) for s, a in _battery(client, "solenia", "validate-nearest", 6, 8)
                         if a["type"] == "play_card" and a.get("card", "").endswith("?"))
    applied = client.post("/v1/games/solenia/apply", json={"state": state, "action": action}).json
    validated = client.post("/v1/games/solenia/validate", json={"state": state, "action": action}).json
    assert applied["code"] == "card_not_in_hand" and validated["violation"]["nearest"] == applied["nearest"]


def test_a_session_refusal_offers_nearest_actions_the_session_accepts(client):
    created = client.post("/v1/sessions", json={"game": "solenia", "players": 2, "seed": "nearest"}).json
    sid, tokens = created["session_id"], created["seat_tokens"]
    status = client.get(f"/v1/sessions/{sid}", headers={"Authorization": f"Bearer {tokens[0]}"}).json["status"]
    seat = status["active_players"][0]
    auth = {"Authorization": f"Bearer {tokens[seat]}", **ZH}
    legal = client.get(f"/v1/sessions/{sid}/legal-actions", headers=auth).json["actions"]
    wrong = {**legal[0], "card": legal[0]["card"] + "?"}
    refused = client.post(f"/v1/sessions/{sid}/actions", json={"action": wrong}, headers=auth)
    assert refused.status_code == 422 and refused.json["code"] == "card_not_in_hand"
    assert CJK.search(refused.json["detail"]) and wrong["card"] in refused.json["detail"]
    nearest = refused.json["nearest"]
    assert 1 <= len(nearest) <= 3 and all(action in legal for action in nearest)
    assert client.post(f"/v1/sessions/{sid}/actions", json={"action": nearest[0]}, headers=auth).status_code == 200


# ---------------------------------------------------------------- the pseudo-locale
class _Pseudo:
    """Every catalogued text wrapped in markers: a text reaching a client unwrapped came from elsewhere."""

    def __init__(self, messages: catalogues.Messages) -> None:
        self.known = {key: f"{OPEN}{key[1]}{CLOSE}" for key in messages}

    def pgettext(self, context: str, message: str) -> str:
        return self.known.get((context, message), message)


@pytest.fixture
def pseudo():
    for domain, (_, messages) in i18n.domains().items():
        translation.install(PSEUDO, domain, _Pseudo(messages))
    yield {"Accept-Language": "en-XA"}
    translation.uninstall(PSEUDO)


def _wrapped(text: str) -> bool:
    return text.startswith(OPEN) and text.endswith(CLOSE)


@pytest.mark.parametrize("game", GAMES)
def test_the_pseudo_locale_shows_no_text_outside_the_catalogue(app, client, pseudo, game):
    listing = client.get("/v1/games", headers=pseudo)
    assert listing.headers["Content-Language"] == "en-XA"
    assert all(_wrapped(g["title"]) for g in listing.json["games"] if g["id"] in GAMES)  # not the tests' doubles
    meta = client.get(f"/v1/games/{game}", headers=pseudo).json
    texts = [meta["title"], *(o["description"] for o in meta["options"]),
             *(r[k] for r in meta["rules"] for k in ("title", "text")), *(e["message"] for e in meta["errors"])]
    for key, note in meta["notes"].items():
        if key != "assumed":
            texts += [note] if isinstance(note, str) else [n for n in note if isinstance(n, str)]
    texts += list(_component_texts(client.get(f"/v1/games/{game}/components", headers=pseudo).json))
    assert texts and not [text for text in texts if not _wrapped(text)]
    for entry, rule in _entries(game):
        refusal = entry(rule, **{name: "v" for name in entry.placeholders}) \
            if rule is None or entry.any_rule or len(entry.rules) > 1 else entry(**{n: "v" for n in entry.placeholders})
        body = _answer(app, refusal, pseudo)
        assert _wrapped(body["detail"]) and _wrapped(body["title"]), body
    for state, action in _battery(client, game, "pseudo", steps=4, nudges=3):
        answer = client.post(f"/v1/games/{game}/apply", json={"state": state, "action": action}, headers=pseudo)
        if answer.status_code == 422:  # decoding refusals too: their reasons are core's phrases
            assert _wrapped(answer.json["detail"]) and _wrapped(answer.json["title"]), answer.json


# ---------------------------------------------------------------- no English prose left in Chinese
#: a run of Latin letters (with the marks identifiers carry) as it stands in a sentence
_LATIN_RUN = re.compile(r"[A-Za-z][A-Za-z0-9_.:\-]*")


def _identifiers(node: Any, into: set[str]) -> set[str]:
    """Every key and string of a JSON value but prose (a component's ``name``/``text``): the ids a detail may
    quote as they are (a card, a space, a resource, an action type, a phase)."""
    if isinstance(node, dict):
        for key, value in node.items():
            into.add(str(key))
            if key not in ("name", "text", "title", "description"):
                _identifiers(value, into)
    elif isinstance(node, list):
        for item in node:
            _identifiers(item, into)
    elif isinstance(node, str):
        for run in _LATIN_RUN.findall(node):
            into.update([run, *run.split(":")])  # "bonus:altar" names the prefix "bonus:" too
    return into


#: names a Chinese sentence writes in Latin letters too
_NAMES = {"JSON", "AP", "VP"}


@pytest.mark.parametrize("game", GAMES)
def test_chinese_details_of_the_battery_hold_no_english_prose(client, game):
    """Every value worded into a Chinese detail reads Chinese: what Latin letters remain are identifiers of the
    state, the action or the components (quoted or not), never English words."""
    known = _identifiers(client.get(f"/v1/games/{game}/components", headers=EN).json, set(_NAMES))
    document = yaml.safe_load(client.get("/openapi.yaml").get_data(as_text=True))
    known = _identifiers({name: schema for name, schema in document["components"]["schemas"].items()
                          if name.startswith(f"{game}.")}, known)  # the game's field names and enums
    leftovers: dict[str, str] = {}
    for state, action in _battery(client, game, "i18n-prose", steps=20, nudges=5):
        answer = client.post(f"/v1/games/{game}/apply", json={"state": state, "action": action}, headers=ZH)
        if answer.status_code == 200:
            continue
        allowed = _identifiers(action, _identifiers(state, set(known)))
        detail = re.sub(r"`[^`]*`|'[^']*'|\"[^\"]*\"", "", answer.json["detail"])
        english = [run for run in _LATIN_RUN.findall(detail) if run.strip(".:-") not in allowed and len(run) > 2]
        if english:
            leftovers.setdefault(answer.json["code"], (answer.json["detail"], english))
    assert not leftovers, leftovers
