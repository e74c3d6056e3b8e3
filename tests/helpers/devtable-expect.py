#!/usr/bin/env python3
"""Derive the modules.pcimap/usbmap lines that a module's C source
implies, without looking at any object file: parses the
pci_device_id/usb_device_id initialisers of SOURCE, resolving
USB_DEVICE_ID_MATCH_* and USB_DEVICE() from the tree's <linux/usb.h>.

    devtable-expect.py pcimap|usbmap SOURCE.c TREE
"""
import re
import sys

kind, src, tree = sys.argv[1:4]
text = open(src).read()
name = re.sub(r"\..*", "", src.rsplit("/", 1)[-1])

usb_h = open(tree + "/include/linux/usb.h").read().replace("\\\n", " ")
defs = dict(re.findall(r"#define\s+(USB_DEVICE_ID_MATCH_\w+)\s+(.+?)\s*$", usb_h, re.M))
defs["PCI_ANY_ID"] = "0xffffffff"


def value(expr):
    expr = re.sub(r"/\*.*?\*/", "", expr).strip()
    for _ in range(10):
        new = re.sub(r"\b[A-Z_][A-Z0-9_]+\b", lambda m: "(%s)" % defs[m.group(0)], expr)
        if new == expr:
            break
        expr = new
    return eval(expr.replace("~0", "0xffffffff")) & 0xffffffff


def entries(struct):
    m = re.search(r"struct %s \w+\[\] = \{(.*?)\n\};" % struct, text, re.S)
    if not m:
        return []
    body = m.group(1)
    return re.findall(r"\{([^{}]*(?:\([^()]*\)[^{}]*)*)\}", body)


if kind == "pcimap":
    print("# pci module         vendor     device     subvendor  subdevice  class      class_mask driver_data")
    for e in entries("pci_device_id"):
        f = [x for x in (s.strip() for s in e.split(",")) if x]
        if not f or all(value(x) == 0 for x in f):
            continue
        f = [value(x) for x in f] + [0] * (7 - len(f))
        print("%-20s 0x%08x 0x%08x 0x%08x 0x%08x 0x%08x 0x%08x 0x0" % ((name,) + tuple(f[:6])))
else:
    print("# usb module         match_flags idVendor idProduct bcdDevice_lo bcdDevice_hi bDeviceClass bDeviceSubClass bDeviceProtocol bInterfaceClass bInterfaceSubClass bInterfaceProtocol driver_info")
    order = ["match_flags", "idVendor", "idProduct", "bcdDevice_lo", "bcdDevice_hi",
             "bDeviceClass", "bDeviceSubClass", "bDeviceProtocol", "bInterfaceClass",
             "bInterfaceSubClass", "bInterfaceProtocol"]
    for e in entries("usb_device_id"):
        d = dict.fromkeys(order, 0)
        m = re.match(r"\s*USB_DEVICE\(\s*([^,]+),\s*([^)]+)\)\s*$", e)
        if m:
            d["match_flags"] = value("USB_DEVICE_ID_MATCH_VENDOR | USB_DEVICE_ID_MATCH_PRODUCT")
            d["idVendor"], d["idProduct"] = value(m.group(1)), value(m.group(2))
        else:
            for k, v in re.findall(r"\.(\w+)\s*=\s*([^,]+)", e):
                d[k] = value(v)
        if not any(d.values()):
            continue
        print(("%-20s 0x%04x      0x%04x   0x%04x    0x%04x       0x%04x       0x%02x         "
               "0x%02x            0x%02x            0x%02x            0x%02x               "
               "0x%02x               0x0") % ((name,) + tuple(d[k] for k in order)))
