"""scripts/allmodules-load.py: the pass rule of make allmodules and
tests/67 (doc/allmodules.md) over consoles written here: an Oops that
ends the boot (am.sh's "am: killed"), the kernel's word on what cannot
unload, the known bugs.  make check skips tests/67 (its cost): these
keep the rule itself checked there."""
import os
import shutil
import tempfile
import unittest

import common

AL = common.load("allmodules_load", "scripts/allmodules-load.py")

# A boot whose second module Oopses at modprobe -r: am.sh ends the boot.
OOPSED = """am: mem START 200000
am: start sys paramtest
am: load a
am: rc a 0 
am: new a a
am: listed a yes
am: sysfs a yes
am: unload a 0 
am: left a
am: done a
am: load bt
am: rc bt 0 
am: new bt bt
am: listed bt yes
am: sysfs bt yes
Unable to handle kernel paging request at virtual address d08220e0
 [<d081dd9d>] bt_cleanup+0xd/0x3c [bt]
am: unload bt 139 Segmentation fault
am: killed bt 139
am: done bt
"""

# A boot that ends with modules left: FINAL's /proc/modules lines.
ENDED = """am: mem START 200000
am: start sys paramtest
am: load c
am: rc c 0 
am: new c c
am: listed c yes
am: sysfs c yes
am: unload c 0 
am: left c
am: done c
am: final proc %(proc)s
%(mods)s
am: final sys paramtest %(proc)s
am: mem END 199000
"""


class Rule(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.dir)

    def console(self, text):
        f = os.path.join(self.dir, "am.log")
        with open(f, "w") as fh:
            fh.write(text)
        return f

    def state(self, lines):
        """A run of two boots: OOPSED, then ENDED with LINES left."""
        r1, stop1 = AL.parse(self.console(OOPSED), ["a", "bt", "x"])
        m1, f1 = r1.pop("@mem", {}), r1.pop("@final", {})
        proc = " ".join(l.split()[0] for l in lines)
        mods = "\n".join("am: final mod " + l for l in lines)
        r2, stop2 = AL.parse(self.console(ENDED % {"proc": proc, "mods": mods}), ["c"])
        m2, f2 = r2.pop("@mem", {}), r2.pop("@final", {})
        res = dict(r1)
        res.update(r2)
        return {"want": ["a", "bt", "c"], "results": res, "missing": [],
                "boots": [["am.1", 3, stop1, m1, f1], ["am.2", 1, stop2, m2, f2]]}

    def test_killed_ends_the_boot_at_the_oops(self):
        r, stop = AL.parse(self.console(OOPSED), ["a", "bt", "x"])
        self.assertEqual(stop, "bt")
        self.assertEqual(r["a"], ("ok", []))
        self.assertEqual(r["bt"][0], "oops")
        self.assertEqual(r["bt"][1][0], "in:bt")

    def test_killed_without_oops_text(self):
        text = OOPSED.replace("Unable to handle kernel paging request at virtual address d08220e0\n", "")
        r, stop = AL.parse(self.console(text), ["a", "bt"])
        self.assertEqual(stop, "bt")
        self.assertEqual(r["bt"], ("killed", ["status:139"]))
        self.assertEqual(AL.judge({"want": ["bt"], "results": r, "boots": [],
                                   "missing": []}, {"bt"}), [])
        self.assertTrue(AL.judge({"want": ["bt"], "results": r, "boots": [],
                                  "missing": []}, set()))

    def test_oops_fails_unless_known(self):
        st = self.state([])
        bad = AL.judge(st, set())
        self.assertEqual(len(bad), 1)
        self.assertTrue(bad[0].startswith("bt: oops in:bt"), bad)
        self.assertEqual(AL.judge(st, {"bt"}), [])

    def test_kernel_word_excuses_left_modules(self):
        # permanent, unsafe, and one used only by the permanent one
        st = self.state(["perm 1000 0 [permanent]", "uns 1000 0 [unsafe]",
                         "under 1000 1 perm"])
        self.assertEqual(AL.judge(st, {"bt"}), [])

    def test_left_module_without_kernel_word_fails(self):
        for lines, left in ((["held 1000 1"], "held"),
                            (["perm 1000 0 [permanent]", "both 1000 2 perm held",
                              "held 1000 0"], "both held")):
            with self.subTest(left=left):
                bad = AL.judge(self.state(lines), {"bt"})
                self.assertEqual(bad, ["am.2: left loaded: " + left])

    def test_baseline_no_sysfs_may_stay(self):
        # 2.5.50's loader: no /sys/module/held, kmod cannot remove it
        st = self.state(["held 1000 0"])
        st["boots"][1][4]["sys"] = ["paramtest"]
        self.assertEqual(AL.judge(st, {"bt"}, baseline=True), [])
        self.assertEqual(AL.judge(st, {"bt"}), ["am.2: left loaded: held"])
        # with its /sys/module directory it is held on the baseline too
        st = self.state(["held 1000 0"])
        self.assertEqual(AL.judge(st, {"bt"}, baseline=True), ["am.2: left loaded: held"])

    def test_memfree_bound(self):
        st = self.state([])
        st["boots"][1][3] = {"START": "200000", "END": "195000"}
        self.assertEqual(AL.judge(st, {"bt"}),
                         ["am.2: MemFree 200000 -> 195000 kB (over 4096 kB less)"])

    def test_end_of_boot_problems(self):
        lines = ["am: final killed bt 139",
                 "Unable to handle kernel NULL pointer dereference at virtual address 00000000"]
        for cut, known, want in (
                # the last rmmod died: Oops, unless its module is known
                (lines[0], set(), "am.2: at the end of the boot: rmmod bt died of a signal (139) "),
                (lines[0], {"bt"}, None),
                # an Oops between modules, no module named
                (lines[1], {"bt"}, "am.2: at the end of the boot: Unable to handle kernel"),
                # a hang in the last rmmod: no MemFree at the end
                (None, {"bt"}, "am.2: the boot did not end")):
            with self.subTest(cut=cut, known=known):
                text = ENDED % {"proc": "", "mods": ""}
                i = text.index("am: final proc")
                text = text[:i] + (cut + "\n" if cut else "")
                r, stop = AL.parse(self.console(text), ["c"])
                mem, fin = r.pop("@mem", {}), r.pop("@final", {})
                st = {"want": ["c"], "results": r, "missing": [],
                      "boots": [["am.2", 1, stop, mem, fin]]}
                bad = AL.judge(st, known)
                if want is None:
                    self.assertEqual(bad, [])
                else:
                    self.assertEqual(len(bad), 1, bad)
                    self.assertTrue(bad[0].startswith(want), bad)

    def test_known_file(self):
        f = os.path.join(self.dir, "known.txt")
        with open(f, "w") as fh:
            fh.write("# comment\nmodule: ip-2main\n  text module: not\nmodule: bt\n")
        self.assertEqual(set(AL.read_known(f)), {"ip_2main", "bt"})

    def test_known_entry_keys(self):
        f = os.path.join(self.dir, "known.txt")
        with open(f, "w") as fh:
            fh.write("module: sk_mca\n  repro: +sk_mca -sk_mca +dummy\n  poisons:\n"
                     "  why: repro: in prose is not read\n"
                     "module: nls_big5\n  repro: .nls_cp950 +nls_big5\n  expect: hang\n")
        k = AL.read_known(f)
        self.assertEqual(k["sk_mca"], {"repro": "+sk_mca -sk_mca +dummy", "poisons": ""})
        self.assertEqual(k["nls_big5"]["expect"], "hang")
        # A poisoning module ends its batch; the next starts a new boot.
        self.assertEqual(AL.batches(["a", "sk_mca", "smc_mca", "b", "c"], 2, k),
                         [["a", "sk_mca"], ["smc_mca", "b"], ["c"]])
        self.assertEqual(AL.batches(["a", "b", "c"], 2, {}), [["a", "b"], ["c"]])

    def test_repro_steps(self):
        deps = {"usbcore": ("kernel/usb/usbcore.ko", []),
                "nls_koi8_u": ("kernel/fs/nls/nls_koi8-u.ko", []),
                "nls_koi8_ru": ("kernel/fs/nls/nls_koi8-ru.ko", [])}
        cmds, mods = AL.repro_steps({"repro": "+usbcore -usbcore"}, deps)
        self.assertEqual(cmds, ["insmod /lib/modules/2.5.50/kernel/usb/usbcore.ko",
                                "busybox rmmod usbcore"])
        cmds, mods = AL.repro_steps({"repro": ".nls_koi8-u +nls_koi8_ru"}, deps)
        self.assertEqual(cmds, ["insmod /lib/modules/2.5.50/kernel/fs/nls/nls_koi8-ru.ko"])
        self.assertEqual(mods, ["nls_koi8_u", "nls_koi8_ru"])
        self.assertEqual(AL.missing_steps({"repro": ".nls_cp936 +nls_koi8-ru -usbcore"}, deps),
                         ["nls_cp936"])
        for bad in ("+nosuch", "usbcore", "*usbcore"):
            with self.assertRaises(ValueError):
                AL.repro_steps({"repro": bad}, deps)

    def test_repro_outcome(self):
        run = "am: run insmod /x.ko\r\nam: rc 0\r\nam: run busybox rmmod x\r\n"
        sysrq = "SysRq : Show State\r\n [<c0131f03>] sys_init_module+0xd1/0x260\r\n"
        for text, want in (
                (run + "Unable to handle kernel NULL pointer dereference at virtual address 00000000\r\n"
                 "am: rc 139\r\nam: killed 139\r\n", "oops"),
                (run + sysrq, "hang"),
                # no live kernel seen blocked in a load: no hang proved
                (run, "silent"),
                (run + "SysRq : Show State\r\n [<c0131f03>] sys_read+0x1/0x2\r\n", "silent"),
                (run + "am: rc 0\r\nam: repro done\r\n", "clean"),
                # an Oops of the boot, before the first command, is not the repro's
                ("Oops: 0002 at boot\r\n" + run + "am: rc 0\r\nam: repro done\r\n", "clean"),
                ("", "no-console")):
            got, line = AL.repro_outcome(self.console(text))
            self.assertEqual(got, want, text)
        self.assertEqual(AL.repro_outcome(self.console(run + sysrq))[1], "busybox rmmod x")
        self.assertEqual(AL.repro_outcome(os.path.join(self.dir, "none"))[0], "no-console")

    def test_poisoner_found_by_bisection(self):
        """A module that crashes after others but not alone is their
        victim; the boots bisect to the module that poisoned it, and the
        rule names that one unless the known file says poisons:."""
        tried = []

        def fake(args, deps, names, tag=""):
            (c, mods), = names.items()
            tried.append(mods)
            n = mods[-1]
            if n == "f":    # its crash does not come back
                return {c: ({n: ("ENODEV", [])}, None, {}, {})}
            if "q" in mods[:-1]:    # a module before it crashes: n not reached
                return {c: ({}, "q", {}, {})}
            bad = "p" in mods[:-1] or n == "w" or (n == "u" and "o" in mods[:-1])
            return {c: ({n: ("oops", ["in:?", "Unable"]) if bad else ("ENODEV", [])}, None, {}, {})}

        real = AL.boot_round
        AL.boot_round = fake
        try:
            pre = ["a", "b", "p", "c", "d", "e"]
            crash = ("oops", ["in:?", "Unable"])
            results = {"v": crash, "w": ("oops", ["in:w", "x"]), "f": crash, "u": crash,
                       "g": crash}
            found = AL.find_poisoners(None, {}, results, {"v": pre, "w": ["a"], "f": ["a", "b"],
                                                          "u": ["o"], "g": ["q", "a"]}, {})
        finally:
            AL.boot_round = real
        self.assertEqual(found, {"p": "v", "o": "u"})
        self.assertEqual(results["v"], ("ENODEV", ["victim-of:p"]))
        # a prefix of one: confirmed by the whole prefix, then alone
        self.assertEqual(results["u"], ("ENODEV", ["victim-of:o"]))
        # w crashed alone too: its own bug, left as it was
        self.assertEqual(results["w"][0], "oops")
        # f's crash did not come back: it stands, flagged
        self.assertEqual(results["f"], ("oops", ["in:?", "Unable", "not-reproduced"]))
        # g: the boot never reached it (q crashed first): no verdict
        self.assertEqual(results["g"], ("oops", ["in:?", "Unable", "bisect-inconclusive"]))
        self.assertLessEqual(len([t for t in tried if t[-1] == "v"]), 1 + 1 + 3)
        st = {"want": ["v"], "results": results, "boots": [], "poisoners": found}
        bad = AL.judge(st, {"w": {}})
        self.assertTrue(any(b.startswith("p: poisons the kernel") for b in bad), bad)
        ok = {"w": {}, "p": {"poisons": "", "repro": "+p"}, "o": {"poisons": "", "repro": "+o"}}
        self.assertEqual(AL.judge(st, ok), [])
        # poisons: without a repro: line proves nothing
        self.assertTrue(AL.judge(st, dict(ok, p={"poisons": ""})))

    def test_known_hang_needs_its_proof(self):
        st = {"want": ["nls"], "results": {"nls": ("known-hang", ["repro"])}, "boots": []}
        self.assertEqual(AL.judge(st, {"nls": {"expect": "hang", "repro": ".cp +nls"}}), [])
        for known in ({}, {"nls": {}}, {"nls": {"expect": "hang"}}):
            bad = AL.judge(st, known)
            self.assertEqual(len(bad), 1, known)
            self.assertIn("known-hang", bad[0])


if __name__ == "__main__":
    unittest.main()
