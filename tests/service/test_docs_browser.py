"""/docs in a real headless Chromium: Swagger UI renders the document from this server's
own assets, and the page's Content-Security-Policy blocks nothing it needs (the browser
console holds no CSP error).

It needs Debian's ``chromium`` and ``chromium-driver``; ``.ci/run`` installs them and sets
``CI``, where their absence is a failure rather than a skip.
"""

from __future__ import annotations

import os
import shutil
import threading
import time

import pytest
from werkzeug.serving import make_server

from service import create_app, docs

CHROMIUM, CHROMEDRIVER = shutil.which("chromium"), shutil.which("chromedriver")
if not (CHROMIUM and CHROMEDRIVER):
    if os.environ.get("CI"):
        pytest.fail("CI needs chromium and chromium-driver (apt-get install -y chromium chromium-driver)",
                    pytrace=False)
    pytest.skip("chromium and chromium-driver are not installed", allow_module_level=True)

from selenium import webdriver  # noqa: E402  (only once the browser is known to be there)
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


@pytest.fixture(scope="module")
def base_url():
    server = make_server("127.0.0.1", 0, create_app({"LOG_LEVEL": "WARNING"}), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    yield driver
    driver.quit()


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
