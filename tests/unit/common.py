"""What the unit tests of the harness's Python share (tests/unit/).

The modules under test are loaded from the clone by path: scripts/ is
put on sys.path (run_cases, ktap), and a script whose name is no module
name (mail-series.py, badmodinfo.py) is loaded with load().  Nothing here
needs KSRC, a kernel or QEMU.
"""
import importlib.util
import os
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPTS = os.path.join(TOP, "scripts")
if SCRIPTS not in sys.path:
    sys.path.insert(0, SCRIPTS)


def load(name, path):
    """The Python file TOP/path as module name (a fresh copy each time)."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(TOP, path))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod
