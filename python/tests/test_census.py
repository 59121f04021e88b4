"""Sequence summaries (Game.summary) and censuses (tartan.census) against the octal games' definition computed here
(a plain mex over every way of taking and splitting), and the census's journal, progress and refusals."""

from __future__ import annotations

import json

import pytest

import tartan
from conftest import mex


def octal_values(code, count):
    """g(0..count-1) of the octal game 0.d1d2... by definition."""
    digits = [int(c) for c in code.split(".")[1]]
    g = []
    for n in range(count):
        options = set()
        for k, d in enumerate(digits, 1):
            r = n - k
            if r < 0:
                break
            if d & 1 and r == 0:
                options.add(0)
            if d & 2 and r >= 1:
                options.add(g[r])
            if d & 4:
                options.update(g[a] ^ g[r - a] for a in range(1, r // 2 + 1))
        g.append(mex(options))
    return g


def rare_heaps(g, mask, variant, t):
    """The heaps rare under the mask, from the definition of rare (range: an even number of mask bits; domain: the
    parity of n - t)."""
    out = []
    for n, v in enumerate(g):
        parity = bin(v & mask).count("1") % 2
        if (parity == 0) if variant == "range" else (parity == (n - t) % 2):
            out.append(n)
    return out


def test_summary_matches_the_definition():
    g = octal_values("0.45", 1200)
    s = tartan.game("0.45").summary(1200)
    assert (s.largest, s.largest_at) == (max(g), g.index(max(g)))
    p = s.period
    assert p.proven and all(g[n + p.period] == g[n] for n in range(p.preperiod, 1200 - p.period))
    assert p.preperiod == 0 or g[p.preperiod - 1 + p.period] != g[p.preperiod - 1], "the least preperiod"
    rare = rare_heaps(g, s.rare.mask, s.rare.variant, s.rare.t)
    assert (s.rare.count, s.rare.last) == (len(rare), rare[-1])
    # Winning Ways ch. 4 / Flammenkamp: .45 has 11 rare values under mask f, the last at heap 198.
    assert (hex(s.rare.mask), s.rare.count, s.rare.last, s.rare.all) == ("0xf", 11, 198, True)
    assert tartan.game("ruler").summary(8).rare is None


def test_census_rows_match_the_definition():
    census = tartan.census("octal", digits=2, length=300)
    assert census.complete and len(census.rows) == 64 and census.family == "octal codes 0.dd"
    for row in census.rows:
        g = octal_values(row.rule, 300)
        assert (row.largest, row.largest_at) == (max(g), g.index(max(g))), row.rule
        if row.period is not None:
            p = row.period
            assert all(g[n + p.period] == g[n] for n in range(p.preperiod, 300 - p.period)), row.rule
            assert row.status == ("proven" if p.proven else "observed")
        if row.same_as is not None:
            other, moved, _ = row.same_as
            h = octal_values(other, 300)
            assert all(g[n] == (h[n - moved] if n >= moved else 0) for n in range(300 - 64)), row.rule
    assert [r.name for r in census.rows if r.name] == ["dawsons-kayles", "officers", "kayles"]


def test_formats_and_the_journal(tmp_path):
    journal = tmp_path / "octal.journal"
    first = tartan.census("octal", digits=1, length=500, journal=journal, format="csv")
    assert first.text.startswith("index,rule,name,values,status")
    lines = journal.read_text().splitlines()
    assert json.loads(lines[0])["family"] == "octal codes 0.d" and len(lines) == 9
    again = tartan.census("octal", digits=1, length=500, journal=journal, format="csv")
    assert again.text == first.text and len(journal.read_text().splitlines()) == 9
    with pytest.raises(tartan.ParseError, match="records the census of 'octal codes 0.d', not of 'octal codes 0.dd'"):
        tartan.census("octal", digits=2, length=500, journal=journal)
    # A row edited by hand fails its checksum: computed again, with a warning, never printed as read.
    lines[3] = lines[3].replace('"status":', '"status":"none","old":', 1)
    journal.write_text("\n".join(lines) + "\n")
    with pytest.warns(UserWarning, match="fails its checksum"):
        edited = tartan.census("octal", digits=1, length=500, journal=journal, format="csv")
    assert edited.text == first.text


def test_progress_can_stop_a_census():
    seen = []

    def stop(fraction):
        seen.append(fraction)
        return False

    census = tartan.census("octal", digits=2, length=4096, progress=stop, threads=1)
    assert not census.complete and len(census.rows) < 64 and seen


def test_lists_files_and_refusals(tmp_path):
    rules = tmp_path / "rules.txt"
    rules.write_text("kayles  # the bowling game\n0.07\n")
    census = tartan.census("file", file=rules, length=400)
    assert [(r.rule, r.name) for r in census.rows] == [("kayles", "kayles"), ("0.07", "dawsons-kayles")]
    with pytest.raises(tartan.ParseError, match="an octal census needs digits="):
        tartan.census("octal")
    with pytest.raises(tartan.ParseError, match=r"digits=9 is out of range for octal codes; give 1 to 6 \(the digits"):
        tartan.census("octal", digits=9)
    with pytest.raises(tartan.ParseError, match=r"max_size=0 leaves no subtraction set; give 1 or more"):
        tartan.census("subtraction", max_element=4, max_size=0)
    with pytest.raises(tartan.ParseError, match=r"d0=2 is not a digit before the point of octal codes"):
        tartan.census("octal", digits=1, d0=(2,))
    # The old names of the keywords are refused with the new ones.
    with pytest.raises(tartan.ParseError, match=r"census\(values=...\) is now census\(length=...\): type length=400"):
        tartan.census("octal", digits=1, values=400)
    with pytest.raises(tartan.ParseError, match=r"census\(size=...\) is now census\(max_size=...\)"):
        tartan.census("subtraction", max_element=4, size=2)
    with pytest.raises(TypeError, match="unexpected keyword argument 'lenght'"):
        tartan.census("octal", digits=1, lenght=400)
    # A UTF-8 byte-order mark at the start of a file of rules is skipped.
    marked = tmp_path / "marked.txt"
    marked.write_bytes(b"\xef\xbb\xbf0.77\n0.07\n")
    assert [r.rule for r in tartan.census("file", file=marked, length=100).rows] == ["0.77", "0.07"]
    with pytest.raises(tartan.ParseError, match="unknown family 'octa'"):
        tartan.census("octa")
