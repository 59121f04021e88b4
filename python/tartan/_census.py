"""Censuses of rule families (tartan.census), read from the JSON the engine writes for `tartan census --format json`,
so the two agree."""

from __future__ import annotations

import json
import os
import warnings
from typing import Any, Dict, List, NamedTuple, Optional, Sequence as Seq

from . import _tartan
from ._progress import progress_callback
from ._renamed import refuse_renamed
from ._summary import Period, RareValues, _period, _rare


class CensusRow(NamedTuple):
    """One rule of a census: its text, the built-in game it is ('' for none), the values computed, the status
    ('proven', 'observed', 'none' or 'stopped') and why, the summary's columns, and the rule it has the values of
    (`same_as`: (rule, moved, proven), moved d meaning g(n) = g'(n - d); None when it is the first of its values).

    >>> import tartan
    >>> row = tartan.census(["0.117", "0.051"], length=500).rows[1]   # .051: period 48 from 48 (Flammenkamp)
    >>> row.rule, row.status, row.period.preperiod, row.period.period, row.same_as
    ('0.051', 'proven', 48, 48, ('0.117', 1, True))
    """

    index: int
    rule: str
    name: str
    computed: int
    status: str
    why: str
    period: Optional[Period]
    largest: int
    largest_at: int
    rare: Optional[RareValues]
    same_as: Optional[tuple]


class Census:
    """The rows of a census, one per rule in family order (fewer when stopped), and its groups of rules with equal
    values. `text` is the census in the format asked for (as `tartan census --format` writes it). `complete` is
    True when every rule has its row computed to `length` values; `stopped` counts the rows a limit stopped short.

    >>> import tartan
    >>> c = tartan.census("octal", digits=1, length=256)
    >>> [(r.rule, r.period.period if r.period else None) for r in c.rows][:3]
    [('0.0', 1), ('0.1', 1), ('0.2', 2)]
    >>> c.complete, len(c.rows)
    (True, 8)
    """

    def __init__(self, document: Dict[str, Any], text: str) -> None:
        self.family: str = document["census"]["family"]
        self.length: int = document["census"]["values"]
        self.complete: bool = document["complete"]
        self.stopped: int = document["stopped"]
        self.text = text
        self.rows: List[CensusRow] = []
        for r in document["rows"]:
            same = r["same_as"]
            self.rows.append(CensusRow(r["i"], r["rule"], r["name"], r["computed"], r["status"], r["why"],
                                       _period(r["period"]), r["largest"], r["largest_at"], _rare(r["rare"]),
                                       None if same is None else (same["rule"], same["moved"], same["proven"])))
        self.groups: List[List[tuple]] = [[(m["rule"], m["moved"], m["proven"]) for m in g["members"]]
                                          for g in document["groups"]]

    def __repr__(self) -> str:
        return f"Census({self.family!r}, length={self.length}, rows={len(self.rows)}, complete={self.complete})"

    def __str__(self) -> str:
        return self.text


def census(family: Any, *, digits: Optional[int] = None, d0: Seq[int] = (), max_element: Optional[int] = None,
           max_size: Optional[int] = None, pattern: str = "", max: Optional[int] = None, file: Optional[str] = None,
           length: int = 65536, max_seconds: float = 60, max_memory: Any = None, threads: Optional[int] = None,
           journal: Optional[str] = None, format: str = "text", progress: Any = False, **renamed: Any) -> Census:
    """Every rule of a family computed to `length` values, g(0..length-1), and summarised, as `tartan census` does:
    family "octal" or "hex" (digits=D, d0=(0, 4): d0=(4,) gives the codes 4.d1..dD alone), "subtraction"
    (max_element=M, max_size=K), "turning" (pattern="a-bC(w)", max=N), "file" (file=path; a UTF-8 byte-order mark
    is skipped), or a list of rules. Each rule gets max_seconds (0: none) and max_memory. threads: None for every
    core. journal: a file recording each finished rule; the same call with the same file resumes (rules stopped short
    and lines that fail their checksum are computed again, with a warning). format: the form of `.text` (text, md,
    csv, json, jsonl). progress: a callable taking the fraction of rules done (False stops), True for a tqdm bar, or
    False; Ctrl-C raises KeyboardInterrupt (with the journal, nothing finished is lost). The old names values= and
    size= are refused, naming length= and max_size=.

    >>> import tartan
    >>> c = tartan.census(["0.77", "0.07", "0.137"], length=1000)
    >>> [(r.rule, r.name, r.period.preperiod, r.period.period) for r in c.rows]
    [('0.77', 'kayles', 71, 12), ('0.07', 'dawsons-kayles', 53, 34), ('0.137', 'dawsons-chess', 52, 34)]
    >>> c.rows[1].same_as   # Dawson's Kayles is Dawson's Chess moved one heap
    ('0.137', 1, True)
    """
    refuse_renamed(renamed, {"values": "length", "size": "max_size"}, "census")
    source, listed = "", ""
    kind = family
    if isinstance(family, (list, tuple)):
        kind, source, listed = "rules", "a list", "\n".join(str(r) for r in family)
    elif family == "file":
        if file is None:
            raise _tartan.ParseError('a file census needs file="rules.txt", a file of rules one per line')
        kind, source = "rules", os.fspath(file)
        with open(os.fspath(file), encoding="utf-8-sig") as f:
            listed = f.read()
    callback, close = progress_callback(progress, "census")
    try:
        document, text, _, notes = _tartan._census(str(kind), digits, [int(d) for d in d0], max_element, max_size,
                                                   pattern, max, source, listed, length, max_seconds, max_memory,
                                                   threads, "" if journal is None else os.fspath(journal), format,
                                                   callback)
    finally:
        close()
    for note in notes:
        warnings.warn(note, stacklevel=2)
    return Census(json.loads(document), text)
