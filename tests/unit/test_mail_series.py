"""scripts/mail-series.py: a patch's header and diff, the checks make
lint makes of it, addresses, and a whole mbox made from a made-up
series against a made-up KSRC of one file (tests/70-mail.sh mails the
real series)."""
import contextlib
import email
import email.policy
import io
import json
import mailbox
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import common

SCRIPT = os.path.join(common.TOP, "scripts", "mail-series.py")

GOOD = """\
params: a summary line

Name: a good patch
Author: @SENDER@
Status: tested
Harness: an internal note, never mailed
D: What it does, and why.

 kernel/x.c |    2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)

--- a/kernel/x.c
+++ b/kernel/x.c
@@ -1,3 +1,3 @@
 one
-two
+TWO
 three
"""

SERIES = """\
# comment
compat/gcc.patch
feature/good.patch   # a comment
test/probe.patch

feature/second.patch
"""


class Base(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.dir)
        self.ms = common.load("mail_series", "scripts/mail-series.py")
        self.ms.PATCHES = os.path.join(self.dir, "patches")
        self.ms.BUILD = os.path.join(self.dir, "build")
        os.makedirs(os.path.join(self.ms.PATCHES, "feature"))

    def patch(self, name, text, raw=None):
        with open(os.path.join(self.ms.PATCHES, name), "wb") as f:
            f.write(raw if raw is not None else text.encode())
        return self.ms.Patch(name)

    def dies(self, fn, *args):
        """fn(*args) stops with mail-series.py's error: its message."""
        err = io.StringIO()
        with contextlib.redirect_stderr(err), self.assertRaises(SystemExit) as e:
            fn(*args)
        self.assertEqual(e.exception.code, 1)
        return err.getvalue()


class Series(Base):
    def test_feature_patches_only(self):
        with open(os.path.join(self.ms.PATCHES, "series"), "w") as f:
            f.write(SERIES)
        self.assertEqual(self.ms.feature_patches(),
                         ["feature/good.patch", "feature/second.patch"])

    def test_no_series(self):
        self.assertIn("cannot read", self.dies(self.ms.feature_patches))


class Header(Base):
    def test_good(self):
        p = self.patch("feature/good.patch", GOOD)
        self.assertEqual(p.subject, "params: a summary line")
        self.assertEqual(p.tags, {"Name": "a good patch", "Author": "@SENDER@",
                                  "Status": "tested"})
        self.assertNotIn("Harness: an internal note, never mailed", p.description)
        self.assertEqual(p.description[-1], "D: What it does, and why.")
        self.assertEqual(len(p.old_diffstat), 2)
        self.assertTrue(p.diff.startswith("--- a/kernel/x.c\n+++ b/kernel/x.c\n"))
        self.assertEqual((p.charset, p.problems()), ("UTF-8", []))

    def test_problems(self):
        p = self.patch("feature/bad.patch", "Name: x\n\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n")
        why = "\n".join(p.problems())
        self.assertEqual(p.subject, "")
        self.assertIn("no subject", why)
        self.assertIn('no "Author: ..." line', why)
        self.assertIn('no "Status: ..." line', why)
        self.assertIn("no description", why)
        self.assertNotIn("no diff", why)
        p = self.patch("feature/nodiff.patch", "s: x\n\nName: n\nAuthor: a\nStatus: s\nD: d\n")
        self.assertEqual(p.problems(), ["no diff"])

    def test_latin1(self):
        p = self.patch("feature/l1.patch", None,
                       raw=GOOD.replace("What", "Wh\u00e4t").encode("latin-1"))
        self.assertEqual(p.charset, "ISO-8859-1")
        self.assertIn("Wh\u00e4t", p.description[-1])

    def test_missing_file(self):
        self.assertIn("listed in", self.dies(self.ms.Patch, "feature/none.patch"))

    def test_duplicate_subjects(self):
        a = self.patch("feature/a.patch", GOOD)
        b = self.patch("feature/b.patch", GOOD)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            self.assertEqual(self.ms.check([a, b]), 1)
        self.assertIn('two patches have the subject "params: a summary line"', out.getvalue())

    def test_touched_files(self):
        self.assertEqual(self.ms.touched_files([GOOD, "--- /dev/null\n+++ b/new.c\n"]),
                         ["kernel/x.c", "new.c"])


class Addresses(Base):
    def test_parse_addr(self):
        self.assertEqual(self.ms.parse_addr("A B <a@b.org>", "x"), ("A B", "a@b.org"))
        self.assertEqual(self.ms.parse_addr("a@b.org", "x"), ("", "a@b.org"))
        for bad in ("a@b", "nobody", "a@b.org, c@d.org", "<>"):
            with self.subTest(bad):
                self.assertIn("is not one mail address", self.dies(self.ms.parse_addr, bad, "x"))

    def test_recipients(self):
        """A comma separates addresses, but not inside a quoted name."""
        got = self.ms.recipients(['"Doe, J" <j@d.org>, k@e.org,', "L <l@f.org>"],
                                 "NOPE_UNSET", "--to")
        self.assertEqual(got, ['"Doe, J" <j@d.org>', "k@e.org", "L <l@f.org>"])
        os.environ["UNIT_MAIL_TO"] = "m@g.org"
        self.addCleanup(os.environ.pop, "UNIT_MAIL_TO")
        self.assertEqual(self.ms.recipients([], "UNIT_MAIL_TO", "--to"), ["m@g.org"])
        self.assertIn("is not one mail address",
                      self.dies(self.ms.recipients, ["k@e.org, nobody"], "X", "--to"))

    def test_sender_from_environment_only(self):
        env = {"MAIL_FROM": "", "GIT_AUTHOR_NAME": "", "GIT_AUTHOR_EMAIL": "",
               "EMAIL": "", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
               "HOME": self.dir}
        saved = {k: os.environ.get(k) for k in env}
        os.environ.update(env)
        cwd = os.getcwd()
        os.chdir(self.dir)          # no repository: no git config user.*
        try:
            self.assertIn("no sender address", self.dies(self.ms.sender, None))
            os.environ["MAIL_FROM"] = "M F <m@f.org>"
            self.assertEqual(self.ms.sender(None), ("M F", "m@f.org"))
            self.assertEqual(self.ms.sender("O <o@p.org>"), ("O", "o@p.org"))
            os.environ["MAIL_FROM"] = ""
            os.environ["EMAIL"] = "E Mail <e@m.org>"
            self.assertEqual(self.ms.sender(None), ("E Mail", "e@m.org"))
        finally:
            os.chdir(cwd)
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v

    def test_mailed(self):
        frm = "A B <a@b.org>"
        self.assertEqual(self.ms.mailed("Author: @SENDER@", frm), "Author: A B <a@b.org>")
        self.assertEqual(self.ms.mailed("Author: X (design); reimplemented for 2.5.50", frm),
                         "Author: X (design); reimplemented for 2.5.50 by A B <a@b.org>")
        self.assertEqual(self.ms.mailed("Author: X", frm), "Author: X")


class Tested(Base):
    def test_cover_line(self):
        self.assertIsNone(self.ms.tested())
        os.makedirs(self.ms.BUILD)
        # make check's check.json: scripts/ktap.py's reading of its document
        import ktap
        doc = io.StringIO()
        doc.write("KTAP version 1\n1..1\n")
        ktap.subtest(1, "t.sh", io.StringIO("PASS: a\nPASS: b\nFAIL: c: why\n"
                                            "SKIP: d: no tool\nXFAIL: e: bug\nnoise\n"), doc)
        tests = ktap.parse(io.StringIO(doc.getvalue()))
        with open(os.path.join(self.ms.BUILD, "check.json"), "w") as f:
            json.dump({"counts": ktap.counts(tests), "tests": tests}, f)
        text = self.ms.tested()
        self.assertRegex(text.splitlines()[0],
                         r"^make check of \d{4}-\d\d-\d\d: 2 passed, 1 failed, 1 skipped\.$")
        self.assertEqual(text.splitlines()[1:], ["  FAIL: c: why", "  SKIP: d: no tool"])


@unittest.skipUnless(all(shutil.which(t) for t in ("diffstat", "patch", "diff")),
                     "no diffstat, patch or diff (apt-get install diffstat patch diffutils)")
class Mbox(Base):
    """The whole script, as make mail runs it, on a made-up series."""

    def test_mbox(self):
        ksrc = os.path.join(self.dir, "ksrc")
        os.makedirs(os.path.join(ksrc, "kernel"))
        with open(os.path.join(ksrc, "Makefile"), "w") as f:
            f.write("VERSION = 2\n")
        with open(os.path.join(ksrc, "kernel", "x.c"), "w") as f:
            f.write("one\ntwo\nthree\n")
        self.patch("feature/good.patch", GOOD)
        self.patch("feature/second.patch", GOOD[:GOOD.index("--- a/")]
                   .replace("a summary line", "another") +
                   "--- a/kernel/x.c\n+++ b/kernel/x.c\n@@ -1,3 +1,3 @@\n"
                   " one\n TWO\n-three\n+THREE\n")
        os.makedirs(os.path.join(self.ms.PATCHES, "compat"))
        self.patch("compat/gcc.patch", "compat\n")
        with open(os.path.join(self.ms.PATCHES, "series"), "w") as f:
            f.write("compat/gcc.patch\nfeature/good.patch\nfeature/second.patch\n")
        out = os.path.join(self.dir, "out.mbox")
        env = dict(os.environ, KSRC=ksrc, BUILD=self.ms.BUILD, PATCHES_DIR=self.ms.PATCHES,
                   MAIL_TO="Linus <torvalds@transmeta.com>", MAIL_CC="", MAIL_FROM="A B <a@b.org>")
        r = subprocess.run([sys.executable, SCRIPT, "--signoff", "-o", out,
                            "--date", "Sat, 30 Nov 2002 12:00:00 +0000"],
                           env=env, capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("no %s/check.json" % self.ms.BUILD, r.stderr)
        box = mailbox.mbox(out, factory=lambda f: email.message_from_binary_file(
            f, policy=email.policy.default))
        msgs = list(box)
        box.close()
        self.assertEqual([m["Subject"] for m in msgs],
                         ["[PATCH 0/2] module support fixes for 2.5.50",
                          "[PATCH 1/2] params: a summary line", "[PATCH 2/2] params: another"])
        cover = msgs[0]
        for m in msgs[1:]:
            self.assertEqual(m["In-Reply-To"], cover["Message-Id"])
            body = m.get_content()
            self.assertIn("Author: A B <a@b.org>", body)
            self.assertIn("Signed-off-by: A B <a@b.org>", body)
            self.assertNotIn("Harness:", body)
            self.assertIn("\n---\n kernel/x.c |    2 +-\n", body)
        # The cover's diffstat is the net change of both patches.
        self.assertIn(" kernel/x.c |    4 ++--", cover.get_content())
        self.assertEqual(cover["To"], "Linus <torvalds@transmeta.com>")

    def test_check_mode(self):
        self.patch("feature/bad.patch", "Name: x\n")
        with open(os.path.join(self.ms.PATCHES, "series"), "w") as f:
            f.write("feature/bad.patch\n")
        env = dict(os.environ, PATCHES_DIR=self.ms.PATCHES, BUILD=self.ms.BUILD)
        r = subprocess.run([sys.executable, SCRIPT, "--check"], env=env,
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 1)
        self.assertIn("lint: feature/bad.patch: no diff", r.stdout)


if __name__ == "__main__":
    unittest.main()
