#!/usr/bin/env python3
"""The explorer's page in Firefox: Debian's firefox-esr, driven through Marionette, its built-in remote protocol.

Usage: explore_firefox_test.py TARTAN_EXE OUTPUT_DIR [SITE_DIR]

Debian packages no geckodriver, so Selenium cannot drive Firefox there; Marionette needs none: it is length-prefixed
JSON over TCP ("<length>:<json>"), spoken here with the standard library alone. The test starts `tartan explore
--port 0` and a headless Firefox on a fresh profile, and checks what a person sees against the tartan command's answer
and against values computed here from the definitions (the mex over a game's moves; the nim product as the mex over
its own definition): Ruler then Mock Turtles picked, the row resized, coins clicked, the value, the outcome and every
option shown with its value; a shared link to a Rugs board (ruler × ruler), G(a, b) on each coin and the board's
value; the heat map of its value table, each cell's value; a link to Motley on 60 coins, its value 2^59 + 1 shown
digit for digit; a verification, and one cancelled, which reports the cells it checked; a bad link, refused with the
engine's message. Screenshots of the position and the heat map go to OUTPUT_DIR (firefox-position.png,
firefox-heatmap.png). Given SITE_DIR, the page is the static explorer that scripts/build-web made there, served by
`python3 -m http.server`, with the engine compiled to WebAssembly in its Web Workers.

Exits 77 (CTest's SKIP_RETURN_CODE) with a message when Firefox is not installed or its Marionette cannot be reached.
scripts/test installs firefox-esr.
"""
import base64
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse

SKIP = 77
STARTUP_SECONDS = 30


def skip(why):
    print("SKIP: the Firefox test needs " + why + "; install firefox-esr (scripts/install-deps firefox-esr)")
    sys.exit(SKIP)


FIREFOX = shutil.which("firefox-esr") or shutil.which("firefox")
if not FIREFOX:
    skip("firefox-esr (or firefox)")

TARTAN, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)

# The definitions the page is checked against (definitions.py).
from definitions import mex, mock_turtles_g, mock_turtles_moves, nim_mul, row_value, ruler_g  # noqa: E402
from explorer_process import start, static_site  # noqa: E402
import page_checks  # noqa: E402

SITE = static_site(sys.argv)


# ----------------------------------------------------------------------------------------------------------------
# Marionette: each message is "<byte length>:<JSON>"; a command is [0, id, name, parameters], its reply
# [1, id, error, result]. The server speaks first, with {"applicationType": "gecko", "marionetteProtocol": 3}.

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"  # the WebDriver spec's key of an element reference
CONTROL, TAB = "\ue009", "\ue004"  # the WebDriver spec's codes of the keys


class MarionetteError(Exception):
    def __init__(self, error):
        self.error = error.get("error", "unknown error")
        message = (error.get("message") or "").strip()
        super().__init__("Firefox answered " + self.error + (": " + message.splitlines()[0] if message else ""))


class Marionette:
    def __init__(self, profile, process, deadline):
        """Connects to the Marionette of the Firefox `process` started on `profile` with marionette.port 0: Firefox
        listens on a free port and writes it to MarionetteActivePort in the profile, so no port is guessed."""
        port_file = os.path.join(profile, "MarionetteActivePort")
        why = "no MarionetteActivePort in the profile"
        while True:
            if process.poll() is not None:
                raise ConnectionError("Firefox exited with code %d before Marionette answered" % process.returncode)
            if time.monotonic() > deadline:
                raise ConnectionError(why)
            try:
                with open(port_file, encoding="ascii") as f:
                    port = int(f.read().strip())
                self.sock = socket.create_connection(("127.0.0.1", port), timeout=2)
                break
            except (OSError, ValueError) as e:
                why = "Marionette not reached: " + str(e)
                time.sleep(0.2)
        self.sock.settimeout(60)
        self.buffer = b""
        self.next_id = 0
        self.hello = self.receive()
        if self.hello.get("marionetteProtocol") != 3:
            raise ConnectionError("not Marionette's protocol 3: " + json.dumps(self.hello))

    def receive(self):
        while b":" not in self.buffer:
            self.fill()
        length, _, rest = self.buffer.partition(b":")
        length = int(length)
        self.buffer = rest
        while len(self.buffer) < length:
            self.fill()
        message, self.buffer = self.buffer[:length], self.buffer[length:]
        return json.loads(message.decode("utf-8"))

    def fill(self):
        chunk = self.sock.recv(1 << 16)
        if not chunk:
            raise ConnectionError("Firefox closed the Marionette connection")
        self.buffer += chunk

    def command(self, name, parameters=None):
        self.next_id += 1
        data = json.dumps([0, self.next_id, name, parameters or {}]).encode("utf-8")
        self.sock.sendall(str(len(data)).encode("ascii") + b":" + data)
        while True:
            reply = self.receive()
            if reply[0] == 1 and reply[1] == self.next_id:
                break
        if reply[2]:
            raise MarionetteError(reply[2])
        result = reply[3]
        return result.get("value") if isinstance(result, dict) and set(result) == {"value"} else result

    def close(self):
        self.sock.close()


# ----------------------------------------------------------------------------------------------------------------
# The server and the browser.

# CTest stops a test past its TIMEOUT with SIGTERM: unwind through the clean-up below rather than leave Firefox.
signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped by SIGTERM"))

server, URL = start(TARTAN, SITE)

profile = tempfile.mkdtemp(prefix="tartan-firefox-")
PREFS = {
    "marionette.port": 0,  # a free port, written to MarionetteActivePort: two runs side by side do not collide
    # This machine's network may be closed: no background traffic, so the browser starts fast and quietly.
    "app.update.disabledForTesting": True,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "datareporting.policy.dataSubmissionEnabled": False,
    "extensions.update.enabled": False,
    "network.captive-portal-service.enabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "layout.css.devPixelsPerPx": "1.0",  # screenshots of one pixel per CSS pixel, as the Chromium test's
}
with open(os.path.join(profile, "user.js"), "w", encoding="utf-8") as f:
    for pref, value in PREFS.items():
        f.write("user_pref(%s, %s);\n" % (json.dumps(pref), json.dumps(value)))
firefox_log_path = os.path.join(profile, "firefox.log")
firefox_log = open(firefox_log_path, "w", encoding="utf-8")
firefox = subprocess.Popen([FIREFOX, "--headless", "--marionette", "--no-remote", "--profile", profile],
                           stdout=firefox_log, stderr=subprocess.STDOUT, start_new_session=True)
driver = None
failures = []
began = time.monotonic()


def stop_firefox():
    """Quits Firefox through Marionette, else stops it; its own session holds it and its content processes."""
    if driver is not None:
        try:
            driver.command("Marionette:Quit", {"flags": ["eForceQuit"]})
        except (OSError, MarionetteError):
            pass  # it may be gone already; the process is stopped below either way
        driver.close()
    elif firefox.poll() is None:
        os.killpg(firefox.pid, signal.SIGTERM)
    try:
        firefox.wait(10)
    except subprocess.TimeoutExpired:
        os.killpg(firefox.pid, signal.SIGKILL)
        firefox.wait()
    firefox_log.close()


def stop_server():
    if SITE:
        server.terminate()  # python3 -m http.server
        server.wait(10)
        return
    server.send_signal(signal.SIGINT)  # Ctrl-C
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
        failures.append("tartan explore did not stop on Ctrl-C")


try:
    driver = Marionette(profile, firefox, time.monotonic() + STARTUP_SECONDS)
except (OSError, ValueError) as e:
    stop_firefox()
    with open(firefox_log_path, encoding="utf-8", errors="replace") as f:
        said = [line.strip() for line in f if line.strip()][-3:]
    stop_server()
    shutil.rmtree(profile, ignore_errors=True)
    skip("a Firefox whose Marionette answers within %d s (%s%s)" % (STARTUP_SECONDS, e, "; Firefox said: " +
                                                                    " | ".join(said) if said else ""))


def check(condition, what):
    stamp = "%5.1f s" % (time.monotonic() - began)
    if condition:
        print("ok (" + stamp + "): " + what)
    else:
        print("FAILED (" + stamp + "): " + what)
        failures.append(what)


def script(body, *args):
    return driver.command("WebDriver:ExecuteScript", {"script": body, "args": list(args)})


def wait(condition, what, seconds=20):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        result = condition()
        if result:
            return result
        time.sleep(0.05)
    raise AssertionError("timed out waiting for " + what)


def find(selector):
    return driver.command("WebDriver:FindElement", {"using": "css selector", "value": selector})[ELEMENT]


def click(selector):
    """A real click, as Marionette dispatches it (pointer events at the element's centre, scrolled into view). The
    page redraws its board on every answer, so an element found a moment ago may be stale: find it again."""
    for _ in range(10):
        try:
            driver.command("WebDriver:ElementClick", {"id": find(selector)})
            return
        except MarionetteError as e:
            if e.error not in ("stale element reference", "no such element", "element not interactable"):
                raise
            time.sleep(0.1)
    raise AssertionError("could not click " + selector)


def type_into(selector, text):
    """Types `text` over the field's text, as a person does (click, Ctrl-A, type), then leaves the field (Tab): key
    actions, the keyboard's own events."""
    click(selector)
    keys = [{"type": "keyDown", "value": CONTROL}, {"type": "keyDown", "value": "a"}, {"type": "keyUp", "value": "a"},
            {"type": "keyUp", "value": CONTROL}]
    for key in text + TAB:
        keys += [{"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]
    driver.command("WebDriver:PerformActions", {"actions": [{"type": "key", "id": "keyboard", "actions": keys}]})
    driver.command("WebDriver:ReleaseActions")


def rest_pointer():
    """Moves the pointer off the board, so that a screenshot shows no hovered coin."""
    driver.command("WebDriver:PerformActions", {"actions": [{
        "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
        "actions": [{"type": "pointerMove", "x": 0, "y": 0, "origin": {ELEMENT: find("#setup-title")}}]}]})
    driver.command("WebDriver:ReleaseActions")


def screenshot(name, selector=None):
    parameters = {"full": False, "hash": False}
    if selector:
        parameters["id"] = find(selector)
    png = base64.b64decode(driver.command("WebDriver:TakeScreenshot", parameters))
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(png)
    return png


# What a person sees of the position: one look at the page.
SEEN = """
const text = (id) => document.getElementById(id).textContent.trim();
const badge = document.querySelector('#outcome .badge');
return {
  value: text('value'),
  outcome: badge ? badge.textContent : '',
  formula: text('formula'),
  error: document.getElementById('error').hidden ? '' : text('error'),
  coins: [...document.querySelectorAll('#board .coin')].map((b) => [b.dataset.coin, b.className,
                                                                    b.getAttribute('aria-label')]),
  g: [...document.querySelectorAll('#board .slot:not(.labels) .g')].map((e) => e.textContent),
  options: [...document.querySelectorAll('#options button')].map((b) => [JSON.parse(b.dataset.move),
                                                                         Number(b.dataset.value)]),
  winning: [...document.querySelectorAll('#winning button')].map((b) => JSON.parse(b.dataset.move)),
};
"""


# The heat map shown: its title, its size on the page and each cell's tooltip, "(a, b): G".
HEAT_MAP = """
const svg = document.querySelector('#table-map svg');
if (!svg) return null;
const box = svg.getBoundingClientRect();
return {title: svg.querySelector('title').textContent, width: box.width, height: box.height,
        cells: [...svg.querySelectorAll('rect.cell')].map((r) => r.querySelector('title').textContent)};
"""


def value_name(key):
    cell = key.split(",")
    return "g(" + cell[0] + ")" if len(cell) == 1 else "G(" + ", ".join(cell) + ")"


def analysed(heads, coins=None, not_g=None):
    """Waits until the page shows the analysis of the position with these heads (keys "3" or "2,5") on a board of
    `coins` coins, and returns what it shows. The formula names the heads the answer is about, and the page writes it
    with the value, the outcome and the options, so an answer to an earlier position cannot pass for this one. When
    the game changes but the heads and the coins do not, only the values under the coins tell the new answer from the
    old: `not_g`, the old game's, is waited away."""
    keys = sorted(heads, key=lambda k: [int(x) for x in k.split(",")])
    names = [value_name(k) for k in keys]
    formula = "No heads coin" if not names else "value = " + " ⊕ ".join(names) + " ="

    def shown():
        seen = script(SEEN)
        if seen["error"]:
            raise AssertionError("the page shows an error: " + seen["error"])
        drawn = {key for key, classes, _ in seen["coins"] if "heads" in classes.split()}
        ready = (seen["value"].isdigit() and seen["formula"].startswith(formula) and drawn == set(heads) and
                 (coins is None or len(seen["coins"]) == coins) and (not_g is None or seen["g"] != not_g))
        return seen if ready else None

    return wait(shown, "the analysis of heads " + (" ".join("(" + k + ")" if "," in k else k for k in keys) or "none"))


def cli(*args):
    return subprocess.run([TARTAN, *args], capture_output=True, text=True, check=True).stdout


def navigate(url):
    driver.command("WebDriver:Navigate", {"url": "about:blank"})
    driver.command("WebDriver:Navigate", {"url": url})


class Page:
    """The page as page_checks.py drives it, through Marionette."""
    url, site, tartan = URL, SITE, TARTAN
    navigate = staticmethod(navigate)
    script = staticmethod(script)
    click = staticmethod(click)
    type_into = staticmethod(type_into)
    check = staticmethod(check)
    wait = staticmethod(wait)

    @staticmethod
    def open(fragment):
        navigate(URL + "#" + fragment)


try:
    driver.command("WebDriver:NewSession", {"capabilities": {"alwaysMatch": {"pageLoadStrategy": "normal"}}})
    driver.command("WebDriver:SetWindowRect", {"width": 1360, "height": 960})
    driver.command("WebDriver:Navigate", {"url": URL})
    seen = analysed({"0", "3", "4", "7", "10"}, 12)
    check(driver.command("WebDriver:GetTitle") == "tartan explore",
          "the page loads in Firefox, titled 'tartan explore', with its first position analysed (value %s)" %
          seen["value"])

    # Ruler picked from the list, then Mock Turtles: the values under the coins follow the game.
    click('#factor-0 option[value="ruler"]')
    seen = analysed(set(), 12)
    check(seen["g"] == [str(ruler_g(n)) for n in range(12)], "Ruler picked: g(n) under each coin is Ruler's "
          "definition: " + " ".join(seen["g"]))
    click('#factor-0 option[value="mock-turtles"]')
    seen = analysed(set(), 12, not_g=seen["g"])
    check(script("return document.getElementById('factor-0').value") == "mock-turtles" and
          seen["g"] == [str(mock_turtles_g(n)) for n in range(12)],
          "Mock Turtles picked: g(n) under each coin is the mex definition's: " + " ".join(seen["g"]))

    # 10 coins, coins 1, 4, 6 and 9 clicked heads, one at a time.
    type_into("#size-0", "10")
    analysed(set(), 10)
    heads = []
    for c in (1, 4, 6, 9):
        click('#board [data-coin="%d"]' % c)
        heads.append(c)
        seen = analysed({str(h) for h in heads}, 10)
    drawn = "".join("H" if c in heads else "T" for c in range(10))
    check([int(k) for k, classes, _ in seen["coins"] if "heads" in classes.split()] == heads,
          "coins 1, 4, 6 and 9 are heads after clicking them: " + drawn)
    value = int(seen["value"])
    expected = row_value(heads, mock_turtles_g)
    check(value == expected, "the value shown, %d, is the XOR of g over the heads by the mex definition, %d" %
          (value, expected))
    answer = json.loads(cli("analyze", "mock-turtles", drawn, "--options", "1000", "--limit", "500", "--json"))
    check(value == answer["value"], "the value is the CLI's, %d" % answer["value"])
    check(seen["outcome"] == answer["outcome"] == ("N" if expected else "P"),
          "the outcome shown, %s, is the CLI's and the value's" % seen["outcome"])
    options = [(tuple(m), v) for m, v in seen["options"]]
    check(options == [(tuple(o["move"]), o["value"]) for o in answer["options"]],
          "the options shown, each with its value, are the CLI's, in its order (%d options)" % len(options))
    brute = set()
    for n in heads:
        for others in mock_turtles_moves(n):
            brute.add((tuple(sorted(others + (n,))),
                       expected ^ mock_turtles_g(n) ^ row_value(others, mock_turtles_g)))
    check(set(options) == brute and len(options) == len(brute), "the options are every move of the definition, "
          "with the value each leaves (%d)" % len(brute))
    check(sorted(map(tuple, seen["winning"])) == sorted(m for m, v in brute if v == 0),
          "the winning moves shown are the options of value 0: " + str(seen["winning"]))
    script("window.scrollTo(0, 0)")
    rest_pointer()
    png = screenshot("firefox-position.png")
    check(png.startswith(b"\x89PNG") and len(png) > 10000, "firefox-position.png: the page, %d bytes" % len(png))

    # A shared link to a Rugs board (ruler × ruler): the address holds the game, the size and the position.
    rows, cols = 6, 8
    cells = [(0, 0), (0, 3), (1, 2), (2, 0), (2, 1), (3, 5), (5, 1), (5, 7)]
    position = "/".join("".join("H" if (r, c) in cells else "T" for c in range(cols)) for r in range(rows))
    link = URL + "#" + urllib.parse.urlencode({"game": "ruler*ruler", "size": "%dx%d" % (rows, cols),
                                               "position": position})
    driver.command("WebDriver:Navigate", {"url": "about:blank"})
    driver.command("WebDriver:Navigate", {"url": link})
    seen = analysed({"%d,%d" % cell for cell in cells}, rows * cols)
    factors = script("const $ = (id) => document.getElementById(id);"
                     "return [$('factor-0').value, $('factor-1').value, $('kind-2').checked]")
    check(factors == ["ruler", "ruler", True], "the link opens a product of two, ruler × ruler: " +
          link.replace(URL, "/"))
    labels_ok = len(seen["coins"]) == rows * cols
    for key, _, label in seen["coins"]:
        a, b = map(int, key.split(","))
        g_ab = re.search(r"G\(\d+, \d+\) = (\d+)", label)
        labels_ok = labels_ok and g_ab is not None and int(g_ab.group(1)) == nim_mul(ruler_g(a), ruler_g(b))
    check(labels_ok, "every coin of the %dx%d board tells G(a, b) = ruler(a) ⊗ ruler(b), the nim product's "
          "definition" % (rows, cols))
    expected = 0
    for a, b in cells:
        expected ^= nim_mul(ruler_g(a), ruler_g(b))
    board_value = int(seen["value"])
    check(board_value == expected, "the board's value, %d, is the XOR of G over its heads by the nim product's "
          "definition, %d" % (board_value, expected))
    answer = json.loads(cli("analyze", "ruler*ruler", position, "--json"))
    check(board_value == answer["value"] and seen["outcome"] == answer["outcome"],
          "the board's value and outcome are the CLI's, %d %s" % (answer["value"], answer["outcome"]))

    # The heat map of the board's value table, drawn on opening its tab.
    click("#tab-table")
    wait(lambda: script("return document.getElementById('table-map').dataset.for") == "ruler*ruler|%dx%d" %
         (rows, cols), "the heat map")
    heat = script(HEAT_MAP)
    check(heat is not None and heat["width"] > 100 and heat["height"] > 100,
          "the value table's tab shows an SVG heat map (%s)" % ("%dx%d px" % (heat["width"], heat["height"])
                                                                if heat else "none"))
    check(heat["title"] == "G(a, b) = ruler(a) ⊗ ruler(b) on %dx%d" % (rows, cols),
          "the heat map is the table of ruler(a) ⊗ ruler(b): " + heat["title"])
    told = {tuple(map(int, m.groups()[:2])): int(m.group(3))
            for m in (re.fullmatch(r"\((\d+), (\d+)\): (\d+)", t) for t in heat["cells"]) if m}
    check(len(heat["cells"]) == rows * cols and told == {(a, b): nim_mul(ruler_g(a), ruler_g(b))
                                                        for a in range(rows) for b in range(cols)},
          "each of its %d cells tells G(a, b) by the nim product's definition" % len(heat["cells"]))

    # A larger table, its size typed and drawn.
    type_into("#table-size", "16x16")
    click("#table-draw")
    wait(lambda: script("return document.getElementById('table-map').dataset.for") == "ruler*ruler|16x16",
         "the heat map of 16x16")
    heat = script(HEAT_MAP)
    told = {tuple(map(int, m.groups()[:2])): int(m.group(3))
            for m in (re.fullmatch(r"\((\d+), (\d+)\): (\d+)", t) for t in heat["cells"]) if m}
    check(len(heat["cells"]) == 256 and told == {(a, b): nim_mul(ruler_g(a), ruler_g(b))
                                                 for a in range(16) for b in range(16)},
          "the 16x16 heat map drawn on asking: each of its 256 cells tells ruler(a) ⊗ ruler(b) by the nim product's "
          "definition")
    rest_pointer()
    script("document.getElementById('table-map').scrollIntoView()")
    png = screenshot("firefox-heatmap.png", "#table-map svg")
    check(png.startswith(b"\x89PNG") and len(png) > 5000, "firefox-heatmap.png: the heat map, %d bytes" % len(png))

    # The verification of the board's box, to its end; then one that takes minutes, cancelled: it stops, with the
    # report of the cells it checked.
    click("#tab-verify")
    type_into("#verify-size", "32x32")
    click("#verify-start")
    status = wait(lambda: (lambda t: t if "every cell agrees" in t else None)(
        script("return document.getElementById('verify-status').textContent")), "the verification", 120)
    check(status.startswith("1024 of 1024 cells of 32x32 checked"), "the verification of ruler × ruler on 32x32 "
          "checks every cell: " + status)
    # Mock Turtles × Mock Turtles on 128x128 takes hours by direct mex (and fits the static explorer's 1 GiB).
    driver.command("WebDriver:Navigate", {"url": "about:blank"})
    driver.command("WebDriver:Navigate", {"url": URL + "#game=mock-turtles*mock-turtles&size=4x4&view=verify"})
    wait(lambda: script("return document.getElementById('verify-start').disabled") is False, "the verify tab")
    type_into("#verify-size", "128x128")
    click("#verify-start")
    wait(lambda: script("return document.getElementById('verify-progress').value") > 0,
         "the long verification's progress", 120)
    # Cancelled, or stopped by the time limit once its pace projects it past 60 s: a report of the cells checked.
    if script("return document.getElementById('verify-status').textContent").startswith("Verifying"):
        click("#verify-cancel")
    status = wait(lambda: (lambda t: t if t.startswith(("Cancelled", "Stopped")) else None)(
        script("return document.getElementById('verify-status').textContent")), "the ended verification", 30)
    counted = re.match(r"(Cancelled|Stopped): (\d+) of 16384 cells of 128x128 checked .* 0 mismatches\.", status)
    check(counted is not None and 0 < int(counted.group(2)) < 16384, "cancelled or stopped, the verification of "
          "Mock Turtles × Mock Turtles on 128x128 reports the cells it checked: " + status)

    # Values past 2^53: Motley, g(n) = 2^n (Winning Ways, vol. 3, ch. 14), coins 0 and 59 heads.
    motley = "H" + "T" * 58 + "H"
    driver.command("WebDriver:Navigate", {"url": "about:blank"})
    driver.command("WebDriver:Navigate", {"url": URL + "#game=motley&size=60&position=" + motley})
    seen = analysed({"0", "59"}, 60)
    answer = json.loads(cli("analyze", "motley", motley, "--json"))
    check(seen["value"] == str(answer["value"]) == str(2 ** 59 + 1) and seen["g"][59] == str(2 ** 59),
          "Motley's value %s and g(59) = %s shown digit for digit, the CLI's and 2^59 + 1, 2^59" %
          (seen["value"], seen["g"][59]))

    # A bad link: the unknown game is refused with the engine's message, shown on the page; up to its question mark
    # it is the CLI's (after it, the page's advice names what to type on the page).
    driver.command("WebDriver:Navigate", {"url": "about:blank"})
    driver.command("WebDriver:Navigate", {"url": URL + "#game=mock-turtle&size=8&position=HTTHTTTT"})
    shown = wait(lambda: script("const e = document.getElementById('error'); return e.hidden ? '' : e.textContent"),
                 "the error shown for a bad link")
    said = subprocess.run([TARTAN, "analyze", "mock-turtle", "HTTHTTTT"], capture_output=True, text=True).stderr
    check(shown.startswith("unknown game 'mock-turtle'; did you mean 'mock-turtles'?") and shown.split("?")[0] in said,
          "the link to the unknown game mock-turtle is refused with the CLI's message: " + shown)

    # A link's changed parameters, each with its notice; misère play's words; the static page from the disk
    # (page_checks.py, shared with Chromium).
    page_checks.link_notices(Page)
    page_checks.misere_words(Page)
    # Sums, the quotient view, a misère sum played with its hints, the tour (page_checks.py).
    page_checks.sums(Page)
    page_checks.quotient(Page)
    page_checks.sum_play(Page)
    page_checks.tour(Page)
    page_checks.opened_from_disk(Page)
except Exception as e:  # any failure is reported, with a screenshot, and cleaned up after
    what = str(e) if isinstance(e, (AssertionError, MarionetteError)) else type(e).__name__ + ": " + str(e)
    failures.append(what)
    print("FAILED: " + what)
    try:
        screenshot("firefox-failure.png")
    except (MarionetteError, OSError):
        pass
finally:
    stop_firefox()
    stop_server()
    shutil.rmtree(profile, ignore_errors=True)

print("screenshots in " + OUT)
if failures:
    print("%d check(s) failed" % len(failures))
    sys.exit(1)
print("ok")
