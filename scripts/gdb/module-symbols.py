# A module's symbols in gdb, at the addresses its loader gave it.
#
#     (gdb) source scripts/gdb/module-symbols.py
#     (gdb) mod-symbols build/i386/guest/mods [DIR...]
#
# mod-symbols reads the kernel's module list from its memory (the
# `modules' list of struct module, kernel/module.c), and for each module
# NAME finds NAME.o in the DIRs and gives it to gdb's add-symbol-file
# with every section at its address: the table that
# feature/module-sysfs-sections.patch keeps for each module
# (mod->mkobj->sect: the names and addresses /sys/module/NAME/sections
# shows), so no shell is needed in the guest.  It also sets a breakpoint
# in the loader, in sys_init_module() where the module's init is about
# to be called: there it loads the new module's symbols the same way
# and goes on, so a breakpoint set before the load, by source line or
# function (`break parmtest.c:53', pending until then), is hit in the
# module's init; and so on for every load, as later kernels' lx-symbols
# does.  A module loaded again gets its new addresses; one that is gone
# loses its symbols at the next load or mod-symbols.
#
# Needs a vmlinux with debug information (CONFIG_DEBUG_INFO,
# compat/debug-info.patch): gdb must know struct module.  Without it,
# or with no module table (no /sys/module/NAME for the module), it says
# so.  `make boot GDB=1' prints a gdb command line that sources this
# file and runs mod-symbols with the guest's module directory.
# For gdb-multiarch (Python 3), any architecture the kernel boots on.

import os

import gdb


def say(text):
    gdb.write("mod-symbols: %s\n" % text)


def offsetof(typ, field):
    for f in typ.fields():
        if f.name == field:
            return f.bitpos // 8
    raise gdb.GdbError("%s has no field %s" % (typ, field))


def hexaddr(v):
    return "0x%x" % (int(v) & 0xffffffffffffffff)


class Modules:
    """What gdb has loaded: module name -> (object, .text address,
    every section's name and address)."""

    def __init__(self):
        self.dirs = []
        self.loaded = {}
        self.bp = None

    # --- kernel memory -------------------------------------------------

    def types(self):
        mod_t = gdb.lookup_type("struct module")
        mk_t = gdb.lookup_type("struct module_kobject")
        return mod_t, mk_t

    def list_modules(self):
        """The struct module values on the `modules' list."""
        mod_t, _ = self.types()
        head = gdb.parse_and_eval("&modules")
        off = offsetof(mod_t, "list")
        char_p = gdb.lookup_type("char").pointer()
        node = head["next"]
        mods = []
        while int(node) != int(head):
            m = (node.cast(char_p) - off).cast(mod_t.pointer()).dereference()
            mods.append(m)
            node = node["next"]
            if len(mods) > 1000:
                raise gdb.GdbError("the module list does not end")
        return mods

    def sections(self, mod):
        """[(name, address)] of mod's table; None if it has none."""
        _, mk_t = self.types()
        mk = mod["mkobj"]
        if int(mk) == 0:
            return None
        mk = mk.cast(mk_t.pointer()).dereference()
        sect = mk["sect"]
        if int(sect) == 0:
            return None
        sect = sect.dereference()
        attr_p = sect["attrs"].type.target().pointer()
        base = sect["attrs"].address.cast(attr_p)
        init_gone = int(sect["init_gone"])
        out = []
        for i in range(int(sect["num"])):
            a = (base + i).dereference()
            if int(a["init"]) and init_gone:
                continue
            out.append((a["attr"]["name"].string(), int(a["address"])))
        return out

    # --- gdb's symbol files ----------------------------------------------

    def find_object(self, name):
        for d in self.dirs:
            for n in (name, name.replace("_", "-")):
                p = os.path.join(d, n + ".o")
                if os.path.exists(p):
                    return p
        return None

    def gdb_quiet(self, cmd):
        confirm = gdb.parameter("confirm")
        gdb.execute("set confirm off")
        try:
            gdb.execute(cmd, to_string=True)
        finally:
            if confirm:
                gdb.execute("set confirm on")

    def unload(self, name):
        path, text, _ = self.loaded.pop(name)
        try:
            self.gdb_quiet("remove-symbol-file -a %s" % hexaddr(text))
        except gdb.error as e:
            say("%s: remove-symbol-file %s: %s" % (name, path, e))

    def load(self, mod):
        name = mod["name"].string()
        secs = self.sections(mod)
        if secs is None:
            say("%s: no section table (no /sys/module/%s): not loaded"
                % (name, name))
            return
        addr = dict(secs)
        if ".text" not in addr:
            say("%s: no .text in its section table" % name)
            return
        path = self.find_object(name)
        if not path:
            say("%s: no %s.o in %s" % (name, name, " ".join(self.dirs)))
            return
        # Loaded again where it was (its init sections gone or not), or
        # elsewhere: symbols at the new addresses.
        if name in self.loaded:
            if self.loaded[name] == (path, addr[".text"], tuple(secs)):
                return
            self.unload(name)
        cmd = "add-symbol-file %s %s" % (path, hexaddr(addr[".text"]))
        for s, a in secs:
            if s != ".text":
                cmd += " -s %s %s" % (s, hexaddr(a))
        self.gdb_quiet(cmd)
        self.loaded[name] = (path, addr[".text"], tuple(secs))
        say("%s: %s, .text at %s, %d sections" % (name, path,
                                                  hexaddr(addr[".text"]),
                                                  len(secs)))

    def refresh(self, coming=None):
        """Every module on the list, and coming (not on it yet: its init
        has not run); symbols of modules no longer there go."""
        mods = self.list_modules()
        if coming is not None:
            mods.append(coming)
        names = set(m["name"].string() for m in mods)
        for name in list(self.loaded):
            if name not in names:
                self.unload(name)
        for m in mods:
            self.load(m)

    def coming(self):
        """The module sys_init_module() is loading, if the guest stopped
        in its init (a frame of sys_init_module() on the stack), or
        None: it is not on the list yet."""
        try:
            f = gdb.newest_frame()
            while f is not None:
                fn = f.function()
                if fn is not None and fn.name == "sys_init_module":
                    mod = f.read_var("mod")
                    return None if mod.is_optimized_out else \
                        mod.dereference()
                f = f.older()
        except (gdb.error, RuntimeError, ValueError):
            pass
        return None

    # --- the loader's breakpoint -----------------------------------------

    def loader_location(self):
        """FILE:LINE in sys_init_module() where the init is called."""
        sym = gdb.lookup_global_symbol("sys_init_module")
        if sym is None or sym.symtab is None:
            raise gdb.GdbError("no sys_init_module with debug information"
                               " in the kernel (CONFIG_DEBUG_INFO?)")
        path = sym.symtab.fullname()
        if not os.path.exists(path):
            # compat/debug-info.patch maps the tree to "." in the debug
            # information: the names are relative to vmlinux's tree
            path = os.path.normpath(os.path.join(
                os.path.dirname(sym.symtab.objfile.filename), sym.symtab.filename))
        try:
            lines = open(path, errors="replace").read().split("\n")
        except OSError as e:
            raise gdb.GdbError("cannot read %s: %s" % (path, e))
        for n in range(sym.line, len(lines) + 1):
            if "mod->init()" in lines[n - 1]:
                return "%s:%d" % (path, n)
        raise gdb.GdbError("no call of mod->init() in sys_init_module"
                           " (%s)" % path)

    def set_breakpoint(self):
        if self.bp is not None and self.bp.is_valid():
            return
        where = self.loader_location()
        self.bp = LoadBreakpoint(where, self)
        say("a breakpoint in the loader, at %s: symbols at every load"
            % where)


class LoadBreakpoint(gdb.Breakpoint):
    def __init__(self, where, modules):
        # A hardware breakpoint: set before the kernel maps itself
        # (QEMU starts in real mode), gdb needs no memory there.
        super().__init__(where, type=gdb.BP_HARDWARE_BREAKPOINT,
                         internal=True)
        self.silent = True
        self.modules = modules

    def stop(self):
        try:
            mod = gdb.parse_and_eval("mod")
            if mod.is_optimized_out:
                say("the loader's `mod' is optimized out here")
                return True
            self.modules.refresh(mod.dereference())
        except gdb.error as e:
            say("at the loader: %s" % e)
            return True
        return False


def source_dirs():
    """The kernel's objects name their sources relative to the top of
    the tree, and their directory as "." (compat/debug-info.patch):
    vmlinux's directory goes on gdb's source path, so `list' finds the
    kernel's files and the modules' (../guest/mods/NAME.c) from any
    working directory."""
    for o in gdb.objfiles():
        if o.filename and os.path.basename(o.filename) == "vmlinux":
            gdb.execute("directory %s" % os.path.dirname(o.filename), to_string=True)


class ModSymbols(gdb.Command):
    """Load the symbols of the kernel's modules at their addresses.
mod-symbols [DIR...]: each loaded module NAME from DIR/NAME.o, with its
sections at the addresses the loader gave them (read from kernel
memory); and again at every load (a breakpoint in sys_init_module()).
The DIRs are kept from the last call."""

    def __init__(self):
        super().__init__("mod-symbols", gdb.COMMAND_FILES,
                         gdb.COMPLETE_FILENAME)
        self.modules = Modules()

    def invoke(self, arg, from_tty):
        dirs = gdb.string_to_argv(arg)
        if dirs:
            self.modules.dirs = [os.path.abspath(d) for d in dirs]
        if not self.modules.dirs:
            raise gdb.GdbError("mod-symbols DIR...: where the modules'"
                               " objects are")
        try:
            self.modules.types()
        except gdb.error:
            raise gdb.GdbError("gdb does not know struct module: a vmlinux"
                               " with debug information is needed"
                               " (CONFIG_DEBUG_INFO)")
        source_dirs()
        self.modules.set_breakpoint()
        try:
            self.modules.refresh(self.modules.coming())
        except gdb.MemoryError as e:
            say("the module list cannot be read yet (%s): the modules"
                " will come with their loads" % e)


ModSymbols()
gdb.write("scripts/gdb/module-symbols.py: `mod-symbols DIR...' loads the"
          " modules' symbols from DIR/NAME.o\n")
