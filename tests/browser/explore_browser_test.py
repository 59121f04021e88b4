#!/usr/bin/env python3
"""The explorer's page in a real browser: Debian's chromium, driven through chromedriver by python3-selenium.

Usage: explore_browser_test.py TARTAN_EXE OUTPUT_DIR [SITE_DIR]

Starts `tartan explore --port 0` (or, given SITE_DIR, serves the static explorer that scripts/build-web made there
with `python3 -m http.server`, a plain static host), loads the page, and checks what a person sees against the tartan
command's answer and against values computed here from the definitions (the mex over a game's moves; the nim product
as the mex over its own definition): Mock Turtles picked and coins clicked, the value and every option shown; G(a, b)
on a board; the heat map; a game played to the end, which the engine, moving first from an N-position, must win; a
verification, and one cancelled while the page goes on answering; a shared link, and a bad one refused with the
engine's message; the keyboard. Screenshots of the board, the heat map, the game and the verification go to
OUTPUT_DIR.

The static explorer is also held to the server's bytes: a battery of requests (api_replies.py) sent through the
page's transport, to the engine in its Web Workers, must get the replies `tartan explore` gives; and its download and
first load are measured and printed.

Exits 77 (CTest's SKIP_RETURN_CODE) with a message when no browser can be driven here: chromium, chromedriver or
selenium missing. scripts/test installs them (chromium, chromium-driver, python3-selenium).
"""
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

SKIP = 77


def skip(why):
    print("SKIP: the browser test needs " + why + "; install chromium, chromium-driver and python3-selenium "
          "(scripts/install-deps chromium chromium-driver python3-selenium)")
    sys.exit(SKIP)


try:
    from selenium import webdriver
    from selenium.common.exceptions import StaleElementReferenceException, TimeoutException, WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:
    skip("python3-selenium (the selenium module of " + sys.executable + ")")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)
if not CHROMIUM:
    skip("chromium")
if not DRIVER:
    skip("chromedriver (chromium-driver)")

TARTAN, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)

# The definitions the page is checked against (definitions.py).
from definitions import (coin_moves, dawsons_kayles_g, dawsons_kayles_heap_moves, kayles_g,  # noqa: E402
                         kayles_heap_moves, kayles_misere_wins, kayles_winning_heap_moves, mex, mock_turtles_g,
                         mock_turtles_misere_wins, mock_turtles_moves, nim_mul, nim_mul_fermat, row_value, ruler_g)
from explorer_process import start, start_explorer, static_site  # noqa: E402
import api_replies  # noqa: E402
import page_checks  # noqa: E402

SITE = static_site(sys.argv)


# ----------------------------------------------------------------------------------------------------------------
# The server and the browser.

server, URL = start(TARTAN, SITE)

profile = tempfile.mkdtemp(prefix="tartan-chromium-")
options = webdriver.ChromeOptions()
options.binary_location = CHROMIUM
# This machine's network may be closed: no background traffic, so the browser starts fast and quietly.
for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--window-size=1360,960",
             "--force-device-scale-factor=1"]:
    options.add_argument(flag)
try:
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
except WebDriverException as e:
    server.terminate()
    skip("a chromium that starts here (" + str(e).splitlines()[0] + ")")

driver.set_page_load_timeout(60)  # a page that hangs fails the test rather than holding it
driver.set_script_timeout(60)
failures = []
began = time.monotonic()


def check(condition, what):
    stamp = "%5.1f s" % (time.monotonic() - began)
    if condition:
        print("ok (" + stamp + "): " + what)
    else:
        print("FAILED (" + stamp + "): " + what)
        failures.append(what)


def wait(condition, what, seconds=20):
    # An element the condition reads may be replaced while it reads it (the page redraws a board after each move):
    # that is not an answer yet, so the condition is asked again.
    try:
        return WebDriverWait(driver, seconds, poll_frequency=0.05,
                             ignored_exceptions=(StaleElementReferenceException,)).until(lambda d: condition())
    except TimeoutException:
        raise AssertionError("timed out waiting for " + what)


def by_id(name):
    return driver.find_element(By.ID, name)


def coin(board, key):
    return driver.find_element(By.CSS_SELECTOR, "#" + board + ' [data-coin="' + key + '"]')


def analysed():
    """Waits for the analysis of the position shown, and returns its value."""
    wait(lambda: by_id("value").text.isdigit() and by_id("options").find_elements(By.TAG_NAME, "li") is not None,
         "the value")
    return int(by_id("value").text)


def position_settled(expected_value=None):
    """The analysis of the latest position: wait until the value stops changing."""
    last = None
    for _ in range(100):
        time.sleep(0.1)
        text = by_id("value").text
        if text.isdigit() and text == last and (expected_value is None or int(text) == expected_value):
            return int(text)
        last = text
    raise AssertionError("the value did not settle")


def shown_options():
    buttons = driver.find_elements(By.CSS_SELECTOR, "#options button")
    return [(json.loads(b.get_attribute("data-move")), int(b.get_attribute("data-value"))) for b in buttons]


def cli(*args):
    return subprocess.run([TARTAN, *args], capture_output=True, text=True, check=True).stdout


def rest_pointer():
    """Moves the pointer off the board, so that a screenshot shows no hovered coin."""
    webdriver.ActionChains(driver).move_to_element(by_id("setup-title")).perform()


def type_into(box, text):
    """Types `text` over the field's text, as a person does (select all, type), then leaves the field."""
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(text)
    box.send_keys(Keys.TAB)


def set_size(i, n):
    type_into(by_id("size-" + str(i)), str(n))


def open_link(fragment):
    driver.get("about:blank")
    driver.get(URL + "#" + fragment)


class Page:
    """The page as page_checks.py drives it, through Selenium."""
    url, site, tartan = URL, SITE, TARTAN

    @staticmethod
    def open(fragment):
        open_link(fragment)

    @staticmethod
    def navigate(url):
        driver.get("about:blank")
        driver.get(url)

    @staticmethod
    def script(body, *args):
        return driver.execute_script(body, *args)

    @staticmethod
    def click(selector):
        driver.find_element(By.CSS_SELECTOR, selector).click()

    @staticmethod
    def type_into(selector, text):
        type_into(driver.find_element(By.CSS_SELECTOR, selector), text)

    check = staticmethod(check)
    wait = staticmethod(wait)


# The static explorer is compared with the server itself, started beside it.
if SITE:
    api_server, API_URL = start_explorer(TARTAN)


def static_checks():
    """The static explorer's files and their sizes; its replies, through the page's transport, the server's."""
    files = sorted(os.listdir(SITE))
    check(files == ["app.js", "engine_worker.js", "favicon.svg", "index.html", "style.css", "tartan_engine.js",
                    "tartan_engine.wasm", "transport.js"], "the static explorer is the page, its transport, the "
          "worker and the engine: " + " ".join(files))
    sizes = {}
    for name in files:
        with open(os.path.join(SITE, name), "rb") as f:
            data = f.read()
        sizes[name] = (len(data), len(gzip.compress(data, 9)))
    print("download: %d bytes, %d gzip-compressed (tartan_engine.wasm %d and %d)" %
          (sum(s[0] for s in sizes.values()), sum(s[1] for s in sizes.values()), *sizes["tartan_engine.wasm"]))

    asked = api_replies.requests()
    differ, wide, refused = [], [], 0
    for endpoint, body, needs_64_bits in asked:
        page = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "sendRequest(arguments[0], arguments[1]).then(done, (e) => done({status: 0, type: '', text: String(e)}));",
            endpoint, body)
        served = api_replies.post(API_URL, endpoint, body)
        refused += served[0] >= 400
        if needs_64_bits:
            wide.append((page["status"], json.loads(page["text"]).get("error", ""), served[0]))
        elif (page["status"], page["type"], api_replies.comparable(page["text"])) != \
                (served[0], served[1], api_replies.comparable(served[2])):
            differ.append("/api/%s %s: page %s %s, server %s %s" % (endpoint, body[:80], page["status"],
                                                                   page["text"][:160], served[0], served[2][:160]))
    check(not differ, "%d requests of api_replies.py (%d of them refused) get the server's status, content type and "
          "bytes through the page's transport%s" % (len(asked) - len(wide), refused,
                                                    "".join("\n  " + d for d in differ[:10])))
    check(wide and all(status == 422 and "32-bit build" in said for status, said, _ in wide) and
          any(server_status == 200 for _, _, server_status in wide),
          "the %d requests with 2^32 coins along an axis, which tartan explore answers or refuses for other reasons, "
          "the 32-bit engine refuses, saying why: %s" % (len(wide), wide))


try:
    loading = time.monotonic()
    driver.get(URL)
    analysed()
    check(driver.title == "tartan explore", "the page loads, titled 'tartan explore', and analyses its first position, "
          "%.2f s after it is asked for (a fresh profile: nothing cached)" % (time.monotonic() - loading))

    # Mock Turtles, 8 coins, coins 0, 3 and 5 clicked heads.
    Select(by_id("factor-0")).select_by_value("mock-turtles")
    set_size(0, 8)
    wait(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#board .coin")) == 8, "8 coins")
    by_id("all-tails").click()
    position_settled(0)
    for c in (0, 3, 5):
        coin("board", str(c)).click()
        time.sleep(0.15)
    value = position_settled()
    heads = [0, 3, 5]
    drawn = "".join("H" if c in heads else "T" for c in range(8))
    check([c for c in range(8) if "heads" in coin("board", str(c)).get_attribute("class")] == heads,
          "coins 0, 3 and 5 are heads after clicking them")
    g_shown = [int(e.text) for e in driver.find_elements(By.CSS_SELECTOR, "#board .slot:not(.labels) .g")]
    check(g_shown == [mock_turtles_g(n) for n in range(8)], "g(n) under each coin is the mex definition's: " +
          str(g_shown))
    expected = row_value(heads, mock_turtles_g)
    check(value == expected, "the value shown, %d, is the XOR of g over the heads, %d" % (value, expected))
    answer = json.loads(cli("analyze", "mock-turtles", drawn, "--options", "1000", "--limit", "500", "--json"))
    check(value == answer["value"], "the value is the CLI's")
    options = shown_options()
    check(options == [(o["move"], o["value"]) for o in answer["options"]], "the options shown are the CLI's, in "
          "its order (%d options)" % len(options))
    brute = set()
    for n in heads:
        for others in mock_turtles_moves(n):
            brute.add((tuple(sorted(others + (n,))), value ^ mock_turtles_g(n) ^ row_value(others, mock_turtles_g)))
    check({(tuple(m), v) for m, v in options} == brute, "the options are every move of the definition, with the "
          "value each leaves (%d)" % len(brute))
    winning = [json.loads(b.get_attribute("data-move")) for b in
               driver.find_elements(By.CSS_SELECTOR, "#winning button")]
    check(sorted(map(tuple, winning)) == sorted(m for m, v in brute if v == 0),
          "the winning moves shown are the options of value 0: " + str(winning))
    lit = [c for c in range(8) if "winning" in coin("board", str(c)).get_attribute("class")]
    check(lit == sorted({m[-1] for m in winning}), "the coins where a winning move starts light up: " + str(lit))
    driver.execute_script("window.scrollTo(0, 0)")
    rest_pointer()
    by_id("view-position").screenshot(os.path.join(OUT, "position.png"))
    driver.save_screenshot(os.path.join(OUT, "page-position.png"))

    # Pointing at a winning move marks its coins as turned; choosing it makes it, leaving value 0.
    first = driver.find_element(By.CSS_SELECTOR, "#winning button")
    move = json.loads(first.get_attribute("data-move"))
    driver.execute_script("arguments[0].focus()", first)
    marked = [c for c in range(8) if "turned" in coin("board", str(c)).get_attribute("class")]
    check(marked == move, "focusing a move marks its coins on the board: " + str(marked))
    first.click()
    check(position_settled(0) == 0, "making a winning move leaves value 0")
    by_id("back").click()
    check(position_settled(value) == value, "Back returns to the position before")

    # The keyboard: arrow keys between coins, Space turns one over.
    coin("board", "0").click()
    position_settled()
    active = driver.switch_to.active_element
    active.send_keys(Keys.ARROW_RIGHT)
    driver.switch_to.active_element.send_keys(Keys.SPACE)
    time.sleep(0.2)
    position_settled()
    check("heads" in coin("board", "1").get_attribute("class") and
          "heads" not in coin("board", "0").get_attribute("class"),
          "Space on coin 1, reached with the arrow key, turns it over")

    # A shared link opens the same position.
    link = by_id("share-link").get_attribute("value")
    shown_value = int(by_id("value").text)
    driver.get("about:blank")
    driver.get(link)
    check(position_settled() == shown_value, "the link " + link.replace(URL, "/") + " opens the same position")

    # A board: Rugs (ruler × ruler), G(a, b) on each coin, checked against the nim product's definition.
    by_id("kind-2").click()
    wait(lambda: by_id("factor-1").is_displayed(), "the second factor")
    Select(by_id("factor-0")).select_by_value("ruler")
    Select(by_id("factor-1")).select_by_value("ruler")
    set_size(0, 6)
    set_size(1, 8)
    wait(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#board .coin")) == 48, "a 6x8 board")
    for key in ("0,0", "0,3", "1,2", "2,0", "2,1", "3,5", "5,1", "5,7"):
        coin("board", key).click()
        time.sleep(0.1)
    board_value = position_settled()
    labels = dict(driver.execute_script(
        "return [...document.querySelectorAll('#board .coin')].map(b => [b.dataset.coin, b.getAttribute('aria-label')])"))
    labels_ok = len(labels) == 48
    for a in range(6):
        for b in range(8):
            g_ab = int(re.search(r"G\(\d+, \d+\) = (\d+)", labels["%d,%d" % (a, b)]).group(1))
            labels_ok = labels_ok and g_ab == nim_mul(ruler_g(a), ruler_g(b))
    check(labels_ok, "every coin of the board tells G(a, b) = ruler(a) ⊗ ruler(b), the nim product's definition")
    cells = [(0, 0), (0, 3), (1, 2), (2, 0), (2, 1), (3, 5), (5, 1), (5, 7)]
    expected = 0
    for a, b in cells:
        expected ^= nim_mul(ruler_g(a), ruler_g(b))
    check(board_value == expected, "the board's value, %d, is the XOR of G over its heads, %d" % (board_value,
                                                                                                   expected))
    driver.execute_script("window.scrollTo(0, 0)")
    rest_pointer()
    by_id("view-position").screenshot(os.path.join(OUT, "board.png"))

    # The heat map of the value table.
    by_id("tab-table").click()
    type_into(by_id("table-size"), "32x32")
    by_id("table-draw").click()
    wait(lambda: "32x32" in (by_id("table-map").get_attribute("innerHTML") or ""), "the heat map of 32x32")
    title = driver.find_element(By.CSS_SELECTOR, "#table-map svg").get_attribute("innerHTML")
    check("ruler(a) ⊗ ruler(b)" in title, "the heat map is the table of ruler(a) ⊗ ruler(b)")
    svg_file = os.path.join(OUT, "rugs-32.svg")
    cli("table", "ruler*ruler", "--size", "32x32", "--svg", svg_file)
    with open(svg_file, encoding="utf-8") as f:
        cli_svg = f.read()
    page_cells = len(driver.find_elements(By.CSS_SELECTOR, "#table-map svg rect.cell"))
    check(page_cells == cli_svg.count('class="cell"'), "the page draws the CLI's heat map (%d cells)" % page_cells)
    by_id("table-map").screenshot(os.path.join(OUT, "heatmap.png"))
    driver.save_screenshot(os.path.join(OUT, "page-table.png"))

    # Verify a box: progress, then every cell agreeing, drawn.
    by_id("tab-verify").click()
    type_into(by_id("verify-size"), "48x48")
    by_id("verify-start").click()
    wait(lambda: "every cell agrees" in by_id("verify-status").text, "the verification", 120)
    check("2304 of 2304 cells" in by_id("verify-status").text, "the verification checked all 2304 cells")
    wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#verify-picture svg"), "the verification's picture")
    check(by_id("verify-progress").get_attribute("value") == "1", "the progress bar is full")
    by_id("view-verify").screenshot(os.path.join(OUT, "verify.png"))

    # A verification that takes hours (Mock Turtles × Mock Turtles on 128x128 by direct mex, within the static
    # explorer's memory limit of 1 GiB): its progress bar moves and the page goes on answering (a coin turned over on
    # the board is analysed); it ends unfinished with the report of the cells it checked, cancelled, or stopped by
    # the time limit once its pace projects it past 60 s (after half a second of measured work), whichever comes
    # first: both are reports of the cells checked, and neither outcome depends on the machine's speed.
    open_link("game=mock-turtles*mock-turtles&size=4x4&heads=0:0,1:2,3:3&view=verify")
    long_value = nim_mul(1, 1) ^ nim_mul(mock_turtles_g(1), mock_turtles_g(2)) ^ nim_mul(mock_turtles_g(3),
                                                                                          mock_turtles_g(3))
    type_into(by_id("verify-size"), "128x128")
    by_id("verify-start").click()
    # Until the job has moved, or ended: the status says nothing of this job until its start is answered.
    wait(lambda: 0 < float(by_id("verify-progress").get_attribute("value")) < 1 or
         by_id("verify-status").text.startswith(("Cancelled", "Stopped")), "the verification's progress", 120)
    check(float(by_id("verify-progress").get_attribute("value")) > 0, "a long verification shows its progress: " +
          by_id("verify-percent").text)
    if by_id("verify-status").text.startswith("Verifying"):
        by_id("verify-cancel").click()
    wait(lambda: by_id("verify-status").text.startswith(("Cancelled", "Stopped")), "the verification's report", 30)
    ended = re.match(r"(Cancelled|Stopped): (\d+) of 16384 cells of 128x128 checked in [0-9.]+ s on 1 thread, "
                     r"0 mismatches\.", by_id("verify-status").text)
    check(ended is not None and 0 < int(ended.group(2)) < 16384 and
          float(by_id("verify-progress").get_attribute("value")) < 1,
          "cancelled or stopped, it reports the cells it checked, none mismatched: " + by_id("verify-status").text)
    by_id("tab-position").click()
    check(position_settled(long_value) == long_value, "the page shows the board's value, %d" % long_value)
    coin("board", "0,0").click()
    check(position_settled(long_value ^ 1) == long_value ^ 1, "and analyses a coin turned over: value %d, the "
          "board's %d ⊕ G(0, 0) = 1" % (long_value ^ 1, long_value))
    by_id("tab-verify").click()
    check(not by_id("verify-start").get_attribute("disabled"), "a new verification can start")

    # Play Mock Turtles against the engine, which moves first from an N-position: it must win.
    by_id("tab-position").click()
    by_id("kind-1").click()
    wait(lambda: not driver.find_elements(By.ID, "factor-1"), "one game")
    Select(by_id("factor-0")).select_by_value("mock-turtles")
    set_size(0, 8)
    wait(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#board .coin")) == 8, "8 coins")
    start = [0, 2, 3, 6, 7]
    by_id("all-tails").click()
    position_settled(0)
    for c in start:
        coin("board", str(c)).click()
        time.sleep(0.15)
    start_value = position_settled()
    check(start_value == row_value(start, mock_turtles_g) and start_value != 0,
          "the start HTHHTTHH is an N-position, value %d" % start_value)
    by_id("tab-play").click()
    by_id("first-engine").click()
    by_id("play-new").click()
    heads = set(start)

    def play_settled():
        wait(lambda: "wins" in by_id("play-status").text or
             not coin("play-board", "0").get_attribute("disabled"), "the engine's reply")

    play_settled()
    turns = 0
    while "wins" not in by_id("play-status").text and turns < 40:
        shown = [c for c in range(8) if "heads" in coin("play-board", str(c)).get_attribute("class")]
        coin("play-board", str(max(shown))).click()  # the rightmost heads coin alone: always a move
        by_id("play-move").click()
        play_settled()
        turns += 1
    status = by_id("play-status").text
    check("The engine wins" in status, "the engine, first from an N-position, wins: " + status)
    log = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#play-log li")]
    check(log and log[0].startswith("engine:"), "the engine moved first: " + (log[0] if log else "no move"))
    replay_ok = True
    for entry in log:
        who, coins = entry.split(": turn ")
        for c in map(int, coins.split()):
            heads ^= {c}
        if who == "engine":
            replay_ok = replay_ok and row_value(heads, mock_turtles_g) == 0
    check(replay_ok and not heads, "replayed, every engine move leaves value 0 (by the mex definition), and "
          "the game ends with no heads coin")
    driver.execute_script("window.scrollTo(0, 0)")
    rest_pointer()
    by_id("view-play").screenshot(os.path.join(OUT, "play-over.png"))

    # Undo after the end takes back the last move and the engine's answer; hints give the value of the position.
    by_id("play-undo").click()
    wait(lambda: "Your turn" in by_id("play-status").text, "the move taken back")
    back = {c for c in range(8) if "heads" in coin("play-board", str(c)).get_attribute("class")}
    check(back, "Undo after the end brings back a position with heads coins: " + str(sorted(back)))
    by_id("hints").click()
    wait(lambda: by_id("play-hint").is_displayed() and by_id("play-hint").text.startswith("Value"), "the hint")
    hinted = int(re.match(r"Value (\d+)", by_id("play-hint").text).group(1))
    check(hinted == row_value(back, mock_turtles_g), "the hint gives the value of the position, %d" % hinted)
    driver.execute_script("window.scrollTo(0, 0)")
    rest_pointer()
    by_id("view-play").screenshot(os.path.join(OUT, "play.png"))
    driver.save_screenshot(os.path.join(OUT, "page-play.png"))

    # Values past 2^53, which a double cannot hold: Motley, g(n) = 2^n (Winning Ways, vol. 3, ch. 14), 60 coins with
    # coins 0 and 59 heads. Every number on the page is compared, digit for digit, with 2^n and with the CLI's JSON
    # (Python reads its integers exactly).
    def page_texts(selector, attribute=None):
        return driver.execute_script(
            "return [...document.querySelectorAll(arguments[0])].map(e => arguments[1] ? e.getAttribute(arguments[1])"
            " : e.textContent)", selector, attribute)

    def svg_labels(folder, name, *args):
        """The texts of the picture `tartan args... --svg` draws."""
        path = os.path.join(folder, name)
        cli(*args, "--svg", path)
        with open(path, encoding="utf-8") as f:
            texts = [re.sub(r"<[^>]*>", "", t) for t in re.findall(r"<text[^>]*>.*?</text>", f.read(), re.S)]
        return [t.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&amp;", "&") for t in texts]

    def big_numbers_shown():
        """Every integer of 16 digits or more in the page's text, labels and titles."""
        text = driver.execute_script(
            "return document.body.innerText + ' ' + [...document.querySelectorAll('[aria-label], [title], "
            "[data-value]')].map(e => [e.getAttribute('aria-label'), e.getAttribute('title'), "
            "e.dataset.value].join(' ')).join(' ')")
        return set(re.findall(r"\d{16,}", text))

    motley_position = "H" + "T" * 58 + "H"
    open_link("game=motley&size=60&position=" + motley_position)
    value = analysed()
    answer = json.loads(cli("analyze", "motley", motley_position, "--options", "1000", "--limit", "500", "--json"))
    seq = json.loads(cli("seq", "motley", "64", "--json"))["values"]
    check(seq == [2 ** n for n in range(64)], "the CLI's g(0..63) of Motley are 2^n")
    check(value == answer["value"] == 2 ** 59 + 1, "the value shown, %d, is the CLI's and 2^0 ⊕ 2^59" % value)
    g_shown = page_texts("#board .slot:not(.labels) .g")
    check(g_shown == [str(v) for v in seq[:60]], "g(n) under each coin is 2^n, digit for digit: g(56..59) shown " +
          " ".join(g_shown[56:]))
    labels = page_texts("#board .coin", "aria-label")
    check(all(re.search(r"g\(%d\) = (\d+)" % n, label).group(1) == str(2 ** n) for n, label in enumerate(labels)),
          "each coin tells g(n) = 2^n exactly: " + labels[59])
    formula = by_id("formula").text
    check(formula == "value = g(0) ⊕ g(59) = 1 ⊕ %d = %d, the nim sum (XOR) of the heads coins' values" %
          (seq[59], seq[0] ^ seq[59]), "the equation is true: " + formula)
    moves = [json.loads(m) for m in page_texts("#options button", "data-move")]
    values = page_texts("#options button", "data-value")
    after = page_texts("#options .after")
    expected = [(o["move"], o["value"]) for o in answer["options"]]
    check(list(zip(moves, map(int, values))) == expected and after == ["→ %d" % v for m, v in expected],
          "the %d options and the values they leave are the CLI's, digit for digit (e.g. %s → %s)" %
          (len(expected), moves[0], values[0]))
    left = [(2 ** 59 + 1) ^ sum(2 ** c for c in m) for m, v in expected]
    check([v for m, v in expected] == left, "each option leaves 2^0 ⊕ 2^59 ⊕ the 2^c of the coins it turns")
    allowed = {str(v) for v in seq} | {str(v) for m, v in expected} | {str(answer["value"])}
    shown = big_numbers_shown()
    check(shown and shown <= allowed, "every number of 16 digits or more on the page is one of these exact values "
          "(%d of them): none rounded" % len(shown))
    driver.execute_script("window.scrollTo(0, 0)")
    rest_pointer()
    driver.save_screenshot(os.path.join(OUT, "page-motley.png"))

    # The sequence tab: the values listed and the plot's labels, for g(0..63).
    by_id("tab-sequence").click()
    type_into(by_id("seq-count"), "64")
    by_id("seq-draw").click()
    wait(lambda: by_id("seq-values").text.startswith("g(0..63)"), "g(0..63) listed")
    check(by_id("seq-values").text == "g(0..63) = " + " ".join(map(str, seq)),
          "the sequence tab lists g(0..63) = 2^n exactly, up to " + by_id("seq-values").text.split()[-1])
    summary = by_id("seq-summary").text
    check("period: none found in g(0..63)" in summary and
          "largest value so far: %d, first at n = 63" % seq[63] in summary,
          "the sequence tab summarises g(0..63) as seq --period does, its largest value 2^63 exact: " + summary)
    page_labels = page_texts("#seq-plot svg text")
    check(page_labels == svg_labels(OUT, "motley-64.svg", "seq", "motley", "64"),
          "the plot's labels are the CLI's (%d labels)" % len(page_labels))
    check(big_numbers_shown() <= allowed, "every number of 16 digits or more in the sequence tab is exact")

    # Play from it, with hints: the value of the position to move from, and the values under the coins.
    by_id("tab-play").click()
    by_id("first-you").click()
    if not by_id("hints").is_selected():
        by_id("hints").click()
    by_id("play-new").click()
    wait(lambda: by_id("play-hint").text.startswith("Value"), "the hint")
    check(by_id("play-hint").text == "Value %d: you can win; a winning move: turn 0 59" % (2 ** 59 + 1),
          "the hint gives the value exactly: " + by_id("play-hint").text)
    check(page_texts("#play-board .slot:not(.labels) .g") == [str(v) for v in seq[:60]],
          "g(n) under each coin of the game is 2^n exactly")
    check(big_numbers_shown() <= allowed, "every number of 16 digits or more in the play tab is exact")
    by_id("tab-position").click()

    # A board with values past 2^53: Motley × Motley, G(a, b) = 2^a ⊗ 2^b, checked against the nim product by the
    # Fermat 2-powers (itself checked against the mex definition below 32) and the CLI's table.
    check(all(nim_mul_fermat(a, b) == nim_mul(a, b) for a in range(32) for b in range(32)),
          "the nim product by the Fermat 2-powers is the mex definition's below 32")
    table = json.loads(cli("table", "motley*motley", "--size", "40x40", "--json"))
    # (Analysing a head past row or column 30 would list 2^31 option values and is refused: the heads stay small.)
    open_link("game=motley*motley&size=40x40&heads=0:0,3:5")
    board_value = analysed()
    labels = dict(zip(page_texts("#board .coin", "data-coin"), page_texts("#board .coin", "aria-label")))
    g_board = {key: int(re.search(r"G\(\d+, \d+\) = (\d+)", label).group(1)) for key, label in labels.items()}
    check(len(g_board) == 1600 and all(g_board["%d,%d" % (a, b)] == table[a][b] == nim_mul_fermat(2 ** a, 2 ** b)
                                       for a in range(40) for b in range(40)),
          "every coin of the 40x40 board tells G(a, b) = 2^a ⊗ 2^b exactly, the CLI's too (%d of them past 2^53)" %
          sum(v > 2 ** 53 for row in table for v in row))
    check(board_value == 1 ^ nim_mul_fermat(8, 32) and by_id("formula").text ==
          "value = G(0, 0) ⊕ G(3, 5) = 1 ⊕ %d = %d, the nim sum (XOR) of the heads coins' values" %
          (table[3][5], 1 ^ table[3][5]), "the board's equation is true: " + by_id("formula").text)
    table_values = {str(v) for row in table for v in row}
    shown = big_numbers_shown()
    check(shown and shown <= table_values, "every number of 16 digits or more on the board is one of its exact "
          "values (%d of them)" % len(shown))
    by_id("tab-table").click()
    type_into(by_id("table-size"), "40x40")
    by_id("table-draw").click()
    wait(lambda: "40x40" in (by_id("table-map").get_attribute("innerHTML") or ""), "the heat map of 40x40")
    page_labels = page_texts("#table-map svg text")
    check(page_labels == svg_labels(OUT, "motley-40.svg", "table", "motley*motley", "--size", "40x40"),
          "the heat map's labels (its colour scale up to %s) are the CLI's" % page_labels[-1])
    by_id("tab-position").click()

    # Shared links are input like any other: cut to the largest board drawn, with a notice, and never a hang.
    for fragment, coins, sizes, said in [
            ("game=ruler*ruler&size=200x200&heads=5:5,100:3", 1600, ["40", "40"], ["200x200", "40x40",
                                                                                    "1 of its heads"]),
            ("game=ruler&size=1000&position=" + "TH" * 500, 256, ["256"], ["1000 coins", "256 coins"]),
            ("game=ruler*ruler*ruler&size=999x2x2&heads=0:0:0", 24, ["6", "2", "2"], ["999x2x2", "6x12x12"]),
            # Ten billion coins: drawn as asked, the tab would hang (the test's page load limit ends it).
            ("game=ruler*ruler&size=100000x100000&heads=5:5", 1600, ["40", "40"], ["100000x100000", "40x40"])]:
        began_link = time.monotonic()
        open_link(fragment)
        link_value = analysed()
        seconds = time.monotonic() - began_link
        drawn = len(driver.find_elements(By.CSS_SELECTOR, "#board .coin"))
        fields = [by_id("size-%d" % i).get_attribute("value") for i in range(len(sizes))]
        notice = " ".join(e.text for e in driver.find_elements(By.ID, "notice") if e.is_displayed())
        check(drawn == coins and fields == sizes and all(s in notice for s in said),
              "the link #%s… draws %d coins as the size fields say (%s), in %.1f s, and says so: %s" %
              (fragment[:50], drawn, "x".join(fields), seconds, notice))
        heads = [c.get_attribute("data-coin") for c in driver.find_elements(By.CSS_SELECTOR, "#board .coin.heads")]
        if fragment.startswith("game=ruler&"):
            check(link_value == row_value(range(1, 256, 2), ruler_g) and len(heads) == 128,
                  "the row cut to 256 coins keeps its first 128 heads, value %d" % link_value)
        elif "5:5" in fragment:
            check(heads == ["5,5"] and link_value == nim_mul(ruler_g(5), ruler_g(5)),
                  "the board keeps the head inside it, value %d" % link_value)
    # The notice goes once the person changes the game or its size.
    set_size(0, 8)
    wait(lambda: not any(e.is_displayed() for e in driver.find_elements(By.ID, "notice")), "the notice to go")
    check(True, "the notice goes once the size is changed")

    # Kayles as heaps: the view starts from the row's heads, keeps equal heaps, and lists the winning heap moves of
    # the definition; choosing one makes it, leaving value 0.
    open_link("game=kayles&size=10&position=TTTTTHTHTH")
    analysed()
    wait(lambda: by_id("heap-view").is_displayed(), "the heap view of a take-and-break game")
    check(by_id("heaps").get_attribute("value") == "5,7,9", "the heaps start as the row's heads: 5,7,9")
    type_into(by_id("heaps"), "9,3,3,5,7")
    by_id("heaps-analyse").click()
    wait(lambda: by_id("heaps").get_attribute("value") == "3,3,5,7,9", "the heaps analysed")
    heap_moves = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#heap-moves button")]
    expected_moves = ["★ " + m for m in kayles_winning_heap_moves([3, 3, 5, 7, 9])]
    heaps_value = row_value([3, 3, 5, 7, 9], kayles_g)
    check(heap_moves == expected_moves and "value %d" % heaps_value in by_id("heaps-line").text,
          "heaps 3 3 5 7 9: value %d and the winning heap moves of the definition: %s" % (heaps_value, heap_moves))
    driver.find_element(By.CSS_SELECTOR, "#heap-moves button").click()
    wait(lambda: by_id("heaps-line").text.startswith("heaps ") and "value 0" in by_id("heaps-line").text,
         "value 0 after a winning heap move")
    check(not driver.find_elements(By.CSS_SELECTOR, "#heap-moves button"),
          "after a winning heap move no winning move is left: " + by_id("heaps").get_attribute("value"))
    by_id("view-position").screenshot(os.path.join(OUT, "heaps.png"))
    open_link("game=ruler&size=10&position=TTTTTHTHTH")
    analysed()
    check(not by_id("heap-view").is_displayed(), "a coin-turning game has no heap view")

    # Misère play (the toggle): the outcome of Mock Turtles HTTHHTHT and its winning moves by the misère definition,
    # no value and no options; a winning move leaves a P-position; the toggle off gives the value back.
    def misere_settled():
        wait(lambda: by_id("value-label").text.startswith("misère") and by_id("value").text in ("N", "P"),
             "the misère outcome")
        time.sleep(0.3)
        return by_id("value").text

    misere_row = "HTTHHTHT"
    misere_mask = sum(1 << c for c, x in enumerate(misere_row) if x == "H")
    open_link("game=mock-turtles&size=8&position=" + misere_row + "&misere=1")
    outcome = misere_settled()
    check(by_id("misere").is_selected(), "the link's misere=1 sets the toggle")
    check(outcome == ("N" if mock_turtles_misere_wins(misere_mask) else "P"),
          "the misère outcome of HTTHHTHT, %s, is the definition's" % outcome)
    shown = [json.loads(b.get_attribute("data-move")) for b in
             driver.find_elements(By.CSS_SELECTOR, "#winning button")]
    expected = sorted(tuple(sorted(o + (n,))) for n in range(8) if misere_mask >> n & 1 for o in mock_turtles_moves(n)
                      if not mock_turtles_misere_wins(misere_mask ^ sum(1 << c for c in o + (n,))))
    check(sorted(map(tuple, shown)) == expected, "the misère winning moves shown are the definition's: " + str(shown))
    check(not driver.find_elements(By.CSS_SELECTOR, "#options button"), "misère play lists no options with values")
    by_id("view-position").screenshot(os.path.join(OUT, "misere.png"))
    if shown:
        driver.find_element(By.CSS_SELECTOR, "#winning button").click()
        wait(lambda: by_id("value").text == "P", "a P-position after a misère winning move")
        check(True, "a misère winning move leaves a P-position")
    by_id("misere").click()
    check(analysed() >= 0 and by_id("value-label").text == "value", "the toggle off shows the value again")
    by_id("misere").click()
    misere_settled()

    # A game in misère play: the engine, first from an N-position, wins; replayed by the definition, each of its
    # moves leaves a P-position of misère play, and the person made the last move.
    start_mask = sum(1 << c for c in (0, 1, 3, 6, 7))
    check(mock_turtles_misere_wins(start_mask), "HHTHTTHH is an N-position in misère play")
    open_link("game=mock-turtles&size=8&position=HHTHTTHH&misere=1")
    misere_settled()
    by_id("tab-play").click()
    by_id("first-engine").click()
    if by_id("hints").is_selected():
        by_id("hints").click()
    by_id("play-new").click()
    play_settled()
    turns = 0
    while "wins" not in by_id("play-status").text and turns < 40:
        shown = [c for c in range(8) if "heads" in coin("play-board", str(c)).get_attribute("class")]
        coin("play-board", str(max(shown))).click()
        by_id("play-move").click()
        play_settled()
        turns += 1
    status = by_id("play-status").text
    check("The engine wins" in status and "misère" in status, "the engine wins the misère game: " + status)
    heads = start_mask
    replay_ok = True
    for entry in [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#play-log li")]:
        who, coins = entry.split(": turn ")
        for c in map(int, coins.split()):
            heads ^= 1 << c
        if who == "engine":
            replay_ok = replay_ok and not mock_turtles_misere_wins(heads)
    check(replay_ok and heads == 0, "replayed, every engine move leaves a misère P-position, and the person turned "
          "the last coin")
    by_id("view-play").screenshot(os.path.join(OUT, "play-misere.png"))
    by_id("tab-position").click()

    # Kayles heaps in misère play: two heaps of 2 are a P-position as heaps (as coins they would cancel).
    open_link("game=kayles&size=10&position=TTTTTHTHTH&misere=1")
    misere_settled()
    type_into(by_id("heaps"), "2,2")
    by_id("heaps-analyse").click()
    wait(lambda: "misère" in by_id("heaps-line").text, "the heaps in misère play")
    check(("outcome P" in by_id("heaps-line").text) == (not kayles_misere_wins((2, 2))) and
          not kayles_misere_wins((2, 2)),
          "heaps 2 2 in misère play: " + by_id("heaps-line").text)
    by_id("misere").click()

    # A product of take-and-break games: Kayles × Dawson's Kayles on a board. Every coin tells G(a, b), which must be
    # kayles(a) ⊗ dawsons-kayles(b) by the heap games' definitions and the nim product's; the options shown must be
    # every product move S × T of the coin forms (heap n is coin n, a move turns n and the heaps it leaves), each with
    # the value it leaves.
    open_link("game=kayles*dawsons-kayles&size=6x8&heads=1:3,2:5,3:7,5:4,4:6,5:7")
    product_value = analysed()
    labels = dict(zip(page_texts("#board .coin", "data-coin"), page_texts("#board .coin", "aria-label")))

    def G(a, b):
        return nim_mul(kayles_g(a), dawsons_kayles_g(b))

    check(len(labels) == 48 and all(int(re.search(r"G\(\d+, \d+\) = (\d+)", labels["%d,%d" % (a, b)]).group(1)) == G(a, b)
                                    for a in range(6) for b in range(8)),
          "every coin of the Kayles × Dawson's Kayles board tells G(a, b) = kayles(a) ⊗ dawsons-kayles(b)")
    product_heads = [(1, 3), (2, 5), (3, 7), (5, 4), (4, 6), (5, 7)]
    expected_value = 0
    for a, b in product_heads:
        expected_value ^= G(a, b)
    check(product_value == expected_value, "the board's value, %d, is the XOR of G over its heads, %d" %
          (product_value, expected_value))
    brute = set()
    for a, b in product_heads:
        for rows in coin_moves(kayles_heap_moves, a):
            for cols in coin_moves(dawsons_kayles_heap_moves, b):
                after = product_value
                for r in rows:
                    for c in cols:
                        after ^= G(r, c)
                brute.add(((tuple(sorted(rows)), tuple(sorted(cols))), after))
    shown = {((tuple(m["rows"]), tuple(m["cols"])), v) for m, v in shown_options()}
    check(shown == brute, "the options are every product move of the heap games' coin forms, with the value each "
          "leaves (%d)" % len(brute))
    by_id("tab-table").click()
    type_into(by_id("table-size"), "16x16")
    by_id("table-draw").click()
    wait(lambda: "16x16" in (by_id("table-map").get_attribute("innerHTML") or ""), "the heat map of 16x16")
    check("kayles(a) ⊗ dawsons-kayles(b)" in by_id("table-map").get_attribute("innerHTML"),
          "the heat map is the table of kayles(a) ⊗ dawsons-kayles(b)")
    by_id("tab-verify").click()
    type_into(by_id("verify-size"), "32x32")
    by_id("verify-start").click()
    wait(lambda: "every cell agrees" in by_id("verify-status").text, "the verification of kayles*dawsons-kayles",
         120)
    check("1024 of 1024 cells" in by_id("verify-status").text,
          "the verification of Kayles × Dawson's Kayles checked all 1024 cells by direct mex")
    by_id("tab-position").click()

    # Kayles played on heaps: the engine, first from the N-position 5, 7, 9, replies in heap moves; the person takes
    # one from the largest heap each turn (always a Kayles move). Every engine reply must be a Kayles move that leaves
    # value 0 (the definition), the engine must win, and at the end each move is reviewed with its values before and
    # after it and its verdict, all the definition's.
    open_link("game=kayles&size=10&position=TTTTTHTHTH")
    analysed()
    by_id("tab-play").click()
    wait(lambda: by_id("play-heap-mode").is_displayed(), "the choice of playing on heaps")
    if by_id("hints").is_selected():
        by_id("hints").click()
    by_id("play-on-heaps").click()
    check(by_id("play-heaps").get_attribute("value") == "5,7,9", "the heaps start as the row's heads: 5,7,9")
    by_id("first-engine").click()
    by_id("play-new").click()

    # Read in one script each, as the page may draw the list again between two reads of its elements.
    def heap_log():
        return page_texts("#play-log li")

    def heaps_shown():
        return [int(h) for h in page_texts("#play-heap-list .heap", "data-heap")]

    def heap_game_over():
        return "no heap can move" in by_id("play-status").text.lower()

    wait(lambda: len(heap_log()) >= 1, "the engine's first heap move")
    turns = 0
    while not heap_game_over() and turns < 30:
        wait(lambda: not by_id("play-heap-move").get_attribute("disabled") and "Your turn" in by_id("play-status").text,
             "the person's turn")
        biggest = max(heaps_shown())
        moves_before = len(heap_log())
        type_into(by_id("play-heap-move"), "take 1 from %d" % biggest + (" leaving %d" % (biggest - 1) if biggest > 1 else ""))
        by_id("play-heap-submit").click()
        wait(lambda: len(heap_log()) >= moves_before + 2 or heap_game_over(), "the engine's reply")
        turns += 1
    status = by_id("play-status").text
    check("The engine wins" in status, "the engine, first from heaps 5, 7, 9 (an N-position), wins: " + status)

    def heap_numbers(text):
        return [int(x) for x in re.findall(r"\d+", text)]

    line_pattern = re.compile(r"^(you|engine): (take (\d+) from the heap of (\d+), leaving (.*)) "
                              r"\(value (\d+) → (\d+), (.*)\)$")
    heaps = [5, 7, 9]
    review_ok, replies_ok, log = True, True, heap_log()
    for entry in log:
        m = line_pattern.match(entry)
        if not m:
            review_ok = False
            print("  not a reviewed heap move: " + entry)
            continue
        who, take, heap, left = m.group(1), int(m.group(3)), int(m.group(4)), heap_numbers(m.group(5))
        before, after, verdict = int(m.group(6)), int(m.group(7)), m.group(8)
        legal = (take, tuple(left)) in [(k, tuple(l)) for k, l in kayles_heap_moves(heap)] and heap in heaps
        value_before = row_value(heaps, kayles_g)
        heaps.remove(heap)
        heaps.extend(left)
        value_after = row_value(heaps, kayles_g)
        expected_verdict = ("a winning move" if value_before != 0 and value_after == 0 else
                            "from value 0 every move loses" if value_before == 0 else "a mistake: ")
        review_ok = review_ok and legal and (before, after) == (value_before, value_after) and \
            verdict.startswith(expected_verdict)
        if who == "engine":
            replies_ok = replies_ok and legal and value_after == 0
    check(replies_ok and log[0].startswith("engine:"), "every engine reply is a Kayles heap move leaving value 0 by "
          "the definition (%d moves in the game)" % len(log))
    check(review_ok and not heaps, "the review gives each move's values before and after and its verdict, as the "
          "definition does, and the game ends with no heap left")
    driver.execute_script("window.scrollTo(0, 0)")
    rest_pointer()
    by_id("view-play").screenshot(os.path.join(OUT, "play-heaps.png"))

    # Undo after the end brings back heaps, the engine's last reply taken back with the person's move.
    by_id("play-undo").click()
    wait(lambda: "Move taken back" in by_id("play-status").text, "the heap move taken back")
    back = heaps_shown()
    check(back and len(heap_log()) == len(log) - 2 and row_value(back, kayles_g) == 0,
          "Undo after the end brings back the heaps %s the person moved from (value 0), and takes two moves off the "
          "log" % back)
    # The person first from 5, 7, 9 with hints: the value, and a winning heap move of the definition.
    by_id("first-you").click()
    by_id("hints").click()
    type_into(by_id("play-heaps"), "9,5,7")
    by_id("play-new").click()
    wait(lambda: by_id("play-hint").is_displayed() and by_id("play-hint").text.startswith("Value"), "the heap hint")
    hint_text = by_id("play-hint").text
    check(heaps_shown() == [5, 7, 9] and hint_text.startswith("Value 2: you can win; a winning move: ") and
          hint_text.split("a winning move: ")[1] in kayles_winning_heap_moves([5, 7, 9]),
          "the person first from 9,5,7 (shown 5 7 9) is hinted the value 2 and a winning move of the definition: " +
          hint_text)
    # A move that is not Kayles' is refused with the reason, and changes nothing.
    type_into(by_id("play-heap-move"), "split 9 into 4 5")
    by_id("play-heap-submit").click()
    wait(lambda: "Not a move" in by_id("play-status").text, "the refusal")
    check("kayles (code 0.77) has no move that splits a heap of 9 into 4 and 5" in by_id("play-status").text and
          heaps_shown() == [5, 7, 9], "an illegal heap move is refused with the reason: " + by_id("play-status").text)
    refused = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    if SITE:
        check(not refused, "the refusal is the engine's answer, and the page logs no error: " + str(refused))
    else:
        check(len(refused) == 1 and "/api/play" in refused[0]["message"] and "400" in refused[0]["message"],
              "the refusal is the server's answer 400 to the move, the page's only error: " + str(refused))
    by_id("hints").click()
    by_id("play-on-heaps").click()
    by_id("tab-position").click()

    # Kayles on heaps in misère play: from one heap of 2 (an N-position of misère Kayles), taking one pin leaves the
    # engine the last one; its forced reply makes the last move, which loses. The review gives the misère outcomes of
    # the definition, no value.
    open_link("game=kayles&size=10&position=TTTTTHTHTH&misere=1")
    misere_settled()
    by_id("tab-play").click()
    wait(lambda: by_id("play-heap-mode").is_displayed(), "the choice of playing on heaps")
    if by_id("hints").is_selected():
        by_id("hints").click()
    if not by_id("play-on-heaps").is_selected():
        by_id("play-on-heaps").click()
    by_id("first-you").click()
    type_into(by_id("play-heaps"), "2")
    by_id("play-new").click()
    wait(lambda: "Your turn" in by_id("play-status").text, "the person's turn in misère play")
    check("Misère play" in by_id("play-status").text, "the start says misère play: " + by_id("play-status").text)
    type_into(by_id("play-heap-move"), "take 1 from 2 leaving 1")
    by_id("play-heap-submit").click()
    wait(heap_game_over, "the end of the misère game on heaps")
    status = by_id("play-status").text
    check("You win" in status and "misère" in status, "the person wins the misère game on heaps: " + status)
    said = {True: "N", False: "P"}
    expected_log = [
        "you: take 1 from the heap of 2, leaving a heap of 1 (outcome %s → %s, a winning move)" %
        (said[kayles_misere_wins((2,))], said[kayles_misere_wins((1,))]),
        "engine: take 1 from the heap of 1, leaving nothing (outcome %s → %s, from a P-position every move loses)" %
        (said[kayles_misere_wins((1,))], said[kayles_misere_wins(())]),
    ]
    check(heap_log() == expected_log, "the misère review gives the definition's outcomes: " + str(heap_log()))
    by_id("view-play").screenshot(os.path.join(OUT, "play-heaps-misere.png"))
    by_id("play-on-heaps").click()
    by_id("tab-position").click()
    by_id("misere").click()

    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    check(not errors, "the browser's console has no error: " + str(errors))

    # A bad link: a game no one knows is refused with the engine's message, the CLI's, in the error box on the page;
    # the console shows the refusal (status 400) and nothing else.
    open_link("game=mock-turtle&size=8&position=HTTHTTTT")
    wait(lambda: by_id("error").is_displayed(), "the error shown for a bad link")
    said = subprocess.run([TARTAN, "analyze", "mock-turtle", "HTTHTTTT"], capture_output=True, text=True)
    # (The page's advice differs from the CLI's after the question mark: it names what to type on the page.)
    check(said.returncode == 2 and by_id("error").text.startswith("unknown game 'mock-turtle'; did you mean "
                                                                   "'mock-turtles'?") and
          by_id("error").text.split("?")[0] in said.stderr and by_id("value").text == "…",
          "the link to the unknown game mock-turtle is refused, with the CLI's message shown: " + by_id("error").text)
    by_id("view-position").screenshot(os.path.join(OUT, "bad-link.png"))

    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and
              not ("/api/" in e["message"] and "status of 400" in e["message"])]
    check(not errors, "the browser's console has nothing but the refusal: " + str(errors))

    # A link's changed parameters, each with its notice; misère play's words (page_checks.py, shared with Firefox).
    page_checks.link_notices(Page)
    page_checks.misere_words(Page)
    # Sums, the quotient view, a misère sum played with its hints, the tour (page_checks.py).
    page_checks.sums(Page)
    page_checks.quotient(Page)
    page_checks.sum_play(Page)
    page_checks.tour(Page)

    if SITE:
        static_checks()
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        check(not errors, "the browser's console has no error: " + str(errors))
        page_checks.opened_from_disk(Page)
except AssertionError as e:
    failures.append(str(e))
    print("FAILED: " + str(e))
    driver.save_screenshot(os.path.join(OUT, "failure.png"))
finally:
    driver.quit()
    for process in [server] + ([api_server] if SITE else []):
        if process is server and SITE:
            process.terminate()  # python3 -m http.server
        else:
            process.send_signal(2)  # Ctrl-C
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            failures.append("the server did not stop")
    shutil.rmtree(profile, ignore_errors=True)

print("screenshots in " + OUT)
if failures:
    print("%d check(s) failed" % len(failures))
    sys.exit(1)
print("all checks passed")
