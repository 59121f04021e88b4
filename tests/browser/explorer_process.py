"""The explorer a browser test drives, shared by explore_browser_test.py and explore_firefox_test.py: `tartan explore`,
or the static explorer (scripts/build-web's folder) served by `python3 -m http.server`, a plain static host that
knows nothing of tartan."""
import os
import re
import subprocess
import sys


def _address(process, what):
    """The http:// address in the first line `process` prints; exits 1 with what it printed when there is none."""
    line = process.stdout.readline()
    match = re.search(r"http://\S+/", line)
    if not match:
        process.kill()
        print(what + " printed no address: " + line + process.stderr.read())
        sys.exit(1)
    return match.group(0)


def start_explorer(tartan):
    """Starts `tartan explore --port 0` (a free port) and returns the process and the address it prints."""
    server = subprocess.Popen([tartan, "explore", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    return server, _address(server, "tartan explore")


def start_static(site):
    """Serves the folder `site` with `python3 -m http.server` on a free loopback port; the process and its address.
    The server is stopped with terminate() (its Ctrl-C prints a traceback)."""
    server = subprocess.Popen([sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory",
                               site], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"))
    return server, _address(server, "python3 -m http.server")


def static_site(argv):
    """The static explorer's folder, a browser test's third argument, or None when it has none; exits 77 (CTest's
    SKIP_RETURN_CODE) saying how to make the folder when it holds no static explorer."""
    if len(argv) <= 3:
        return None
    if not os.path.isfile(os.path.join(argv[3], "tartan_engine.wasm")):
        print("SKIP: no static explorer in %s; make it first with scripts/build-web %s" % (argv[3], argv[3]))
        sys.exit(77)
    return argv[3]


def start(tartan, site):
    """The explorer to test: the static folder `site` when given, else `tartan explore`."""
    return start_static(site) if site else start_explorer(tartan)
