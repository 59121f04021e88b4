"""Keyword arguments tartan has renamed: the old name refused in one line that names the new one, as the command line
refuses its old option names (one word for one meaning: a count of values is `length`, claimed values `claimed`,
how many to list `limit`)."""

from __future__ import annotations

from typing import Any, Dict

from . import _tartan


def refuse_renamed(given: Dict[str, Any], renamed: Dict[str, str], function: str) -> None:
    """Raises for the first keyword of `given` (the function's **kwargs): tartan.ParseError when `renamed` maps it
    to its new name, TypeError (as Python does) for any other.

    >>> refuse_renamed({"values": 4096}, {"values": "length"}, "census")
    Traceback (most recent call last):
        ...
    tartan.ParseError: census(values=...) is now census(length=...): type length=4096
    """
    for name, value in given.items():
        if name in renamed:
            new = renamed[name]
            raise _tartan.ParseError(f"{function}({name}=...) is now {function}({new}=...): type {new}={value!r}")
        raise TypeError(f"{function}() got an unexpected keyword argument {name!r}")
