"""Builds the Python package `tartan` with CMake, for setuptools (pyproject.toml; `pip install .`, `python3 -m build
--wheel`). The extension tartan._tartan is the CMake target tartan_python (python/CMakeLists.txt), built in Release
for the interpreter running the build, with the engine, the games and the presentation library it links; the
pure-Python layer is python/tartan/. The version is the project's, read from CMakeLists.txt.

TARTAN_CMAKE_BUILD_DIR, when set, is the CMake build directory (default: one under setuptools' build_temp), and
CMAKE_BUILD_PARALLEL_LEVEL the number of compile jobs (default: every core)."""

import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


def project_version():
    """The VERSION of CMakeLists.txt's project(tartan ...), the one source of the version."""
    found = re.search(r"project\(tartan\s+VERSION\s+([0-9.]+)", (ROOT / "CMakeLists.txt").read_text())
    if not found:
        sys.exit("setup.py: no project(tartan VERSION ...) in " + str(ROOT / "CMakeLists.txt"))
    return found.group(1)


class CMakeBuild(build_ext):
    """Configures and builds the CMake target tartan_python, then puts the extension where setuptools packs it."""

    def build_extension(self, ext):
        import pybind11  # a build requirement (pyproject.toml): its CMake package is what python/ finds

        build_dir = pathlib.Path(os.environ.get("TARTAN_CMAKE_BUILD_DIR") or pathlib.Path(self.build_temp, "cmake"))
        build_dir = build_dir.resolve()
        configure = ["cmake", "-S", str(ROOT), "-B", str(build_dir), "-DCMAKE_BUILD_TYPE=Release",
                     "-DTARTAN_BUILD_PYTHON=ON", "-DTARTAN_BUILD_CLI=OFF", "-DTARTAN_BUILD_TESTS=OFF",
                     "-DTARTAN_INSTALL=OFF", "-DPython3_EXECUTABLE=" + sys.executable,
                     "-Dpybind11_DIR=" + pybind11.get_cmake_dir()]
        if shutil.which("ninja") and not (build_dir / "CMakeCache.txt").exists():
            configure += ["-G", "Ninja"]
        env = dict(os.environ)
        if shutil.which("ccache"):
            # A machine with a compiler cache reuses it; paths under the sources are hashed relative to them, so a
            # build from a copy of the sources (an sdist unpacked in a temporary directory) hits it too.
            configure.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
            env.setdefault("CCACHE_BASEDIR", str(ROOT))
        subprocess.run(configure, check=True, env=env)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "tartan_python", "--parallel", jobs],
                       check=True, env=env)
        built = sorted((build_dir / "python" / "tartan").glob("_tartan*"))
        built = [p for p in built if p.suffix in (".so", ".pyd")]
        if len(built) != 1:
            sys.exit("setup.py: expected one compiled module in " + str(build_dir / "python" / "tartan"))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)


setup(version=project_version(), ext_modules=[Extension("tartan._tartan", sources=[])],
      cmdclass={"build_ext": CMakeBuild})
