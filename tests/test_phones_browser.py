"""The browser tier (``-m browser``): the real phone page in headless Chromium, Debian's
``chromium`` driven through Debian's ``chromedriver`` by Selenium (never a browser
download: ``SE_OFFLINE``), in a phone-sized touch viewport. The QR code on "Who plays?" is
decoded from a picture of the screen and opened; the page then plays a whole game of each
game, survives a drop, speaks both languages, and refuses a wrong code. Screenshots go to
``$PHONE_SHOTS`` when it is set (for a person to look at), else to the test's own folder.

Run in CI by ``.ci/run``; skipped where Chromium, its driver or Selenium is missing."""
from __future__ import annotations

import asyncio
import os
import random
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pygame
import pytest

pytest.importorskip("websockets")
pytest.importorskip("segno")
webdriver = pytest.importorskip("selenium.webdriver")

from phones import PATIENCE, play_turn, pump, until  # noqa: E402
from selenium.webdriver.chrome.options import Options as ChromeOptions  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

from game import catalogue, i18n  # noqa: E402
from game.scenes.menus.overlay import ResultScene  # noqa: E402
from game.scenes.menus.setup import TWO, SetupScene  # noqa: E402
from game.scenes.play import PlayScene  # noqa: E402

pytestmark = pytest.mark.browser

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
#: a phone: 390 x 844 CSS pixels at three device pixels each, with touch
PHONE = {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3.0, "touch": True},
         "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) "
                      "Chrome/156.0 Mobile Safari/537.36"}
FAST = {"rate": 1000.0, "burst": 1000}


def shots(tmp_path) -> Path:
    folder = Path(os.environ.get("PHONE_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def browser():
    if not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)):
        pytest.skip("Debian's chromium and chromium-driver are not installed")
    os.environ["SE_OFFLINE"] = "true"  # Selenium Manager never downloads a browser or driver
    profile = tempfile.mkdtemp(prefix="gauss-phone-chromium-")
    options = ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 f"--user-data-dir={profile}", "--lang=en-US"):
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", PHONE)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(PATIENCE)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def phone_app(app):
    app.settings.animation_speed = "instant"
    assert app.phones.start(host="127.0.0.1", port=0, **FAST), app.phones.error
    yield app
    app.phones.stop()


def decode_qr(picture: Path) -> str:
    """The text of the QR code in ``picture`` (zbarimg from Debian's zbar-tools, or zxing-cpp)."""
    if shutil.which("zbarimg"):
        done = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(picture)],
                              capture_output=True, text=True, timeout=30)
        return done.stdout.strip()
    zxingcpp = pytest.importorskip("zxingcpp")
    numpy = pytest.importorskip("numpy")
    image = pygame.image.load(str(picture))
    gray = numpy.ascontiguousarray(pygame.surfarray.array3d(image).mean(axis=2).T.astype("uint8"))
    found = zxingcpp.read_barcodes(gray)
    return found[0].text if found else ""


class BrowserPhone:
    """The page in Chromium as a phone: its buttons pressed as a thumb would."""

    def __init__(self, app, driver, url):
        self.app, self.driver = app, driver
        origin = url.split("/#")[0].rstrip("/")
        driver.get(origin + "/nothing-here")  # the hub's origin, to forget an earlier test's phone
        driver.execute_script("sessionStorage.clear()")
        driver.get(url)

    def text(self, element_id):
        return self.driver.find_element(By.ID, element_id).text

    def wait(self, condition, what):
        until(self.app, lambda: condition(), what)

    def enabled(self, name):
        return self.driver.find_element(By.CSS_SELECTOR, f'[data-a="{name}"]').is_enabled()

    def press(self, name):
        taps = self.app.phones.taps
        self.wait(lambda: self.enabled(name), f"the {name} button")
        self.driver.find_element(By.CSS_SELECTOR, f'[data-a="{name}"]').click()
        until(self.app, lambda: self.app.phones.taps > taps, f"{name} handled")
        pump(self.app)

    def word(self, name):
        return self.driver.find_element(By.CSS_SELECTOR, f'[data-a="{name}"] .w').text

    def device(self):
        return self.driver.execute_script("return sessionStorage.getItem('gauss-device')")


def who_plays_picture(app, game_id, folder) -> tuple[SetupScene, Path]:
    app.nav.setup(game_id)
    pump(app, 2)
    picture = folder / f"tv-who-plays-{game_id}-{i18n.language()}.png"
    pygame.image.save(app.screen, str(picture))
    return app.stack.top, picture


def joined(app, driver, game_id, folder) -> tuple[SetupScene, BrowserPhone]:
    """The QR code on "Who plays?" decoded from the screen's picture, opened in the browser."""
    setup, picture = who_plays_picture(app, game_id, folder)
    url = decode_qr(picture)
    assert url == app.phones.url and url.startswith("http://127.0.0.1:")
    phone = BrowserPhone(app, driver, url)
    phone.wait(lambda: phone.device() == "phone1", "the page's welcome")
    phone.wait(lambda: phone.enabled("confirm"), "the page's buttons")
    return setup, phone


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_the_page_joins_by_the_qr_code_and_plays_a_whole_game(phone_app, browser, game_id, tmp_path):
    app = phone_app
    folder = shots(tmp_path)
    setup, phone = joined(app, browser, game_id, folder)
    assert phone.word("confirm") == "Choose"
    while setup.choices[setup.focus] != TWO:
        phone.press("down")
    phone.press("confirm")  # two players on one screen: the phone plays both sides, as one pad would
    game = app.stack.top
    assert isinstance(game, PlayScene) and game.game_id == game_id
    rng = random.Random(7)
    moves = 0
    while not game.state.over:
        if moves == 3:
            browser.save_screenshot(str(folder / f"phone-{game_id}-en.png"))
            pygame.image.save(app.screen, str(folder / f"tv-{game_id}-en.png"))
            assert phone.text("turn") == "Your turn!"
        assert browser.execute_script(CUT_WORDS) == []
        before = len(game.history)
        play_turn(phone, game, game_id, rng)
        until(app, lambda n=before: len(game.history) > n or game.state.over, "the move")
        moves += 1
    until(app, lambda: isinstance(app.stack.top, ResultScene), "the result card")
    assert game.rules.outcome(game.state) is not None


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_the_pages_german_words_fit_their_buttons_in_every_game(phone_app, browser, game_id, tmp_path):
    """German's words are longer than English's: each game's first turns, in German, on a
    390-pixel phone, with every shown button's words whole."""
    app = phone_app
    app.settings.language = "de"
    i18n.set_language("de")
    folder = shots(tmp_path)
    setup, phone = joined(app, browser, game_id, folder)
    while setup.choices[setup.focus] != TWO:
        phone.press("down")
    phone.press("confirm")
    game = app.stack.top
    assert isinstance(game, PlayScene) and game.game_id == game_id
    rng = random.Random(7)
    for turn in range(3):
        phone.wait(lambda: phone.text("turn") == "Du bist dran!", "the phone's turn")
        assert browser.execute_script(CUT_WORDS) == [], turn
        if turn == 1:
            browser.save_screenshot(str(folder / f"phone-{game_id}-de.png"))
        before = len(game.history)
        play_turn(phone, game, game_id, rng)
        until(app, lambda n=before: len(game.history) > n or game.state.over, "the move")
        if game.state.over:
            break


def test_the_page_survives_a_drop_and_the_screen_says_so_meanwhile(phone_app, browser, tmp_path):
    app = phone_app
    folder = shots(tmp_path)
    setup, phone = joined(app, browser, "gauss", folder)
    setup.choose("pads")
    phone.press("confirm")  # phone1 takes red
    assert setup.seats["red"].device == "phone1"
    hub = app.phones.hub
    # the socket is lost under the page (a Wi-Fi blip): no goodbye, just gone
    for ws in list(hub.sockets.values()):
        asyncio.run_coroutine_threadsafe(ws.close(1011, ""), hub.loop).result(PATIENCE)
    until(app, lambda: "phone1" in app.phones.away or app.phones.banner(), "the drop")
    browser.execute_script("document.dispatchEvent(new Event('visibilitychange'))")  # the phone wakes
    until(app, lambda: not app.phones.away and hub.sockets, "the page's return")
    assert phone.device() == "phone1" and setup.seats["red"].device == "phone1"
    phone.press("down")  # and it plays on as before
    assert setup.focus == 2


#: the shown buttons whose words are wider than the room inside them (to the fraction of a
#: pixel: an ellipsis shows where scrollWidth, rounded, does not)
CUT_WORDS = """
return Array.prototype.filter.call(document.querySelectorAll("main button:not([hidden])"), function (b) {
  var style = getComputedStyle(b), words = document.createRange();
  words.selectNodeContents(b);
  var room = b.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return words.getBoundingClientRect().width > room + 0.01;
}).map(function (b) { return b.textContent; });
"""


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_page_speaks_the_games_language_with_large_touch_targets(phone_app, browser, language, tmp_path):
    app = phone_app
    app.settings.language = language
    i18n.set_language(language)
    folder = shots(tmp_path)
    setup, phone = joined(app, browser, "improbable", folder)
    browser.save_screenshot(str(folder / f"phone-who-plays-{language}.png"))
    phone.press("confirm")  # the computer's game: the phone plays one side
    game = app.stack.top
    assert isinstance(game, PlayScene)
    until(app, lambda: not game.seat().is_ai, "the phone's turn", 30)
    pump(app, 3)
    phone.wait(lambda: phone.word("confirm") in ("Roll", "Würfeln"), "the game's words")
    words = {name: phone.word(name) for name in ("confirm", "alternate", "undo", "menu")}
    expected = {"en": {"confirm": "Roll", "alternate": "Stop", "undo": "Undo", "menu": "Menu"},
                "de": {"confirm": "Würfeln", "alternate": "Aufhören", "undo": "Rückgängig", "menu": "Menü"}}
    assert words == expected[language]
    assert browser.execute_script("return document.documentElement.lang") == language
    for name in ("up", "confirm", "alternate", "undo", "menu"):
        rect = browser.execute_script(
            f"return document.querySelector('[data-a=\"{name}\"]').getBoundingClientRect().toJSON()")
        assert rect["height"] >= 56 and rect["width"] >= 56, (name, rect)  # CSS pixels: a thumb's size
    assert browser.execute_script("return window.innerWidth") == 390
    cut = browser.execute_script(CUT_WORDS)  # every shown button's words whole, none cut off
    assert cut == [], cut
    browser.save_screenshot(str(folder / f"phone-improbable-{language}.png"))
    pygame.image.save(app.screen, str(folder / f"tv-improbable-{language}.png"))


def test_a_wrong_code_typed_on_the_page_is_refused_in_words(phone_app, browser, tmp_path):
    app = phone_app
    folder = shots(tmp_path)
    app.nav.setup("rush")
    pump(app, 2)
    page = app.phones.address + "/"
    phone = BrowserPhone(app, browser, page)
    phone.wait(lambda: browser.find_element(By.ID, "join").is_displayed(), "the code form")
    browser.save_screenshot(str(folder / "phone-join-form.png"))
    browser.find_element(By.ID, "code").send_keys("ZZZZ")
    browser.find_element(By.ID, "joinButton").click()
    phone.wait(lambda: browser.find_element(By.ID, "gone").is_displayed(), "the refusal")
    assert phone.text("goneTitle") == "That code is not on the screen"
    assert app.phones.known == set()
    browser.save_screenshot(str(folder / "phone-wrong-code.png"))
    browser.find_element(By.ID, "again").click()
    browser.find_element(By.ID, "code").send_keys(app.phones.code.lower())  # typed, in small letters
    browser.find_element(By.ID, "joinButton").click()
    phone.wait(lambda: phone.device() == "phone1", "the typed code's welcome")
    time.sleep(0.05)
