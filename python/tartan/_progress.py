"""Progress of long computations: the caller's callback, or a tqdm bar when tqdm is installed."""

from __future__ import annotations

from typing import Any, Callable, Optional, Tuple

ProgressCallback = Callable[[float], Optional[bool]]


def _nothing() -> None:
    pass


def progress_callback(progress: Any, label: str) -> Tuple[Optional[ProgressCallback], Callable[[], None]]:
    """The engine's callback for `progress`, and what to call when the work is over.

    progress is a callable (it gets the fraction done, 0..1, about ten times a second; returning False stops the
    work), None or True (a tqdm bar when tqdm is installed, labelled `label`, shown after half a second), or False
    (nothing). Ctrl-C is checked by the extension whichever is chosen.

    >>> from tartan._progress import progress_callback
    >>> callback, close = progress_callback(False, "verifying")
    >>> callback is None
    True
    """
    if progress is False:
        return None, _nothing
    if progress is not None and progress is not True:
        if not callable(progress):
            raise TypeError(f"progress must be a callable taking the fraction done, True, False or None, not {progress!r}")
        return progress, _nothing
    try:
        from tqdm.auto import tqdm  # type: ignore[import-not-found]
    except ImportError:
        return None, _nothing
    options = dict(total=100, desc=label, unit="%", leave=False, bar_format="{desc}: {percentage:3.0f}%|{bar}| {elapsed}")
    try:
        bar = tqdm(delay=0.5, **options)
    except TypeError:  # tqdm before 4.60 has no delay
        bar = tqdm(**options)

    def update(fraction: float) -> None:
        target = round(100 * fraction, 1)
        if target > bar.n:
            bar.update(target - bar.n)

    return update, bar.close
