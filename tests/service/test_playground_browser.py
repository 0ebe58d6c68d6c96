"""/play in a real headless Chromium: for every game, a two-seat session played by clicking,
one browser window per seat, an illegal action's rule shown, nothing wrong in the console.

It needs Debian's ``chromium`` and ``chromium-driver``; ``.ci/run`` installs them and sets
``CI``, where their absence is a failure rather than a skip. Screenshots (one per game) go
to ``$PLAYGROUND_SCREENSHOTS`` if set, else to the test's temporary folder.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest
import requests

from service.playground import PLAY_CSP
from tests.sessions.real_games import real_rulesets
from tests.service.browser import headless_chromium, served_app  # skips this module without Chromium

# only once the browser is known to be there
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

ACTIONS_EACH = 10
RULE_ID = re.compile(r"\(([A-Z]+-[\w.]+)\)")


@pytest.fixture(scope="module")
def base_url():
    with served_app() as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    with headless_chromium("--window-size=1400,1000") as driver:
        yield driver


@pytest.fixture(scope="module")
def screenshots(tmp_path_factory):
    folder = Path(os.environ.get("PLAYGROUND_SCREENSHOTS") or tmp_path_factory.mktemp("playground"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_the_page_is_served_with_its_policy(base_url):
    page = requests.get(f"{base_url}/play", timeout=10)
    assert page.status_code == 200 and page.headers["Content-Security-Policy"] == PLAY_CSP
    assert "script-src 'self'" in PLAY_CSP and "unsafe-inline" not in PLAY_CSP.split("script-src")[1].split(";")[0]
    assert requests.get(f"{base_url}/play/playground.js", timeout=10).status_code == 200
    assert requests.get(f"{base_url}/play/../service/__init__.py", timeout=10).status_code == 404
    assert "<script>" not in page.text  # no inline script: the policy would refuse it


def _session_state(base_url, session_id):
    return requests.get(f"{base_url}/v1/sessions/{session_id}", timeout=10).json()


def _wait_for_version(browser, version):
    WebDriverWait(browser, 15).until(lambda d: f"version {version} " in d.find_element(By.ID, "status-line").text)


@pytest.mark.parametrize("game", [r.id for r in real_rulesets()])
def test_two_windows_play_a_game_by_clicking(base_url, browser, screenshots, game):
    rnd = random.Random(game)
    browser.get_log("browser")
    browser.get(f"{base_url}/play")
    wait = WebDriverWait(browser, 15)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, f"#game option[value='{game}']"))
    Select(browser.find_element(By.ID, "game")).select_by_value(game)
    wait.until(lambda d: browser.execute_script("return document.querySelector('#game').value") == game
               and d.find_elements(By.CSS_SELECTOR, "#players option"))
    Select(browser.find_element(By.ID, "players")).select_by_value("2")
    browser.find_element(By.ID, "seed").send_keys(f"playground-{game}")
    browser.find_element(By.ID, "create").click()
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".seat-link")) == 2)
    links = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, ".seat-link")]
    assert all("#" in link and "token=" in link.split("#", 1)[1] and "?" not in link for link in links)
    session_id = re.search(r"session=([\w-]+)", links[0]).group(1)

    windows = [browser.current_window_handle]
    browser.get(links[0])
    browser.switch_to.new_window("window")
    windows.append(browser.current_window_handle)
    browser.get(links[1])

    played, board_clicks, refused, rounds = [0, 0], 0, None, 0
    while min(played) < ACTIONS_EACH and rounds < 400:
        rounds += 1
        session = _session_state(base_url, session_id)
        if session["status"]["game_over"]:
            break
        seat = min(session["status"]["active_players"], key=lambda s: (played[s], s))  # both seats get their turns
        browser.switch_to.window(windows[seat])
        _wait_for_version(browser, session["version"])
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "button.action"))
        choosable = [node for node in browser.find_elements(By.CSS_SELECTOR, "#picture-host .choosable")
                     if node.is_displayed()]
        if choosable and (board_clicks == 0 or rnd.random() < 0.2):
            node = rnd.choice(choosable)
            browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", node)
            node.click()
            wait.until(lambda d: d.find_element(By.ID, "narrowed").is_displayed())
            board_clicks += 1
        button = rnd.choice(_visible_actions(browser)[:12])
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()  # focusing it also writes it to the JSON box: the seat's own last action
        _wait_for_version(browser, session["version"] + 1)
        played[seat] += 1
        if refused is None and played[seat] >= 2:
            refused = _send_out_of_turn(browser, base_url, session_id, windows, seat)
    browser.switch_to.window(windows[0])
    browser.execute_script("window.scrollTo(0, 0)")
    browser.save_screenshot(str(screenshots / f"{game}.png"))
    final = _session_state(base_url, session_id)
    assert min(played) >= ACTIONS_EACH or final["status"]["game_over"], played
    assert board_clicks >= 1, "no board element narrowed the actions: the picture names no action field"
    assert refused is not None, "no illegal action was shown"
    refusal_text, rule = refused
    assert rule in refusal_text and "Refused:" in refusal_text
    console = browser.get_log("browser")
    unexpected = [entry for entry in console
                  if entry["level"] in ("SEVERE", "WARNING")
                  and not ("/actions" in entry["message"] and " 422 " in entry["message"])]
    assert unexpected == []


@pytest.fixture(autouse=True)
def _one_window_after_each_game(browser):
    """Whatever a game's test left open, the next starts with one window."""
    yield
    first, *others = browser.window_handles
    for handle in others:
        browser.switch_to.window(handle)
        browser.close()
    browser.switch_to.window(first)


def _visible_actions(browser):
    """The action buttons a person can see; a closed group is opened by its summary, as a person would."""
    shown = [button for button in browser.find_elements(By.CSS_SELECTOR, "button.action") if button.is_displayed()]
    if not shown:
        groups = browser.find_elements(By.CSS_SELECTOR, "#action-groups details summary")
        assert groups, (browser.find_element(By.ID, "status-line").text, browser.find_element(By.ID, "narrowed").text,
                        browser.find_element(By.ID, "actions-empty").is_displayed())
        groups[0].click()
        shown = [button for button in browser.find_elements(By.CSS_SELECTOR, "button.action") if button.is_displayed()]
    return shown


def _send_out_of_turn(browser, base_url, session_id, windows, seat):
    """The seat that just acted sends its action again from the JSON box: illegal now (the
    state moved on, or it is another seat's turn); the page shows the code, rule ID and text."""
    session = _session_state(base_url, session_id)
    compose = browser.find_element(By.ID, "compose")
    if not compose.get_attribute("value"):
        return None
    version = session["version"]
    browser.find_element(By.ID, "send").click()
    WebDriverWait(browser, 15).until(lambda d: d.find_element(By.ID, "refusal").is_displayed()
                                     or f"version {version + 1} " in d.find_element(By.ID, "status-line").text)
    if not browser.find_element(By.ID, "refusal").is_displayed():
        return None  # the same action was legal again: try another time
    text = browser.find_element(By.ID, "refusal").text
    rule = RULE_ID.search(text)
    if rule is None or not browser.find_elements(By.CSS_SELECTOR, "#refusal .rule-text"):
        return None
    return text, rule.group(1)
