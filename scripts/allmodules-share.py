#!/usr/bin/env python3
"""make check's share of make allmodules (doc/allmodules.md).

allmodules-share.py targets ALL.txt      the share's module paths
allmodules-share.py chains ALL.txt       the chain modules, "HEAD TOP" lines
allmodules-share.py exporters TREE SYM...  the modules (of ALL.txt in TREE's
                                         dir) whose sources export SYM

ALL.txt lists every module kbuild makes in the configured tree (its
make -n modules_install), paths relative to the tree.  The share is a
rule, not a choice: the list sorted by path, every K-th module from the
first, K = len // SAMPLE (SAMPLE 110: at least 100 however many fail to
build), plus every module of CHAINS below (the chains of issue 39: a
head and the modules that load it), whichever of them ALL.txt has.
"""
import os, re, sys

SAMPLE = 110
# head: the modules of the tree that need it (their modprobe loads it).
CHAINS = {
    "net/ipv4/netfilter/ip_conntrack.o": [
        "net/ipv4/netfilter/ip_conntrack_ftp.o", "net/ipv4/netfilter/ip_conntrack_irc.o",
        "net/ipv4/netfilter/ipt_state.o", "net/ipv4/netfilter/iptable_nat.o",
        "net/ipv4/netfilter/ip_nat_ftp.o"],
    "fs/fat/fat.o": ["fs/vfat/vfat.o", "fs/msdos/msdos.o"],
    "fs/jbd/jbd.o": ["fs/ext3/ext3.o"],
    "drivers/net/mii.o": ["drivers/net/8139too.o", "drivers/net/eepro100.o"],
    "lib/crc32.o": ["drivers/net/tulip/tulip.o", "drivers/net/pcnet32.o"],
    "drivers/net/8390.o": ["drivers/net/ne2k-pci.o", "drivers/net/ne.o"],
    "drivers/usb/core/usbcore.o": ["drivers/usb/class/usblp.o",
                                   "drivers/usb/storage/usb-storage.o",
                                   "drivers/usb/host/uhci-hcd.o"],
    "drivers/md/md.o": ["drivers/md/linear.o", "drivers/md/raid0.o", "drivers/md/raid1.o",
                        "drivers/md/raid5.o", "drivers/md/multipath.o"],
}


def load(allf):
    return sorted(l.strip() for l in open(allf) if l.strip())


def targets(mods):
    k = max(1, len(mods) // SAMPLE)
    out = mods[::k]
    have = set(mods)
    for head, tops in CHAINS.items():
        for m in [head] + tops:
            if m in have and m not in out:
                out.append(m)
    return out


def main():
    what = sys.argv[1]
    if what == "targets":
        for m in targets(load(sys.argv[2])):
            print(m)
    elif what == "chains":
        have = set(load(sys.argv[2]))
        for head, tops in CHAINS.items():
            for t in tops:
                if head in have and t in have:
                    print(os.path.basename(head)[:-2], os.path.basename(t)[:-2])
    elif what == "exporters":
        tree, mods = sys.argv[2], load(sys.argv[3])
        syms = set(sys.argv[4:])
        # The directory of each module, and its sources: NAME.c, or a
        # composite's objects (the other .c files of its directory).
        bydir = {}
        for m in mods:
            bydir.setdefault(os.path.dirname(m), []).append(m)
        pat = re.compile(r"EXPORT_SYMBOL(?:_GPL|_NOVERS)?\s*\(\s*(\w+)\s*\)")
        found = set()
        for d, ms in bydir.items():
            full = os.path.join(tree, d)
            for fn in sorted(os.listdir(full)):
                if not fn.endswith(".c"):
                    continue
                try:
                    text = open(os.path.join(full, fn), errors="replace").read()
                except OSError:
                    continue
                ex = set(pat.findall(text)) & syms
                if not ex:
                    continue
                own = os.path.join(d, fn[:-2] + ".o")
                if own in ms:
                    found.add(own)
                else:
                    comp = [m for m in ms if not os.path.exists(os.path.join(tree, m[:-2] + ".c"))]
                    if len(comp) == 1:
                        found.add(comp[0])
        for m in sorted(found):
            print(m)


if __name__ == "__main__":
    main()
