"""What the browser tests share: Debian's Chromium through Selenium, and the app on a real port.

Importing this module skips the importing test module when ``chromium`` and ``chromium-driver``
are missing, except under ``CI``, where their absence is a failure: ``.ci/run`` installs them.
"""

from __future__ import annotations

import os
import shutil
import threading
from contextlib import contextmanager
from typing import Iterator

import pytest
from werkzeug.serving import make_server

from service import create_app

CHROMIUM, CHROMEDRIVER = shutil.which("chromium"), shutil.which("chromedriver")
if not (CHROMIUM and CHROMEDRIVER):
    if os.environ.get("CI"):
        pytest.fail("CI needs chromium and chromium-driver (apt-get install -y chromium chromium-driver)",
                    pytrace=False)
    pytest.skip("chromium and chromium-driver are not installed", allow_module_level=True)

from selenium import webdriver  # noqa: E402  (only once the browser is known to be there)
from selenium.webdriver.chrome.service import Service  # noqa: E402


@contextmanager
def served_app() -> Iterator[str]:
    """The app on a free loopback port, threaded (a page's scripts and its streams at once); its base URL."""
    server = make_server("127.0.0.1", 0, create_app({"LOG_LEVEL": "WARNING"}), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(5)


@contextmanager
def headless_chromium(*arguments: str) -> Iterator[webdriver.Chrome]:
    """A headless Chromium whose console (``get_log("browser")``) keeps every level."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", *arguments):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
