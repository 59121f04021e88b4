"""Builds the Python package `tartan` with CMake, for setuptools (pyproject.toml; `pip install .`, `python3 -m build
--wheel`). The extension tartan._tartan is the CMake target tartan_python (python/CMakeLists.txt), built with the
engine, the games and the presentation library it links; the pure-Python layer is python/tartan/. The version is
the project's, read from CMakeLists.txt.

By default the build configures a CMake build of its own (Release, the package alone) under setuptools' build_temp.
TARTAN_CMAKE_BUILD_DIR names another build directory: configured there the same way when it holds no CMake build,
and when it holds one already (build/test of scripts/test, configured with -DTARTAN_BUILD_PYTHON=ON for this same
interpreter), its configuration is kept and only tartan_python is brought up to date there, so the wheel packs the
module that build compiled instead of compiling the engine again. CMAKE_BUILD_PARALLEL_LEVEL is the number of
compile jobs (default: every core)."""

import os
import pathlib
import re
import shutil
import subprocess
import sys
import sysconfig

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
    """Builds the CMake target tartan_python, then puts the extension where setuptools packs it."""

    def build_extension(self, ext):
        if not shutil.which("cmake"):
            sys.exit("setup.py: the build needs CMake 3.25 or later on PATH (Debian: apt-get install cmake)")
        build_dir = os.environ.get("TARTAN_CMAKE_BUILD_DIR")
        build_dir = pathlib.Path(build_dir or pathlib.Path(self.build_temp, "cmake")).resolve()
        env = dict(os.environ)
        if not (build_dir / "CMakeCache.txt").exists():
            import pybind11  # a build requirement (pyproject.toml): its CMake package is what python/ finds
            configure = ["cmake", "-S", str(ROOT), "-B", str(build_dir), "-DCMAKE_BUILD_TYPE=Release",
                         "-DTARTAN_BUILD_PYTHON=ON", "-DTARTAN_BUILD_CLI=OFF", "-DTARTAN_BUILD_TESTS=OFF",
                         "-DTARTAN_INSTALL=OFF", "-DPython3_EXECUTABLE=" + sys.executable,
                         "-Dpybind11_DIR=" + pybind11.get_cmake_dir()]
            if shutil.which("ninja"):
                configure += ["-G", "Ninja"]
            if shutil.which("ccache"):
                # Paths under the sources are hashed relative to them, so a build from an unpacked sdist hits too.
                configure.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
                env.setdefault("CCACHE_BASEDIR", str(ROOT))
            subprocess.run(configure, check=True, env=env)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "tartan_python", "--parallel", jobs],
                       check=True, env=env)
        # The module for this interpreter: an existing build made for another one has none of its suffix.
        built = build_dir / "python" / "tartan" / ("_tartan" + sysconfig.get_config_var("EXT_SUFFIX"))
        if not built.exists():
            sys.exit("setup.py: %s holds no %s, the module for %s; configure that build with "
                     "-DPython3_EXECUTABLE=%s, or unset TARTAN_CMAKE_BUILD_DIR" %
                     (build_dir, built.name, sys.executable, sys.executable))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(version=project_version(), ext_modules=[Extension("tartan._tartan", sources=[])],
      cmdclass={"build_ext": CMakeBuild})
