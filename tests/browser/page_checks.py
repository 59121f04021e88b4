"""Checks the Chromium and the Firefox tests share (explore_browser_test.py, explore_firefox_test.py), written once
against a small driver of the page, so both browsers, served by `tartan explore` and as the static explorer, are held
to the same checks: the notices a link's changed parameters get, the words of misère play, and the static page
opened from the disk.

A test hands each function a `page` with:
  url             the page's address (ending in /); site: the static explorer's folder, or None
  open(fragment)  loads url#fragment afresh
  navigate(url)   loads any address
  script(js, *args) -> the value `js` (a function body) returns
  click(selector), type_into(selector, text)
  wait(condition, what, seconds=20) -> condition()'s first true value, or AssertionError
  check(condition, what)
Everything the page shows is read with script(), in one look each, as the page may redraw between two reads.
"""
import os
import urllib.parse

# What the page shows once a position is drawn: the notice, the coins, the size fields, the analysis.
SHOWN = """
const $ = (id) => document.getElementById(id);
return {
  notice: $('notice').hidden ? '' : $('notice').textContent,
  error: $('error').hidden ? '' : $('error').textContent,
  coins: [...document.querySelectorAll('#board .coin')].map((b) => b.dataset.coin),
  heads: [...document.querySelectorAll('#board .coin.heads')].map((b) => b.dataset.coin),
  sizes: [...document.querySelectorAll('#size-row input')].map((i) => i.value),
  factors: [0, 1, 2].map((i) => $('factor-' + i) ? $('factor-' + i).value : null),
  value: $('value').textContent,
  line: document.querySelector('.value-line').textContent.replace(/\\s+/g, ' ').trim(),
};
"""


def shown(page):
    return page.script(SHOWN)


def drawn(page, coins):
    """Waits for the board of `coins` coins and its analysis; what the page shows then."""
    return page.wait(lambda: (lambda s: s if len(s["coins"]) == coins and s["value"] not in ("…", "") else None)(
        shown(page)), "a board of %d coins analysed" % coins)


def link_notices(page):
    """docs/explorer.md promises a notice for every change the page makes to a link's parameters. Each link below
    asks for something the page changes; the notice must say what, and the board must be what the notice says."""
    cases = [
        # (fragment, coins drawn, heads drawn, size fields, what the notice must say, what it must not)
        ("game=ruler&size=10&position=HTH", 3, ["0", "2"], ["3"],
         ["its size 10 differs from its position's, 3 coins"], []),
        ("game=ruler&size=3&position=HXH", 3, ["0", "2"], ["3"],
         ["'X' at coin 1", "neither H nor T, read as tails"], []),
        ("game=ruler&size=4&position=" + urllib.parse.quote("HéHH"), 4, ["0", "2", "3"], ["4"],
         ["'é' at coin 1", "neither H nor T"], []),
        ("game=ruler*ruler*ruler*ruler&size=2x3x4x5&heads=0:0:0,1:2:3", 24, ["0,0,0", "1,2,3"], ["2", "3", "4"],
         ["names 4 games", "the first three (ruler*ruler*ruler)", "its size 2x3x4x5", "2x3x4, are read"],
         ["12x8x8", "6x12x12"]),
        ("game=ruler*ruler&size=2x3&position=HT/THH", 6, ["0,0", "1,1", "1,2"], ["2", "3"],
         ["rows are not all 3 coins long"], []),
        ("game=ruler&size=4&position=HTTH&view=nothing&colour=red", 4, ["0", "3"], ["4"],
         ["its view \"nothing\"", "\"colour\" parameter"], []),
        ("game=ruler&size=4&position=HTTH&misere=yes", 4, ["0", "3"], ["4"], ["misere=\"yes\" is neither 1 nor 0"],
         []),
    ]
    for fragment, coins, heads, sizes, said, unsaid in cases:
        page.open(fragment)
        seen = drawn(page, coins)
        page.check(sorted(seen["heads"]) == sorted(heads) and seen["sizes"] == sizes and not seen["error"] and
                   all(s in seen["notice"] for s in said) and not any(s in seen["notice"] for s in unsaid),
                   "the link #%s draws %d coins, heads %s, and its notice says what changed: %s" %
                   (urllib.parse.unquote(fragment), coins, " ".join(seen["heads"]), seen["notice"] or "(no notice)"))
    # A link the page reads as it is gets no notice.
    page.open("game=ruler&size=4&position=HTTH&misere=0")
    seen = drawn(page, 4)
    page.check(seen["notice"] == "", "a link read as it is gets no notice: " + (seen["notice"] or "none"))


def misere_words(page):
    """Misère play reads as misère play: the outcome's letter once ("outcome N [N]" before), the heap view saying that
    equal heaps do not cancel (as they do as coins, in normal play), the hints offering the misère outcome, not the
    value; and the words come back with the toggle off."""
    page.open("game=kayles&size=10&position=TTTTTHTHTH&misere=1")
    seen = page.wait(lambda: (lambda s: s if s["value"] in ("N", "P") else None)(shown(page)), "the misère outcome")
    letter = seen["value"]
    page.check(seen["line"].startswith("misère play, outcome " + letter + " the player to move") and
               letter + " " + letter not in seen["line"],
               "the misère outcome is written once: " + seen["line"])
    texts = "return [document.getElementById('heaps-hint').textContent, " \
            "document.getElementById('hints-label').textContent]"
    hint, hints = page.script(texts)
    page.check("do not cancel" in hint and "cancel as coins" not in hint and "misère quotient" in hint,
               "in misère play the heap view says equal heaps do not cancel: " + hint)
    page.check("misère outcome" in hints and "value" not in hints, "the hints offer the misère outcome: " + hints)
    page.type_into("#heaps", "2,2")
    page.click("#heaps-analyse")
    line = page.wait(lambda: (lambda t: t if "outcome" in t else None)(
        page.script("return document.getElementById('heaps-line').textContent")), "the heaps analysed")
    page.check(line.endswith("outcome P, the player to move loses against good play") and "P P" not in line,
               "heaps 2 2 in misère play read 'outcome P, ...', the letter once: " + line)
    page.click("#misere")
    page.wait(lambda: shown(page)["value"].isdigit(), "normal play's value")
    hint, hints = page.script(texts)
    page.check("cancel as coins" in hint and hints.startswith("Hints: the value"),
               "with the toggle off the heap view and the hints speak of values again: " + hints)


def opened_from_disk(page):
    """The static page opened from the disk (file://), where browsers start no Web Worker: it says to serve the folder
    and how, not the browser's "Failed to construct 'Worker'"."""
    if not page.site:
        return
    folder = os.path.abspath(page.site)
    page.navigate("file://" + urllib.parse.quote(folder + "/index.html") + "#game=ruler&size=4&position=HTTH")
    said = page.wait(lambda: page.script("const e = document.getElementById('error'); return e.hidden ? '' : "
                                         "e.textContent"), "the page's message from file://")
    page.check("opened from the disk" in said and "python3 -m http.server --directory " + folder + "/" in said and
               "http://localhost:8000/" in said and "Failed to construct" not in said,
               "opened from file://, the static page says to serve its folder, and how: " + said)
