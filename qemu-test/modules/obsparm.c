/*
 * MODULE_PARM() of every type shape the tree uses
 * (tests/helpers/obsparm-types.py lists them): each letter alone, the
 * char arrays cN in the tree's three size classes (cs89x0's "c8",
 * gt96100eth's "c18", aironet4500's "c33"), an array of them built from
 * macros as hp100's "1-" __MODULE_STRING(HP100_DEVICES) "c"
 * __MODULE_STRING(IFNAMSIZ) (here a local 16: tests/helpers/modinfo-expect.py
 * reads defines of the file only), min-max arrays of each number type, one
 * counted from a macro as the sound drivers' SNDRV_CARDS, and i2o_lan's
 * "1-i".  Read back through /sys/module/obsparm/parameters by
 * qemu-test/cases/params-obsolete-types.case.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>

#define OBS_DEVICES 5
#define OBS_CARDS 8
#define OBS_NAMSIZ 16	/* IFNAMSIZ, as hp100 has it */

static unsigned char b = 1;
static short h = 2;
static int i = 3;
static long l = 4;
static char *s = "default";
static char media[8] = "auto";
static char mac[18];
static char ssid[33] = "tsunami";
static char names[OBS_DEVICES][OBS_NAMSIZ];
static unsigned char flags[2];
static short shorts[4];
static int ints[OBS_CARDS];
static int pair[6];
static long longs[8];
static char *strs[4];
static int copybreak = 256;

MODULE_PARM(b, "b");
MODULE_PARM(h, "h");
MODULE_PARM(i, "i");
MODULE_PARM(l, "l");
MODULE_PARM(s, "s");
MODULE_PARM(media, "c8");
MODULE_PARM(mac, "c18");
MODULE_PARM(ssid, "c33");
MODULE_PARM(names, "1-" __MODULE_STRING(OBS_DEVICES) "c" __MODULE_STRING(OBS_NAMSIZ));
MODULE_PARM(flags, "0-2b");
MODULE_PARM(shorts, "1-4h");
MODULE_PARM(ints, "1-" __MODULE_STRING(OBS_CARDS) "i");
MODULE_PARM(pair, "2-6i");
MODULE_PARM(longs, "1-8l");
MODULE_PARM(strs, "1-4s");
MODULE_PARM(copybreak, "1-" "i");

static int __init obsparm_init(void)
{
	printk(KERN_INFO "obsparm: media=[%s] ssid=[%s] names=[%s] [%s]\n",
	       media, ssid, names[0], names[1]);
	printk(KERN_INFO "obsparm: b=%u h=%d i=%d l=%ld s=[%s] mac=[%s]"
	       " flags=%u shorts=%d ints=%d pair=%d longs=%ld strs=[%s]"
	       " copybreak=%d\n", b, h, i, l, s, mac, flags[0], shorts[0],
	       ints[0], pair[0], longs[0], strs[0] ? strs[0] : "", copybreak);
	return 0;
}

static void __exit obsparm_exit(void)
{
	printk(KERN_INFO "obsparm: exit\n");
}

module_init(obsparm_init);
module_exit(obsparm_exit);
MODULE_LICENSE("GPL");
