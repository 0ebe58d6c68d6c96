"""/docs in a real headless Chromium: Swagger UI renders the document from this server's
own assets, and the page's Content-Security-Policy blocks nothing it needs (the browser
console holds no CSP error).

It needs Debian's ``chromium`` and ``chromium-driver``; ``.ci/run`` installs them and sets
``CI``, where their absence is a failure rather than a skip.
"""

from __future__ import annotations

import time

import pytest

from service import docs
from tests.service.browser import headless_chromium, served_app  # skips this module without Chromium

# only once the browser is known to be there
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


@pytest.fixture(scope="module")
def base_url():
    with served_app() as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    with headless_chromium() as driver:
        yield driver


def _render(browser, url: str) -> tuple[int, list[str]]:
    """Loads the page, waits for the operations, opens the first; (operation count, console lines)."""
    browser.get_log("browser")  # drop anything an earlier page left
    browser.get(url)
    wait = WebDriverWait(browser, 30)
    title = wait.until(expected_conditions.visibility_of_element_located((By.CSS_SELECTOR, ".swagger-ui .info .title")))
    assert "Tabletop Referee" in title.text
    operations = wait.until(lambda driver: driver.find_elements(By.CSS_SELECTOR, ".opblock"))
    operations[0].find_element(By.CSS_SELECTOR, ".opblock-summary").click()
    wait.until(lambda driver: driver.find_elements(By.CSS_SELECTOR, ".opblock.is-open"))
    time.sleep(0.5)  # let late style and image loads report
    return len(operations), [entry["message"] for entry in browser.get_log("browser")]


def _csp_errors(lines: list[str]) -> list[str]:
    return [line for line in lines if "Content Security Policy" in line]


def test_docs_render_with_no_csp_error(browser, base_url):
    count, console = _render(browser, f"{base_url}/docs/")
    assert count >= 10  # every endpoint of the document
    assert _csp_errors(console) == [], console
    assert not [line for line in console if "SEVERE" in line or "Failed to load" in line], console


def test_the_policy_is_enforced_and_this_test_sees_a_violation(browser, base_url, monkeypatch):
    # Without the hash of Swagger UI's one inline style the browser must complain: the check above can fail.
    monkeypatch.setattr(docs, "DOCS_CSP", docs.DOCS_CSP.replace(" " + docs.SWAGGER_UI_INLINE_STYLE, ""))
    _, console = _render(browser, f"{base_url}/docs/?strict")
    assert any("style-src" in line for line in _csp_errors(console)), console
