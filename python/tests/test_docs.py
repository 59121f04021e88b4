"""The documentation runs as written: every example in the docstrings of the public API (and every public function
and method has one), the tour and reference of docs/python.md, and the example script docs/examples/python_rugs.py
against its recorded output. The type stubs name everything the compiled module has."""

from __future__ import annotations

import ast
import doctest
import inspect
import os
import pathlib
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

import tartan
from tartan import _tartan

from conftest import SOURCE_DIR


def public_objects():
    """(qualified name, object) for every public name of tartan and the public members of its classes."""
    for name in tartan.__all__:
        obj = getattr(tartan, name)
        yield f"tartan.{name}", obj
        if inspect.isclass(obj):
            for member, value in vars(obj).items():
                if not member.startswith("_"):
                    yield f"tartan.{name}.{member}", value


def docstring(obj):
    if isinstance(obj, property):
        return obj.fget.__doc__ if obj.fget else None
    return getattr(obj, "__doc__", None)


def is_function(obj):
    return inspect.isfunction(obj) or inspect.isbuiltin(obj) or inspect.ismethoddescriptor(obj) or (
        callable(obj) and type(obj).__name__ == "instancemethod")


def test_every_public_function_and_class_has_an_example():
    missing = []
    for name, obj in public_objects():
        doc = docstring(obj) or ""
        if isinstance(obj, property) or isinstance(obj, (str, int)) or name.count(".") > 2:
            continue
        if (inspect.isclass(obj) or is_function(obj)) and ">>>" not in doc:
            missing.append(name)
    assert not missing, "no example in the docstring of " + ", ".join(missing)


def test_the_docstring_examples_run():
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    seen, ran = set(), 0
    modules = [tartan] + [getattr(tartan, m) for m in ("_arrays", "_games", "_nim", "_ordinals", "_play",
                                                       "_positions", "_progress", "_reports")]
    docs = [(m.__name__, m.__doc__) for m in modules]
    for name, obj in public_objects():
        docs.append((name, docstring(obj)))
        if inspect.isclass(obj):  # private helpers' examples too (_repr_svg_, _progress)
            docs += [(f"{name}.{k}", docstring(v)) for k, v in vars(obj).items() if k.startswith("_repr")]
    docs.append(("tartan._progress.progress_callback", tartan._progress.progress_callback.__doc__))
    for name, doc in docs:
        if not doc or ">>>" not in doc or doc in seen:
            continue
        seen.add(doc)
        test = parser.get_doctest(doc, {}, name, name, 0)
        runner.run(test)
        ran += 1
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and ran > 40, result


def test_the_guide_runs_as_written():
    guide = SOURCE_DIR / "docs" / "python.md"
    result = doctest.testfile(str(guide), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0 and result.attempted > 30, result


def test_the_example_script_prints_what_it_records(tmp_path):
    script = SOURCE_DIR / "docs" / "examples" / "python_rugs.py"
    env = dict(os.environ)
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    expected = (SOURCE_DIR / "docs" / "examples" / "python_rugs.txt").read_text()
    assert done.stdout == expected
    picture = ET.parse(tmp_path / "rugs.svg").getroot()
    assert picture.tag.endswith("svg")


def test_the_stubs_name_everything_the_module_has():
    stub = ast.parse((pathlib.Path(tartan.__file__).parent / "_tartan.pyi").read_text())
    declared = {node.name: node for node in stub.body if isinstance(node, (ast.ClassDef, ast.FunctionDef))}
    names = {n for n in dir(_tartan) if not n.startswith("__")}
    assert names - set(declared) == set(), "missing from _tartan.pyi"
    for cls in ("Nimber", "_Game", "_Position", "_Region", "_Analysis"):
        members = {m.name for m in declared[cls].body if isinstance(m, ast.FunctionDef)}
        actual = {m for m in vars(getattr(_tartan, cls)) if not m.startswith("_") or m in ("__mul__", "__pow__")}
        assert actual - members == set(), f"{cls} members missing from _tartan.pyi"
    assert (pathlib.Path(tartan.__file__).parent / "py.typed").exists()
