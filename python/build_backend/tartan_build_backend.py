"""The build backend of the Python package (pyproject.toml): setuptools' own, whose setup.py drives CMake, asking
for CMake from PyPI only when the machine has none recent enough. A CMake installed by the system (Debian's cmake)
is not a Python distribution, so it cannot be a static build requirement: an offline build with
--no-build-isolation would refuse to start for want of it."""

import re
import shutil
import subprocess

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403  (the backend's other hooks, as setuptools has them)

MINIMUM_CMAKE = (3, 25)  # CMakeLists.txt's cmake_minimum_required


def _cmake_requirement():
    """['cmake>=3.25'] when no cmake on PATH is at least MINIMUM_CMAKE, else []."""
    cmake = shutil.which("cmake")
    if cmake:
        try:
            said = subprocess.run([cmake, "--version"], capture_output=True, text=True, timeout=60).stdout
            found = re.search(r"(\d+)\.(\d+)", said)
            if found and tuple(map(int, found.groups())) >= MINIMUM_CMAKE:
                return []
        except (OSError, subprocess.SubprocessError):
            pass
    return ["cmake>=%d.%d" % MINIMUM_CMAKE]


def get_requires_for_build_wheel(config_settings=None):
    return _setuptools.get_requires_for_build_wheel(config_settings) + _cmake_requirement()


def get_requires_for_build_editable(config_settings=None):
    return _setuptools.get_requires_for_build_editable(config_settings) + _cmake_requirement()
