"""scripts/shard.py: make check's share of the work, ARCHES= and
SHARD=K/N (tests/04-ktap.sh runs them end to end through check.sh)."""
import io
import os
import subprocess
import sys
import unittest

import common
import shard

KNOWN = ["i386", "ia64", "ppc", "ppc64", "sparc64"]


def run_units():
    """make check's units as check.sh lists them today: every script of
    tests/ (the base arch's, or its "# check-arch:"), tests/60-cross.sh
    a part per cross arch and lds-params."""
    units = []
    tests = os.path.join(common.TOP, "tests")
    for f in sorted(os.listdir(tests)):
        if not (f[:2].isdigit() and f[2] == "-" and f.endswith(".sh")):
            continue
        with open(os.path.join(tests, f), encoding="utf-8") as fh:
            text = fh.read()
        if "\n# check-units: yes\n" in text:
            units += [("%s:%s" % (f, a), a) for a in KNOWN if a != "i386"]
            units.append((f + ":lds-params", "i386"))
        else:
            arch = "i386"
            for line in text.splitlines():
                if line.startswith("# check-arch: "):
                    arch = line.split()[2]
            units.append((f, arch))
    return sorted(units)


def figures():
    with open(os.path.join(common.SCRIPTS, "check.times"), encoding="utf-8") as f:
        return shard.read_times(f)


class Spec(unittest.TestCase):
    def test_shard(self):
        self.assertEqual(shard.parse_shard("1/4"), (1, 4))
        self.assertEqual(shard.parse_shard("4/4"), (4, 4))
        for bad in ("0/4", "5/4", "1", "a/b", "1/0", "-1/2", "", "1/2/3"):
            with self.subTest(spec=bad), self.assertRaises(ValueError):
                shard.parse_shard(bad)

    def test_arches(self):
        self.assertEqual(shard.parse_arches("ppc64 sparc64", KNOWN), ["ppc64", "sparc64"])
        self.assertEqual(shard.parse_arches("ppc,ia64", KNOWN), ["ppc", "ia64"])
        with self.assertRaises(ValueError) as e:
            shard.parse_arches("ppc sparc", KNOWN)
        self.assertIn("unknown arch sparc", str(e.exception))
        self.assertIn("known: i386 ia64 ppc ppc64 sparc64", str(e.exception))

    def test_times(self):
        t = shard.read_times(["# a comment", "", "12.5 10-a.sh", "x 20-b.sh", "3 60-cross"])
        self.assertEqual(t, {"10-a.sh": 12.5, "60-cross": 3.0})

    def test_seconds(self):
        units = ["10-a.sh", "60-cross.sh:ppc", "60-cross.sh:ia64", "70-x.sh"]
        s = shard.seconds(units, {"10-a.sh": 5, "60-cross": 100, "60-cross.sh:ppc": 70})
        # its own figure; else the script's shared among its parts; else 10
        self.assertEqual(s, {"10-a.sh": 5, "60-cross.sh:ppc": 70,
                             "60-cross.sh:ia64": 50, "70-x.sh": shard.DEFAULT_SECONDS})


class Cut(unittest.TestCase):
    def setUp(self):
        self.units = run_units()
        self.names = [n for n, _ in self.units]
        self.secs = shard.seconds(self.names, figures())

    def test_complete_and_disjoint(self):
        """Every unit in exactly one share, for every N."""
        for n in range(1, 9):
            with self.subTest(n=n):
                shares = shard.cut(self.secs, n)
                self.assertEqual(len(shares), n)
                flat = [u for s in shares for u in s]
                self.assertEqual(sorted(flat), sorted(self.names))
                self.assertEqual(len(flat), len(set(flat)))

    def test_deterministic(self):
        """The same cut whatever order the units come in."""
        a = shard.cut(self.secs, 4)
        b = shard.cut(dict(reversed(list(self.secs.items()))), 4)
        self.assertEqual(a, b)

    def test_balanced(self):
        """No share is longer than the ideal plus the longest unit, and
        the cross arches' parts spread over the shares."""
        for n in (2, 3, 4):
            loads = [sum(self.secs[u] for u in s) for s in shard.cut(self.secs, n)]
            self.assertLessEqual(max(loads), sum(loads) / n + max(self.secs.values()))
        four = shard.cut(self.secs, 4)
        holders = {i for i, s in enumerate(four) for u in s if u.startswith("60-cross.sh:")}
        self.assertGreater(len(holders), 1, four)

    def test_cross_units(self):
        """tests/60-cross.sh is a unit per cross arch and lds-params."""
        cross = [n for n in self.names if n.startswith("60-cross.sh")]
        self.assertEqual(cross, ["60-cross.sh:ia64", "60-cross.sh:lds-params",
                                 "60-cross.sh:ppc", "60-cross.sh:ppc64", "60-cross.sh:sparc64"])


class Select(unittest.TestCase):
    units = [("01-a.sh", "i386"), ("60-cross.sh:ia64", "ia64"),
             ("60-cross.sh:lds-params", "i386"), ("60-cross.sh:ppc", "ppc"),
             ("60-cross.sh:ppc64", "ppc64"), ("60-cross.sh:sparc64", "sparc64"),
             ("61-ia64.sh", "ia64"), ("75-b.sh", "i386")]

    def test_arches(self):
        head, keep = shard.select(self.units, KNOWN, arches="ppc64 sparc64")
        self.assertEqual(keep, ["60-cross.sh:ppc64", "60-cross.sh:sparc64"])
        self.assertTrue(head.startswith("Share: units=2/8 set="), head)
        self.assertTrue(head.endswith(" shard=all arches=ppc64,sparc64"), head)
        _, keep = shard.select(self.units, KNOWN, arches="i386")
        self.assertEqual(keep, ["01-a.sh", "60-cross.sh:lds-params", "75-b.sh"])

    def test_all(self):
        head, keep = shard.select(self.units, KNOWN)
        self.assertEqual(keep, [n for n, _ in self.units])
        self.assertTrue(head.endswith(" shard=all arches=all"), head)

    def test_arches_partition(self):
        """ARCHES of each known arch: every unit once."""
        got = [u for a in KNOWN for u in shard.select(self.units, KNOWN, arches=a)[1]]
        self.assertEqual(sorted(got), sorted(n for n, _ in self.units))

    def test_shards(self):
        times = {"75-b.sh": 500, "60-cross.sh:ppc64": 200}
        got, keys = [], set()
        for k in (1, 2, 3):
            head, keep = shard.select(self.units, KNOWN, shard="%d/3" % k, times=times)
            got += keep
            keys.add(head.split()[2])
            self.assertIn(" shard=%d/3 " % k, head)
        self.assertEqual(sorted(got), sorted(n for n, _ in self.units))
        self.assertEqual(len(keys), 1)

    def test_arches_then_shard(self):
        got = []
        for k in (1, 2):
            got += shard.select(self.units, KNOWN, arches="ia64 ppc", shard="%d/2" % k)[1]
        self.assertEqual(sorted(got), ["60-cross.sh:ia64", "60-cross.sh:ppc", "61-ia64.sh"])

    def test_refused(self):
        with self.assertRaises(ValueError):
            shard.select(self.units, KNOWN, arches="mips")
        with self.assertRaises(ValueError):
            shard.select(self.units, KNOWN, shard="3/2")
        with self.assertRaises(ValueError):
            shard.select([("01-a.sh", "vax")], KNOWN)

    def test_command(self):
        """The command line check.sh calls: exit 2 and the known arches
        for an unknown one."""
        cmd = [sys.executable, os.path.join(common.SCRIPTS, "shard.py"), "select",
               "--known", " ".join(KNOWN)]
        text = "".join("%s %s\n" % u for u in self.units)
        p = subprocess.run(cmd + ["--arches", "ppc"], input=text, capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.splitlines()[1:], ["60-cross.sh:ppc"])
        p = subprocess.run(cmd + ["--arches", "ppc m68k"], input=text, capture_output=True, text=True)
        self.assertEqual(p.returncode, 2)
        self.assertIn("unknown arch m68k (known: i386 ia64 ppc ppc64 sparc64", p.stderr)


if __name__ == "__main__":
    unittest.main()
