"""The browser tier (``-m browser``): an exported game played as an animation by Debian's
headless ``chromium``, the way the person it is shared with sees it. Skipped where Chromium,
its driver or Selenium is missing."""
from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import time

import pytest

webdriver = pytest.importorskip("selenium.webdriver")

from selenium.webdriver.chrome.options import Options as ChromeOptions  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from test_picture import short_game  # noqa: E402

from game.scenes.hosts import picture  # noqa: E402

pytestmark = pytest.mark.browser

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"

#: the picture's size as the browser read it
SIZE = """
const img = document.getElementById("game");
return img.complete && img.naturalWidth ? [img.naturalWidth, img.naturalHeight] : null;
"""


@pytest.fixture
def browser():
    if not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)):
        pytest.skip("Debian's chromium and chromium-driver are not installed")
    os.environ["SE_OFFLINE"] = "true"  # Selenium Manager never downloads a browser or driver
    profile = tempfile.mkdtemp(prefix="gauss-picture-chromium-")
    options = ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--allow-file-access-from-files", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def test_a_browser_plays_the_exported_game(app, browser, tmp_path):
    record = short_game("gauss", moves=4)
    job = picture.export(app, record, "Shared")
    assert job.path is not None
    page = tmp_path / "page.html"
    shutil.copy(job.path, tmp_path / "shared.png")
    page.write_text('<!doctype html><img id="game" src="shared.png">')
    browser.get(page.as_uri())
    size = None
    deadline = time.monotonic() + 30
    while size is None and time.monotonic() < deadline:
        size = browser.execute_script(SIZE)
        time.sleep(0.1)
    header = job.path.read_bytes()[16:24]  # IHDR's width and height
    assert size == [int.from_bytes(header[:4], "big"), int.from_bytes(header[4:], "big")]
    assert size[0] == picture.WIDTH
    # the start is shown 1.5 s, then a move every 0.9 s: what the page shows changes (a
    # canvas's drawImage keeps the first frame in headless Chromium: the page's own pixels)
    picture_on_page = browser.find_element(By.ID, "game")
    seen = set()
    while len(seen) < 3 and time.monotonic() < deadline:
        seen.add(hashlib.sha1(picture_on_page.screenshot_as_png).hexdigest())
        time.sleep(0.3)
    assert len(seen) >= 3, "the browser showed the picture but did not play it"
