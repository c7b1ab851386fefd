"""The chess-conformance catalogue: every case of a rule area, as the JSON export writes it.

    import chess_conformance_cases as ccc

    for area in ccc.areas():
        print(area, len(ccc.cases(area=area)))

The data are package data, read with ``importlib.resources`` (so the package also works from a
zip). Each area's file is parsed once, on first use, and the same list is returned after that:
treat it as read-only (``copy.deepcopy`` before changing a case).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Dict, List, Optional

__all__ = ["__version__", "areas", "cases", "schema", "schema_text", "UnknownAreaError"]

_DATA = resources.files(__name__).joinpath("data")

#: The catalogue's version (semantic: see the README), which is this package's.
__version__: str = _DATA.joinpath("VERSION").read_text(encoding="utf-8").strip()

_AREAS = sorted(
    entry.name[: -len(".json")]
    for entry in _DATA.joinpath("json").iterdir()
    if entry.name.endswith(".json")
)
_PARSED: Dict[str, List[Dict[str, Any]]] = {}


class UnknownAreaError(KeyError):
    """A rule area the catalogue does not have; the message names the ones it has."""

    def __str__(self) -> str:
        return str(self.args[0])


def areas() -> List[str]:
    """The rule areas, sorted by name (``castling``, ``check``, ...)."""
    return list(_AREAS)


def cases(area: Optional[str] = None) -> List[Dict[str, Any]]:
    """The cases of one rule area, or of every area in the order of :func:`areas`.

    An unknown area raises :class:`UnknownAreaError` (a ``KeyError``) naming the known ones.
    """
    if area is None:
        return [case for name in _AREAS for case in cases(area=name)]
    parsed = _PARSED.get(area)
    if parsed is None:
        if area not in _AREAS:
            raise UnknownAreaError(
                f"chess-conformance-cases {__version__}: no rule area {area!r}; "
                f"the areas are {', '.join(_AREAS)}"
            )
        text = _DATA.joinpath("json").joinpath(f"{area}.json").read_text(encoding="utf-8")
        parsed = json.loads(text)["cases"]
        _PARSED[area] = parsed
    return parsed


def schema_text() -> str:
    """The JSON Schema (draft 2020-12) every area's file follows, as text."""
    return _DATA.joinpath("schema").joinpath("cases.schema.json").read_text(encoding="utf-8")


def schema() -> Dict[str, Any]:
    """The JSON Schema every area's file follows, parsed."""
    return json.loads(schema_text())
