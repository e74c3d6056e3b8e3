#!/bin/bash
# The harness's own Python, unit-tested before anything is built:
# tests/unit/test_*.py (python3's unittest) for scripts/ktap.py,
# scripts/run_cases.py, scripts/mail-series.py, qemu-test/badmodinfo.py,
# qemu-test/elfhdr.py and scripts/allmodules-load.py (the pass rule of
# tests/67, which make check skips).  No KSRC, no kernel, no QEMU: seconds.
# tests/unit/run.py prints a PASS, FAIL or SKIP line per test (a failing
# subTest is a FAIL of its own, its traceback after it) and, last,
# "N passed, N failed, N skipped".  One module: python3 -m unittest -v
# test_ktap, in tests/unit.
. "$(dirname "$0")/lib-test.sh"
if ! command -v python3 > /dev/null; then
	skip "unit: no python3 (apt-get install python3)"
	exit 0
fi
python3 -W error::ResourceWarning "$TOP/tests/unit/run.py"
