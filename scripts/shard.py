#!/usr/bin/env python3
"""make check's share of the work: make check ARCHES="A B" and
make check SHARD=K/N (scripts/check.sh, doc/ci-matrix.md).

make check's units are its test scripts (tests/NN-*.sh), each as a
whole, except a script that runs a part at a time ("# check-units:
yes" in it: tests/60-cross.sh, a part per cross arch and its
"lds-params"), whose parts are units of their own, "NN-name.sh:PART".
Each unit belongs to one arch: a part to the arch its script names,
a script to the one of its "# check-arch: A" line, else to the base
arch (scripts/arch/i386.sh's arch_base=yes), with the arch-independent
ones (the harness's own tests).

  shard.py select --known "A B ..." [--arches "A B"] [--shard K/N]
                  [--times FILE]
      Reads the run's units on stdin, "UNIT ARCH" a line, in the order
      make check runs them; writes its share: first the line
      "Share: units=M/T set=KEY shard=K/N arches=A,B" (T the units of
      the whole run, KEY a hash of their names and arches: the shards
      of one run have the same), then the units of the share, one a
      line, in the run's order.  --arches keeps the units of those
      arches (each must be one of --known: exit 2, naming them, where
      one is not); --shard cuts what is left into N shares balanced by
      their seconds (FILE: "SECONDS UNIT" lines, as build/check.times;
      "#" comments) and keeps the K-th.  Both: the arches first, then
      the shard of what they keep.

The cut: units by their seconds, the longest first (ties: by name),
each to the share with the least seconds so far (ties: the lowest K).
The same units and figures give the same cut on every machine; every
unit is in exactly one share.  A unit's seconds: its own figure; for a
part without one, its script's figure shared among its parts; else
DEFAULT_SECONDS.  A figure's name may leave out ".sh" ("60-cross").

As a module: parse_shard(), parse_arches(), read_times(), seconds(),
cut(), select().
"""
import hashlib
import sys

DEFAULT_SECONDS = 10.0


def parse_shard(spec):
    """"K/N" as (K, N), 1 <= K <= N; ValueError where it is not."""
    k, sep, n = (spec or "").partition("/")
    if not (sep and k.isdigit() and n.isdigit() and 1 <= int(k) <= int(n)):
        raise ValueError("SHARD=%s: want K/N, 1 <= K <= N (SHARD=1/4 "
                         "is the first of four)" % spec)
    return int(k), int(n)


def parse_arches(text, known):
    """The arch names in text (spaces or commas between them), each one
    of known; ValueError naming the known ones where one is not."""
    names = text.replace(",", " ").split()
    bad = [a for a in names if a not in known]
    if bad:
        raise ValueError("ARCHES: unknown arch%s %s (known: %s; scripts/arch/*.sh)"
                         % ("es" if len(bad) > 1 else "", " ".join(bad),
                            " ".join(known)))
    if not names:
        raise ValueError("ARCHES is empty (known: %s)" % " ".join(known))
    return names


def read_times(lines):
    """{name: seconds} from "SECONDS NAME" lines; a name seen twice
    keeps its last figure."""
    times = {}
    for line in lines:
        w = line.split()
        if not w or w[0].startswith("#") or len(w) < 2:
            continue
        try:
            times[w[1]] = float(w[0])
        except ValueError:
            continue
    return times


def _figure(times, name):
    for key in (name, name.replace(".sh", "", 1)):
        if key in times:
            return times[key]
    return None


def seconds(units, times, default=DEFAULT_SECONDS):
    """{unit: seconds} for the names in units (module docstring)."""
    parts = {}
    for u in units:
        script, sep, _ = u.partition(":")
        if sep:
            parts[script] = parts.get(script, 0) + 1
    out = {}
    for u in units:
        s = _figure(times, u)
        script, sep, _ = u.partition(":")
        if s is None and sep:
            whole = _figure(times, script)
            if whole is not None:
                s = whole / parts[script]
        out[u] = default if s is None else s
    return out


def cut(secs, n):
    """The units of {unit: seconds} in n shares: a list of n lists,
    each in name order (module docstring)."""
    load = [0.0] * n
    shares = [[] for _ in range(n)]
    for u in sorted(secs, key=lambda u: (-secs[u], u)):
        i = min(range(n), key=lambda i: (load[i], i))
        shares[i].append(u)
        load[i] += secs[u]
    return [sorted(s) for s in shares]


def set_key(units):
    """A short hash of the whole run's units: [(name, arch)]."""
    h = hashlib.sha1()
    for name, arch in sorted(units):
        h.update(("%s %s\n" % (name, arch)).encode())
    return h.hexdigest()[:12]


def select(units, known, arches=None, shard=None, times=None):
    """The share of units ([(name, arch)] in run order): (header line,
    [names] in run order).  arches: text, as ARCHES; shard: "K/N";
    times: {name: seconds}.  ValueError on a bad ARCHES or SHARD, or a
    unit of an arch not in known."""
    for name, arch in units:
        if arch not in known:
            raise ValueError("%s: arch %s is none of scripts/arch/*.sh (known: %s)"
                             % (name, arch, " ".join(known)))
    keep = [name for name, _ in units]
    want = None
    if arches is not None and arches.strip() != "":
        want = parse_arches(arches, known)
        keep = [name for name, arch in units if arch in want]
    k = n = None
    if shard:
        k, n = parse_shard(shard)
        mine = set(cut(seconds(keep, times or {}), n)[k - 1])
        keep = [name for name in keep if name in mine]
    head = "Share: units=%d/%d set=%s shard=%s arches=%s" % (
        len(keep), len(units), set_key(units),
        "%d/%d" % (k, n) if n else "all", ",".join(want) if want else "all")
    return head, keep


def main(argv):
    import argparse
    p = argparse.ArgumentParser(prog="shard.py", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("command", choices=["select"])
    p.add_argument("--known", required=True)
    p.add_argument("--arches")
    p.add_argument("--shard")
    p.add_argument("--times")
    a = p.parse_args(argv)
    units = []
    for line in sys.stdin:
        w = line.split()
        if len(w) == 2:
            units.append((w[0], w[1]))
        elif w:
            sys.stderr.write("*** shard.py: not \"UNIT ARCH\": %r\n" % line)
            return 2
    times = {}
    if a.shard and a.times:
        try:
            with open(a.times, encoding="utf-8") as f:
                times = read_times(f)
        except OSError as e:
            sys.stderr.write("*** shard.py: the figures: %s\n" % e)
            return 2
    try:
        head, keep = select(units, a.known.split(), a.arches, a.shard, times)
    except ValueError as e:
        sys.stderr.write("*** error: %s\n" % e)
        return 2
    print(head)
    for name in keep:
        print(name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
