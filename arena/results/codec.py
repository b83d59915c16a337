"""Engine records (events, actions, results) to JSON-able data and back.

    >>> from arena.results.codec import to_data, from_data
    >>> data = to_data(state.history)           # doctest: +SKIP
    >>> from_data(data) == state.history        # doctest: +SKIP
    True

The encoding:

- None, bool, int, float and str stay as they are;
- a tuple becomes a list (and a list is read back as a tuple);
- an enum member becomes ``{"$enum": "engine.conto.Move", "name": "ABBONDARE"}``;
- a dataclass instance becomes ``{"$type": "engine.conto.Declared", <field>: <value>, ...}``
  with every field the constructor takes; fields with ``init=False`` are derived (such as
  ``ContoAction.key``) and left out: decoding calls the constructor, so ``__post_init__``
  computes them again.

A class is named by its public name: the shortest module path under ``engine`` from which
it can be reached, followed by its qualified name.  ``Declared`` is defined in
``engine.conto.records`` and re-exported by the game package, so it is written
``engine.conto.Declared``; ``DealResult`` is reached first at ``engine._core``.  A game may
so move a record between its modules without changing a results file.

Only classes defined in the ``engine`` package are encoded or decoded.  A class name read
from a file is looked up among the engine's own modules, never imported from elsewhere,
and must name a class defined in (a module below) the module it is read from, and a
dataclass or an enum, so a results file cannot make the arena run arbitrary code.
Anything else (dicts, lists, sets, other classes) is refused with a `RecordError` (a
ValueError; a TypeError for unencodable objects).
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import re
import sys
from functools import cache
from typing import Any

import engine
from arena.errors import RecordError

__all__ = ["to_data", "from_data", "RecordError", "ALLOWED_PACKAGE"]

ALLOWED_PACKAGE = "engine"

_MODULE_RE = re.compile(r"engine(\._?[A-Za-z][A-Za-z0-9_]*)*")
_QUALNAME_RE = re.compile(r"[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*")

_TYPE = "$type"
_ENUM = "$enum"


def _allowed_module(module: str) -> bool:
    return module == ALLOWED_PACKAGE or module.startswith(ALLOWED_PACKAGE + ".")


# --- encoding -----------------------------------------------------------------------------


def to_data(obj: Any) -> Any:
    """JSON-able data for an engine record (see the module doc for the encoding)."""
    return _encode(obj, "")


def _encode(obj: Any, where: str) -> Any:
    if obj is None or isinstance(obj, (bool, str)):
        return obj
    if isinstance(obj, enum.Enum):  # before int: an IntEnum is an int
        return {_ENUM: _class_name(type(obj), where), "name": obj.name}
    if isinstance(obj, (int, float)):
        if type(obj) not in (int, float):
            return int(obj) if isinstance(obj, int) else float(obj)
        return obj
    if isinstance(obj, tuple):
        return [_encode(item, f"{where}[{i}]") for i, item in enumerate(obj)]
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        data: dict[str, Any] = {_TYPE: _class_name(type(obj), where)}
        for f in dataclasses.fields(obj):
            if f.init:
                data[f.name] = _encode(getattr(obj, f.name), f"{where}.{f.name}")
        return data
    raise TypeError(
        f"Cannot encode {type(obj).__qualname__} at {where or 'the top'}: engine records hold "
        "only dataclasses and enums of the engine, tuples, None, bool, int, float and str."
    )


_names: dict[type, str] = {}

#: Where the classes a module defined went when it was split: files name them by their old
#: module, which still exports them (engine._core's records and spec moved to _records.py
#: and _spec.py in issue 43; every results file names engine._core.DealResult), and they
#: are still written so, so that a file reads the same in an Arena from before the move.
_MOVED_FROM: dict[str, tuple[str, ...]] = {"engine._core": ("engine._records", "engine._spec")}


def _class_name(cls: type, where: str) -> str:
    """The public name of an engine class: "<shortest module under engine>.<QualName>"."""
    name = _names.get(cls)
    if name is not None:
        return name
    module = cls.__module__
    if not _allowed_module(module) or "<" in cls.__qualname__:
        raise TypeError(
            f"Cannot encode {module}.{cls.__qualname__} at {where or 'the top'}: only classes "
            f"of the {ALLOWED_PACKAGE!r} package can be stored."
        )
    for home, moved_to in _MOVED_FROM.items():  # written as before the move: older readers read it
        if module in moved_to and _lookup(sys.modules.get(home), cls.__qualname__) is cls:
            name = _names[cls] = f"{home}.{cls.__qualname__}"
            return name
    parts = module.split(".")
    for cut in range(min(2, len(parts)), len(parts) + 1):  # under engine, not engine itself
        prefix = ".".join(parts[:cut])
        if _lookup(sys.modules.get(prefix), cls.__qualname__) is cls:
            name = _names[cls] = f"{prefix}.{cls.__qualname__}"
            return name
    raise TypeError(
        f"Cannot encode {module}.{cls.__qualname__} at {where or 'the top'}: the class is not "
        "reachable under its own name, so it could not be read back."
    )


def _lookup(module: Any, qualname: str) -> Any:
    """The object at `qualname` inside `module` (None if any step is missing)."""
    obj = module
    for part in qualname.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


# --- decoding -----------------------------------------------------------------------------


def from_data(data: Any) -> Any:
    """The record `to_data` encoded as `data` (RecordError if it is not such data)."""
    try:
        return _decode_fast(data)
    except Exception:  # noqa: BLE001 - decoded again, slowly, to say where and what
        return _decode(data, "")


def _decode_fast(data: Any) -> Any:
    """`_decode` of good data, without working out the places an error message would
    name (a results file holds millions of values); any doubt raises, and `from_data`
    decodes again with `_decode` for the message."""
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, (list, tuple)):
        return tuple([_decode_fast(item) for item in data])
    name = data.get(_TYPE)
    if name is not None:
        cls = _cache[name]
        accepted = _init_fields(cls)
        kwargs = {}
        for key, value in data.items():
            if key != _TYPE:
                if key not in accepted:
                    raise KeyError(key)
                kwargs[key] = _decode_fast(value)
        return cls(**kwargs)
    cls = _cache[data[_ENUM]]
    if len(data) != 2 or not issubclass(cls, enum.Enum):
        raise TypeError(cls)
    return cls[data["name"]]


@cache
def _init_fields(cls: type) -> frozenset[str]:
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls} is not a record class")
    return frozenset(f.name for f in dataclasses.fields(cls) if f.init)


def _decode(data: Any, where: str) -> Any:
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, (list, tuple)):
        return tuple(_decode(item, f"{where}[{i}]") for i, item in enumerate(data))
    if isinstance(data, dict):
        if _ENUM in data:
            cls = _resolve(data[_ENUM], where)
            if not (isinstance(cls, type) and issubclass(cls, enum.Enum)):
                raise RecordError(f"{data[_ENUM]!r} at {where or 'the top'} is not an enum.")
            if set(data) != {_ENUM, "name"}:
                raise RecordError(
                    f"An enum at {where or 'the top'} has the keys {sorted(data)}; expected $enum and name."
                )
            name = data["name"]
            if not isinstance(name, str) or name not in cls.__members__:
                members = ", ".join(cls.__members__)
                raise RecordError(
                    f"{data[_ENUM]} has no member {name!r} (at {where or 'the top'}); its members are {members}."
                )
            return cls[name]
        if _TYPE in data:
            cls = _resolve(data[_TYPE], where)
            if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
                raise RecordError(f"{data[_TYPE]!r} at {where or 'the top'} is not a record class.")
            accepted = {f.name for f in dataclasses.fields(cls) if f.init}
            unknown = sorted(set(data) - accepted - {_TYPE})
            if unknown:
                raise RecordError(
                    f"{data[_TYPE]} at {where or 'the top'} has no field {unknown[0]!r}; "
                    f"its fields are {', '.join(sorted(accepted)) or 'none'}."
                )
            kwargs = {name: _decode(value, f"{where}.{name}") for name, value in data.items() if name != _TYPE}
            try:
                return cls(**kwargs)
            except (TypeError, ValueError) as error:
                raise RecordError(f"Cannot rebuild {data[_TYPE]} at {where or 'the top'}: {error}") from None
        raise RecordError(f"A mapping at {where or 'the top'} is neither a record ($type) nor an enum ($enum).")
    raise RecordError(f"Unexpected {type(data).__name__} at {where or 'the top'}.")


_cache: dict[str, type] = {}


def _resolve(name: Any, where: str) -> type:
    """The engine class called `name` ("<module>.<QualName>"), looked up, never imported freely.

    The module may be the one that defines the class or a package above it that exports
    it (as `_class_name` writes it): never a module that merely imports it from elsewhere.
    """
    if isinstance(name, str) and name in _cache:
        return _cache[name]
    if not isinstance(name, str) or not _allowed_module(name):
        raise RecordError(
            f"Refusing the class {name!r} at {where or 'the top'}: only classes of the "
            f"{ALLOWED_PACKAGE!r} package can be read back."
        )
    engine.games()  # imports every game module of the engine
    parts = name.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        module_name = ".".join(parts[:cut])
        qualname = ".".join(parts[cut:])
        if not _MODULE_RE.fullmatch(module_name) or not _QUALNAME_RE.fullmatch(qualname):
            continue
        module = sys.modules.get(module_name)
        if module is None:
            try:
                # Only names under `engine`, checked above: the engine's own modules.
                module = importlib.import_module(module_name)
            except ImportError:
                continue
        obj = _lookup(module, qualname)
        homes = (module_name, *_MOVED_FROM.get(module_name, ()))
        if (
            isinstance(obj, type)
            and any(obj.__module__ == home or obj.__module__.startswith(home + ".") for home in homes)
            and obj.__qualname__ == qualname
        ):
            _cache[name] = obj
            return obj
    raise RecordError(f"There is no engine class {name!r} (at {where or 'the top'}).")
