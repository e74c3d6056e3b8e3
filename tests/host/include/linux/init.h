/* Host shim of <linux/init.h>: no init sections in user space. */
#ifndef SHIM_LINUX_INIT_H
#define SHIM_LINUX_INIT_H
#define __init
#define __initdata
#define __init_or_module
#define __initdata_or_module
#endif
