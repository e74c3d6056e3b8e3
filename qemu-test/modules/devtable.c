/* A module with a PCI and a USB device table.  The test reads both
   tables back out of devtable.o with scripts/modtables and compares the
   modules.pcimap/usbmap lines with the entries below. */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/pci.h>
#include <linux/usb.h>

static struct pci_device_id devtable_pci_ids[] = {
	{ 0x8086, 0x7000, PCI_ANY_ID, PCI_ANY_ID, 0, 0, 0 },
	{ 0x1234, 0x1111, 0x1af4, 0x1100, 0x030000, 0xffff00, 5 },
	{ 0, }
};
MODULE_DEVICE_TABLE(pci, devtable_pci_ids);

static struct usb_device_id devtable_usb_ids[] = {
	{ USB_DEVICE(0x0451, 0xe001) },
	{ .match_flags = USB_DEVICE_ID_MATCH_INT_INFO,
	  .bInterfaceClass = 3, .bInterfaceSubClass = 1,
	  .bInterfaceProtocol = 2 },
	{ }
};
MODULE_DEVICE_TABLE(usb, devtable_usb_ids);

static int __init devtable_init(void)
{
	printk(KERN_INFO "devtable: %u pci and %u usb ids\n",
	       (unsigned)(ARRAY_SIZE(devtable_pci_ids) - 1),
	       (unsigned)(ARRAY_SIZE(devtable_usb_ids) - 1));
	return 0;
}

module_init(devtable_init);
MODULE_LICENSE("GPL");
