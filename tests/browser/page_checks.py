"""Checks the Chromium and the Firefox tests share (explore_browser_test.py, explore_firefox_test.py), written once
against a small driver of the page, so both browsers, served by `tartan explore` and as the static explorer, are held
to the same checks: the notices a link's changed parameters get, the words of misère play, the static page opened
from the disk; sums (built on the page and carried by a link, normal and misère play), Kayles' quotient view, a misère
sum played to the end with its hints, and the tour.

A test hands each function a `page` with:
  url             the page's address (ending in /); site: the static explorer's folder, or None
  tartan          the tartan executable (the CLI whose JSON the page is checked against)
  open(fragment)  loads url#fragment afresh
  navigate(url)   loads any address
  script(js, *args) -> the value `js` (a function body) returns
  click(selector), type_into(selector, text)
  wait(condition, what, seconds=20) -> condition()'s first true value, or AssertionError
  check(condition, what)
Everything the page shows is read with script(), in one look each, as the page may redraw between two reads.
"""
import functools
import json
import os
import re
import subprocess
import urllib.parse

from definitions import (kayles_g, kayles_heap_moves, kayles_misere_wins, mock_turtles_g, mock_turtles_moves,
                         nim_mul, ruler_g)

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


# ----------------------------------------------------------------------------------------------------------------
# Sums, the quotient view, play on a sum and the tour. Every value and move shown is checked against the engine's
# JSON (the CLI's, read by Python, which keeps integers exact) and against the definitions computed here.


SUM_SHOWN = """
const $ = (id) => document.getElementById(id);
return {
  line: $('sum-line').textContent.replace(/\\s+/g, ' ').trim(),
  formula: $('sum-formula').textContent,
  terms: [...document.querySelectorAll('#sum-terms > li')].map((li) => li.querySelector('.term-head').textContent),
  moves: [...document.querySelectorAll('#sum-moves button')].map((b) => [Number(b.dataset.term),
                                                                        JSON.parse(b.dataset.move), b.textContent]),
  link: location.hash,
  error: $('error').hidden ? '' : $('error').textContent,
};
"""


def cli_json(page, *args):
    return json.loads(subprocess.run([page.tartan, *args], capture_output=True, text=True, check=True).stdout)


def sum_settled(page, misere):
    """The Sum tab once its analysis is shown (normal play's value or misère play's outcome)."""
    def ready():
        s = page.script(SUM_SHOWN)
        done = s["line"].startswith("misère play, outcome") if misere else s["line"].startswith("value ")
        return s if done and (s["moves"] or "No winning move" in page.script(
            "return document.getElementById('sum-moves').textContent") or "No term" in s["line"]) else None
    return page.wait(ready, "the sum analysed")


def heap_move_key(m):
    return (m["take"], m["from"], tuple(m["leaving"]))


@functools.lru_cache(maxsize=None)
def mixed_misere_wins(heaps, row):
    """Misère play of Kayles heaps (a sorted tuple) plus a row of Mock Turtles (a bitmask): won by the player to move
    when no move is left or some move leaves a P-position."""
    moves = []
    for i, h in enumerate(heaps):
        for k, left in kayles_heap_moves(h):
            moves.append((tuple(sorted(heaps[:i] + heaps[i + 1:] + left)), row))
    for n in range(row.bit_length()):
        if row >> n & 1:
            for others in mock_turtles_moves(n):
                moves.append((heaps, row ^ (1 << n) ^ sum(1 << c for c in others)))
    return not moves or any(not mixed_misere_wins(*m) for m in moves)


def sums(page):
    """A sum built on the page (the position shown added, then heaps of Kayles, then a term typed) and one a link
    carries: each term's value, the sum's value and every winning move against the CLI's JSON and against the
    definitions; misère play of a sum of Kayles heaps (its classes through the quotient) and of a mixed sum (searched),
    against play by the rules; a winning move made leaves a P-position; the link carries the whole sum."""
    # Built: Kayles' heaps 3, 4 (the heap view's, added), then a Mock Turtles row and a Rugs board typed as terms.
    page.open("game=kayles&size=10&position=TTTTTTTTTT&heaps=3,4")
    page.wait(lambda: "value" in page.script("return document.getElementById('heaps-line').textContent"),
              "the heaps 3, 4 analysed")
    page.click("#tab-sum")
    page.click("#sum-add-heaps")
    for game, position in (("mock-turtles", "HTTH"), ("ruler*ruler", "HT/TH")):
        page.type_into("#sum-game", game)
        page.type_into("#sum-position", position)
        page.click("#sum-add")
    shown = page.wait(lambda: (lambda s: s if len(s["terms"]) == 3 and s["line"].startswith("value ") and
                                          s["formula"].split(" = ")[1].count("⊕") == 2 else None)(
        page.script(SUM_SHOWN)), "the sum of three terms")
    answer = cli_json(page, "analyze", "kayles", "heaps=3,4", "+", "mock-turtles", "HTTH", "+", "ruler*ruler", "HT/TH",
                      "--json", "--limit", "500")
    values = [kayles_g(3) ^ kayles_g(4), mock_turtles_g(0) ^ mock_turtles_g(3),
              nim_mul(ruler_g(0), ruler_g(0)) ^ nim_mul(ruler_g(1), ruler_g(1))]
    total = values[0] ^ values[1] ^ values[2]
    page.check([t["value"] for t in answer["sum"]] == values and answer["value"] == total and
               all("value %d" % v in t for v, t in zip(values, shown["terms"])) and
               shown["line"].startswith("value %d " % total),
               "the sum built on the page: terms' values %s (the definitions' and the CLI's), the sum's value %d: %s" %
               (values, total, shown["line"]))
    # The winning moves by the definitions: a move in term i wins when it leaves the terms' values XOR at 0. (Rugs'
    # are checked against the CLI's alone, by the equality below.)
    expected = set()
    for h in (3, 4):
        for k, left in kayles_heap_moves(h):
            after = values[0] ^ kayles_g(h) ^ functools.reduce(lambda x, c: x ^ kayles_g(c), left, 0)
            if after ^ values[1] ^ values[2] == 0:
                expected.add((0, (k, h, tuple(left))))
    for n in (0, 3):
        for others in mock_turtles_moves(n):
            after = values[1] ^ mock_turtles_g(n) ^ functools.reduce(lambda x, c: x ^ mock_turtles_g(c), others, 0)
            if values[0] ^ after ^ values[2] == 0:
                expected.add((1, tuple(sorted(others + (n,)))))
    shown_moves = {(t, tuple(m) if isinstance(m, list) else heap_move_key(m)) for t, m, _ in shown["moves"]
                   if t != 2}
    page.check(shown_moves == expected and
               [(m["term"], m["move"]) for m in answer["winning_moves"]] == [(t, m) for t, m, _ in shown["moves"]],
               "the winning moves by term are the definitions' (heaps and rows) and the CLI's, in its order: %s" %
               [text for _, _, text in shown["moves"]])
    # A link carries the whole sum: opened afresh, the same terms and the same value.
    link = shown["link"]
    page.open(link[1:])
    again = sum_settled(page, False)
    page.check(again["terms"] == shown["terms"] and again["line"] == shown["line"],
               "the link %s opens the same sum: %s" % (urllib.parse.unquote(link)[:90], again["line"]))
    # Choosing a winning move makes it: the sum's value becomes 0.
    page.click("#sum-moves button")
    after = page.wait(lambda: (lambda s: s if s["line"].startswith("value 0 ") else None)(page.script(SUM_SHOWN)),
                      "value 0 after a winning move")
    page.check(after["line"].startswith("value 0 "), "a winning move made leaves value 0: " + after["line"])

    # Misère play: Kayles heaps 3, 4 + heaps 2, 5 (one game: through its quotient), and Kayles heaps 3, 4 + Mock
    # Turtles HTTH (searched).
    page.open("game=kayles&size=10&misere=1&view=sum&term=kayles%3Aheaps%3D3%2C4&term=kayles%3Aheaps%3D2%2C5")
    shown = sum_settled(page, True)
    answer = cli_json(page, "analyze", "kayles", "heaps=3,4", "+", "kayles", "heaps=2,5", "--misere", "--json")
    wins = kayles_misere_wins((2, 3, 4, 5))
    classes = [t["class"] for t in answer["sum"]]
    page.check(shown["line"].startswith("misère play, outcome " + ("N" if wins else "P")) and
               all("class " + c in t for c, t in zip(classes, shown["terms"])) and
               answer["quotient"]["position_class"] in shown["formula"],
               "misère Kayles heaps 3, 4 + 2, 5: the outcome by the rules, %s, each term's class (%s) and the sum's "
               "(%s), as the CLI says: %s" % ("N" if wins else "P", ", ".join(classes),
                                              answer["quotient"]["position_class"], shown["formula"]))
    heaps = [[3, 4], [2, 5]]
    expected = set()
    for t, mine in enumerate(heaps):
        for h in sorted(set(mine)):
            for k, left in kayles_heap_moves(h):
                rest = [x for x in mine]
                rest.remove(h)
                after = tuple(sorted(rest + list(left) + heaps[1 - t]))
                if not kayles_misere_wins(after):
                    expected.add((t, (k, h, tuple(left))))
    page.check({(t, heap_move_key(m)) for t, m, _ in shown["moves"]} == expected,
               "its winning moves are those of the rules: %s" % [text for _, _, text in shown["moves"]])
    page.open("game=kayles&size=10&misere=1&view=sum&term=kayles%3Aheaps%3D3%2C4&term=mock-turtles%3AHTTH")
    shown = sum_settled(page, True)
    row = 0b1001
    wins = mixed_misere_wins((3, 4), row)
    expected = set()
    for h in (3, 4):
        for k, left in kayles_heap_moves(h):
            rest = [3, 4]
            rest.remove(h)
            if not mixed_misere_wins(tuple(sorted(rest + list(left))), row):
                expected.add((0, (k, h, tuple(left))))
    for n in (0, 3):
        for others in mock_turtles_moves(n):
            turned = tuple(sorted(others + (n,)))
            if not mixed_misere_wins((3, 4), row ^ sum(1 << c for c in turned)):
                expected.add((1, turned))
    page.check(shown["line"].startswith("misère play, outcome " + ("N" if wins else "P")) and
               "searched" in shown["formula"] and
               {(t, tuple(m) if isinstance(m, list) else heap_move_key(m)) for t, m, _ in shown["moves"]} == expected,
               "misère Kayles heaps 3, 4 + Mock Turtles HTTH, searched: the outcome %s and the winning moves %s of the "
               "rules" % ("N" if wins else "P", sorted(expected)))


QUOTIENT_SHOWN = """
const svg = document.querySelector('#quotient-picture svg');
return {
  summary: document.getElementById('quotient-summary').textContent,
  strip: svg ? [...svg.querySelectorAll('g[data-class]')].map((g) => [g.dataset.heap, g.dataset.class,
                                                                      [...g.querySelectorAll('text')].map((t) =>
                                                                          t.textContent)]) : [],
  cells: svg ? [...svg.querySelectorAll('g.cell')].map((g) => [g.dataset.row, g.dataset.col,
                                                               g.querySelector('text').textContent,
                                                               g.classList.contains('p')]) : [],
  answer: document.getElementById('quotient-answer').textContent.replace(/\\s+/g, ' ').trim(),
};
"""


def quotient(page):
    """Kayles' quotient in the Quotient tab: its strip (heaps 0..170 each with its class) and its table (1600 cells,
    the P-portion marked) against the quotient the CLI prints (--json: pretending function, elements, table,
    P-portion), label for label, and the table against Kayles played by its rules; heaps clicked give their class and
    outcome, which the rules confirm."""
    page.open("game=kayles&size=10&view=quotient&quotient=170")
    shown = page.wait(lambda: (lambda s: s if len(s["cells"]) == 1600 else None)(page.script(QUOTIENT_SHOWN)),
                      "Kayles' quotient drawn", 60)
    q = cli_json(page, "quotient", "kayles", "--heaps", "170", "--json")
    names = q["elements"]
    strip_ok = shown["strip"] == [[str(h), q["pretending"][h], [str(h), q["pretending"][h]]] for h in range(171)]
    cells_ok = shown["cells"] == [[names[x], names[y], names[q["table"][x][y]], names[q["table"][x][y]] in
                                   q["p_portion"]] for x in range(40) for y in range(40)]
    page.check(q["order"] == 40 and len(q["p_portion"]) == 9 and "order 40" in shown["summary"] and strip_ok and
               cells_ok, "Kayles' quotient: order 40, 9 P-elements; the strip's 171 heaps and the table's 1600 cells "
               "are the CLI's, label for label, the P-portion marked")
    # The table by the rules: for heaps a and b, the product of their classes is in P exactly when heaps a, b are a
    # P-position of misère Kayles.
    index = {n: i for i, n in enumerate(names)}
    table_ok = all((names[q["table"][index[q["pretending"][a]]][index[q["pretending"][b]]]] in q["p_portion"]) ==
                   (not kayles_misere_wins(tuple(sorted((a, b))))) for a in range(1, 13) for b in range(a, 13))
    page.check(table_ok, "the table multiplies heaps 1..12 two by two into the P-portion exactly at the P-positions "
               "of misère Kayles by its rules")
    for h in (3, 4, 4):
        page.click('#quotient-picture g[data-heap="%d"] rect' % h)
    answer = page.wait(lambda: (lambda t: t if t.startswith("heaps 3 4 4") else None)(
        page.script(QUOTIENT_SHOWN)["answer"]), "the heaps clicked answered")
    product = index[q["pretending"][3]]
    for h in (4, 4):
        product = q["table"][product][index[q["pretending"][h]]]
    outcome = "N" if kayles_misere_wins((3, 4, 4)) else "P"
    page.check(answer.startswith("heaps 3 4 4: classes %s · %s · %s = %s" % (q["pretending"][3], q["pretending"][4],
                                                                            q["pretending"][4], names[product])) and
               ("outcome " + outcome) in answer,
               "heaps 3, 4, 4 clicked: their classes' product by the CLI's table, and the outcome %s of the rules: %s" %
               (outcome, answer))


def sum_play(page):
    """A misère sum played on the page: Kayles heaps 2, 5 + heaps 3, 4 (an N-position by the rules), the person moving
    first and playing each hint, which names the class it leaves (in the P-portion) and leaves a P-position by the
    rules; the person wins."""
    page.open("game=kayles&size=10&misere=1&view=sum&term=kayles%3Aheaps%3D2%2C5&term=kayles%3Aheaps%3D3%2C4")
    sum_settled(page, True)
    page.click("#sum-play")
    if not page.script("return document.getElementById('hints').checked"):
        page.click("#hints")
    page.click("#first-you")
    page.click("#play-new")
    heaps = [[2, 5], [3, 4]]
    page.check(kayles_misere_wins((2, 3, 4, 5)), "Kayles heaps 2, 3, 4, 5 are an N-position of misère play by the "
               "rules")
    hints_ok, moves = True, 0
    for _ in range(20):
        state = page.wait(lambda: (lambda s: s if "Your turn" in s[0] or "win" in s[0] else None)(
            page.script("return [document.getElementById('play-status').textContent, "
                        "document.getElementById('play-hint').textContent, "
                        "[...document.querySelectorAll('#play-sum-terms > li')].map((li) => "
                        "[...li.querySelectorAll('.heap')].map((h) => Number(h.dataset.heap)))]")), "the person's turn")
        if "win" in state[0]:
            break
        heaps = state[2]
        m = re.search(r"a winning move: term (\d+): take (\d+) from the heap of (\d+), leaving (.*?): it leaves", state[1])
        if not m:
            hints_ok = False
            print("  no hint with a class: " + state[1])
            break
        term, take, heap = int(m.group(1)), int(m.group(2)), int(m.group(3))
        left = [int(x) for x in re.findall(r"\d+", m.group(4))]
        rest = list(heaps[term])
        rest.remove(heap)
        after = tuple(sorted(rest + left + heaps[1 - term]))
        hints_ok = hints_ok and "in the P-portion" in state[1] and not kayles_misere_wins(after)
        page.type_into("#play-sum-move", "%d: take %d from %d%s" % (term, take, heap, " leaving " + " ".join(
            map(str, left)) if left else ""))
        page.click("#play-sum-submit")
        moves += 1
        page.wait(lambda: page.script("return !document.getElementById('play-sum-move').value"), "the move played")
    status = page.script("return document.getElementById('play-status').textContent")
    page.check(hints_ok and "You win" in status and moves > 0,
               "the person, playing the %d hints (each naming the class it leaves, in the P-portion, and leaving a "
               "P-position by the rules), wins the misère sum: %s" % (moves, status))


def tour(page):
    """The tour: its links are the guided page's (docs/misere-tour.md), in order, and each opens the explorer on its
    example without an error (Kayles' quotient of order 40 among them)."""
    page.open("game=kayles&size=10&view=tour")
    links = page.wait(lambda: page.script("return [...document.querySelectorAll('#tour-steps a.tour-link')].map((a) "
                                          "=> a.getAttribute('href'))"), "the tour's links")
    docs = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "misere-tour.md")
    with open(docs, encoding="utf-8") as f:
        documented = re.findall(r"\]\(http://127\.0\.0\.1:8421/(#[^)]*)\)", f.read())
    page.check(links == documented and len(links) >= 9,
               "the Tour tab's %d links are docs/misere-tour.md's, in order" % len(links))
    opened = []
    for link in links:
        page.open(link[1:])
        error = page.wait(lambda: (lambda s: s if s["value"] not in ("…", "") else None)(shown(page)),
                          "the tour step " + link)["error"]
        opened.append(not error)
    page.open(links[6][1:] if len(links) > 6 else links[-1][1:])
    summary = page.wait(lambda: (lambda s: s if "order" in s["summary"] else None)(page.script(QUOTIENT_SHOWN)),
                        "Kayles' quotient from the tour", 60)["summary"]
    page.check(all(opened) and "order 40" in summary, "every step of the tour opens without an error, Kayles' "
               "quotient among them: " + summary[:60])
