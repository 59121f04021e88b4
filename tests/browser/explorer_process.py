"""`tartan explore` started for a browser test, shared by explore_browser_test.py and explore_firefox_test.py."""
import re
import subprocess
import sys


def start_explorer(tartan):
    """Starts `tartan explore --port 0` (a free port) and returns the process and the address it prints; exits 1
    with what it printed when it gives none."""
    server = subprocess.Popen([tartan, "explore", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    line = server.stdout.readline()
    match = re.search(r"http://\S+/", line)
    if not match:
        server.kill()
        print("tartan explore printed no address: " + line + server.stderr.read())
        sys.exit(1)
    return server, match.group(0)
