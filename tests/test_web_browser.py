"""The page in a real browser: Debian's Chromium driven by Selenium through Debian's chromedriver
(``apt-get install chromium chromium-driver``). A whole Briscola game and twenty moves each of Go and
Xiangqi are played by clicking the SVG, an illegal click is answered with the rule's reason, and
screenshots are saved (to ``$LUDOTECA_SCREENSHOTS`` when set, e.g. ``docs/img``, else a temporary folder).

Skipped, with the reason, where Selenium, Chromium or chromedriver is missing.
"""

from __future__ import annotations

import os
import random
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

webdriver = pytest.importorskip("selenium.webdriver", reason="the browser test needs selenium")
uvicorn = pytest.importorskip("uvicorn", reason="the browser test needs ludoteca[web]")

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

import ludoteca  # noqa: E402
from ludoteca.web import create_app  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None,
    reason="no browser: apt-get install chromium chromium-driver to run the browser test",
)
WAIT = 60.0


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, Any]]:
    """The app on a free loopback port, served by uvicorn in a thread."""
    app = create_app()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    port = srv.servers[0].sockets[0].getsockname()[1]
    yield f"http://127.0.0.1:{port}", app
    srv.should_exit = True
    thread.join(30)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1380,1000"):
        options.add_argument(arg)
    try:
        driver = webdriver.Chrome(
            options=options, service=webdriver.ChromeService(executable_path=CHROMEDRIVER)
        )
    except WebDriverException as e:
        pytest.skip(f"Chromium would not start: {e.msg}")
    driver.set_page_load_timeout(WAIT)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = os.environ.get("LUDOTECA_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


def _start(driver: Any, url: str, game: str, variant: str, seed: int) -> None:
    driver.get(url)
    wait = WebDriverWait(driver, WAIT)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, f"#game option[value='{game}']"))
    Select(driver.find_element(By.ID, "game")).select_by_value(game)
    Select(driver.find_element(By.ID, "variant")).select_by_visible_text(variant)
    players = ludoteca.load_game(variant).num_players()
    # The page asks the server for the variant's seats, then offers a bot per other seat.
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "select.bot")) == players - 1)
    driver.find_element(By.ID, "seed").send_keys(str(seed))
    driver.find_element(By.ID, "start").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board svg"))


def _click_and_wait(driver: Any, element: Any) -> None:
    """Clicks an SVG element and waits until the page has drawn the server's answer."""
    board = driver.find_element(By.CSS_SELECTOR, "#board svg")
    element.click()

    def redrawn(d: Any) -> bool:
        try:
            board.tag_name  # noqa: B018 - raises once the old picture is gone
        except StaleElementReferenceException:
            return True
        return bool(d.find_element(By.ID, "message").text)

    WebDriverWait(driver, WAIT).until(redrawn)


def _status(driver: Any) -> str:
    return str(driver.find_element(By.ID, "status").text)


def test_a_whole_briscola_game_by_clicking_cards(browser: Any, server: tuple[str, Any], shots: Path) -> None:
    url, app = server
    _start(browser, url, "briscola", "briscola(players=4)", 5)
    rng = random.Random(5)
    for turn in range(20):
        if _status(browser) == "Game over":
            break
        cards = browser.find_elements(By.CSS_SELECTOR, 'g.hand[data-seat="0"] .card.playable')
        assert cards, "it is my turn but no card is playable"
        _click_and_wait(browser, rng.choice(cards))
        if turn == 3:
            browser.save_screenshot(str(shots / "briscola.png"))
    assert _status(browser) == "Game over"
    rows = browser.find_elements(By.CSS_SELECTOR, "#result tr")
    assert len(rows) == 1 + 4
    assert browser.find_element(By.ID, "record").is_displayed()
    table = next(iter(app.state.tables._tables.values()))
    assert table.state.is_terminal()
    browser.save_screenshot(str(shots / "briscola-end.png"))


def test_twenty_go_moves_by_clicking_points(browser: Any, server: tuple[str, Any], shots: Path) -> None:
    url, _app = server
    _start(browser, url, "go", "go(board_size=9)", 3)
    rng = random.Random(3)
    for _ in range(20):
        points = browser.find_elements(By.CSS_SELECTOR, ".point.playable")
        assert points
        _click_and_wait(browser, rng.choice(points))
    assert len(browser.find_elements(By.CSS_SELECTOR, "#moves li")) >= 40
    # An occupied point: the click is answered with the engine's reason and nothing changes.
    before = len(browser.find_elements(By.CSS_SELECTOR, "#moves li"))
    occupied = browser.find_elements(By.CSS_SELECTOR, ".point:not(.playable)")
    assert occupied
    _click_and_wait(browser, occupied[0])
    assert "illegal" in browser.find_element(By.ID, "message").text
    assert len(browser.find_elements(By.CSS_SELECTOR, "#moves li")) == before
    browser.save_screenshot(str(shots / "go.png"))


def test_twenty_xiangqi_moves_by_clicking_pieces(browser: Any, server: tuple[str, Any], shots: Path) -> None:
    url, _app = server
    _start(browser, url, "xiangqi", "xiangqi", 4)
    rng = random.Random(4)
    moves = 0
    while moves < 20 and _status(browser) != "Game over":
        pieces = browser.find_elements(By.CSS_SELECTOR, ".piece.movable")
        piece = rng.choice(pieces)
        square = piece.get_attribute("data-square")
        piece.click()
        targets = browser.find_elements(By.CSS_SELECTOR, f'.target.lit[data-from="{square}"]')
        assert targets, f"no target lit for {square}"
        _click_and_wait(browser, rng.choice(targets))
        moves += 1
    assert moves == 20 or _status(browser) == "Game over"
    if _status(browser) != "Game over":
        # A red piece sent to an empty square it cannot reach: the click is answered with the reason.
        occupied = {p.get_attribute("data-square") for p in browser.find_elements(By.CSS_SELECTOR, ".piece")}
        piece = browser.find_elements(By.CSS_SELECTOR, ".piece.movable")[0]
        source = piece.get_attribute("data-square")
        reachable = {
            t.get_attribute("data-square")
            for t in browser.find_elements(By.CSS_SELECTOR, f'.target[data-from="{source}"]')
        }
        empty = [
            s
            for s in browser.find_elements(By.CSS_SELECTOR, ".square")
            if s.get_attribute("data-square") not in occupied | reachable
        ]
        piece.click()
        before = len(browser.find_elements(By.CSS_SELECTOR, "#moves li"))
        _click_and_wait(browser, empty[len(empty) // 2])
        assert "illegal" in browser.find_element(By.ID, "message").text
        assert len(browser.find_elements(By.CSS_SELECTOR, "#moves li")) == before
    browser.save_screenshot(str(shots / "xiangqi.png"))


def test_a_kabu_hand_by_clicking_draw_and_stand(browser: Any, server: tuple[str, Any], shots: Path) -> None:
    url, app = server
    _start(browser, url, "kabu", "kabu(players=4)", 6)
    rng = random.Random(6)
    for _ in range(3):
        if _status(browser) == "Game over":
            break
        buttons = browser.find_elements(By.CSS_SELECTOR, ".button[data-action]")
        assert {b.get_attribute("data-action") for b in buttons} == {"40", "41"}
        _click_and_wait(browser, rng.choice(buttons))
    assert _status(browser) == "Game over"
    table = next(t for t in app.state.tables._tables.values() if t.state.get_game().name == "kabu")
    assert table.state.is_terminal()
    browser.save_screenshot(str(shots / "kabu.png"))


def test_an_east_west_game_by_clicking_rows(browser: Any, server: tuple[str, Any], shots: Path) -> None:
    url, app = server
    _start(browser, url, "east_west", "east_west", 7)
    rng = random.Random(7)
    for _ in range(12):
        rows = browser.find_elements(By.CSS_SELECTOR, "g.row[data-action]")
        assert rows, "it is my turn but no row is open"
        _click_and_wait(browser, rng.choice(rows))
    assert _status(browser) == "Game over"
    table = next(t for t in app.state.tables._tables.values() if t.state.get_game().name == "east_west")
    assert table.state.is_terminal()
    browser.save_screenshot(str(shots / "east_west.png"))
