/*
 * platform.c — the platform module: uname() and its fields (system, node,
 * release, version, machine from uname(2)), processor() (`uname -p`, ''
 * for unknown, as CPython), platform() in CPython's Linux form
 * ("Linux-<release>-<machine>-with-glibc<ver>"), libc_ver() (confstr),
 * architecture(), python_version()/python_version_tuple() (sys.version_info),
 * python_compiler() (the compiler that built Lumen) and
 * python_implementation(), which says 'Lumen': the interpreter is not
 * CPython.  Written in the cell language over four C helpers.  Owns nothing.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/utsname.h>
#include "pylib/pylib_int.h"

static const char platform_src[] =
	"import sys\n"
	"\n"
	"__all__ = ['system', 'node', 'release', 'version', 'machine', 'processor', 'uname',\n"
	"           'platform', 'python_version', 'python_version_tuple', 'python_implementation',\n"
	"           'python_compiler', 'architecture', 'libc_ver']\n"
	"\n"
	"\n"
	"def uname():\n"
	"    return _uname()\n"
	"\n"
	"\n"
	"def system():\n"
	"    return _uname().system\n"
	"\n"
	"\n"
	"def node():\n"
	"    return _uname().node\n"
	"\n"
	"\n"
	"def release():\n"
	"    return _uname().release\n"
	"\n"
	"\n"
	"def version():\n"
	"    return _uname().version\n"
	"\n"
	"\n"
	"def machine():\n"
	"    return _uname().machine\n"
	"\n"
	"\n"
	"def processor():\n"
	"    return _processor()\n"
	"\n"
	"\n"
	"def python_version():\n"
	"    return '%d.%d.%d' % (sys.version_info[0], sys.version_info[1], sys.version_info[2])\n"
	"\n"
	"\n"
	"def python_version_tuple():\n"
	"    return tuple(python_version().split('.'))\n"
	"\n"
	"\n"
	"def python_implementation():\n"
	"    # the interpreter is Lumen's, not CPython's (sys.version says so too)\n"
	"    return 'Lumen'\n"
	"\n"
	"\n"
	"def python_compiler():\n"
	"    return _compiler()\n"
	"\n"
	"\n"
	"def architecture(executable=sys.executable if hasattr(sys, 'executable') else '', bits='', linkage=''):\n"
	"    return ('64bit', 'ELF')\n"
	"\n"
	"\n"
	"def libc_ver(executable=None, lib='', version='', chunksize=16384):\n"
	"    return _libc()\n"
	"\n"
	"\n"
	"def _platform(*args):\n"
	"    platform = '-'.join(x.strip() for x in args if len(x))\n"
	"    for c in ' ':\n"
	"        platform = platform.replace(c, '_')\n"
	"    for c in '/\\\\:;\"()':\n"
	"        platform = platform.replace(c, '-')\n"
	"    platform = platform.replace('unknown', '')\n"
	"    while True:\n"
	"        cleaned = platform.replace('--', '-')\n"
	"        if cleaned == platform:\n"
	"            break\n"
	"        platform = cleaned\n"
	"    while platform[-1] == '-':\n"
	"        platform = platform[:-1]\n"
	"    return platform\n"
	"\n"
	"\n"
	"def platform(aliased=False, terse=False):\n"
	"    u = _uname()\n"
	"    lib, ver = _libc()\n"
	"    return _platform(u.system, u.release, u.machine, _processor(), 'with', lib + ver)\n";

static const char *const uname_fields[] = {"system", "node", "release", "version", "machine"};
static const struct seqtype uname_type = { "uname_result", uname_fields };

PYFN(pl_uname)
{
	(void)bi, (void)argv;
	struct utsname u;
	if (argc || (kw && kw->n))
		return err_set(ev, TY_TypeError, "uname() takes no arguments");
	if (uname(&u) < 0)
		return pylib_oserror(ev, errno, NULL, NULL);
	struct value *it[5] = { val_cstr(u.sysname), val_cstr(u.nodename), val_cstr(u.release),
				val_cstr(u.version), val_cstr(u.machine) };
	for (int i = 0; i < 5; i++)
		if (!it[i]) {
			for (int j = 0; j < 5; j++)
				val_decref(it[j]);
			return err_nomem(ev);
		}
	struct value *r = val_named_tuple_new(&uname_type, 5, it);
	return r ? r : err_nomem(ev);
}

/* `uname -p`, asked once; 'unknown' (GNU's answer on most Linux systems) is '' */
PYFN(pl_processor)
{
	(void)bi, (void)argc, (void)argv, (void)kw;
	static char cpu[128];
	static int asked;
	if (!asked) {
		FILE *f = popen("uname -p 2>/dev/null", "r");
		asked = 1;
		if (f) {
			if (fgets(cpu, sizeof cpu, f))
				cpu[strcspn(cpu, "\r\n")] = 0;
			pclose(f);
		}
		if (!strcmp(cpu, "unknown"))
			cpu[0] = 0;
	}
	return val_cstr(cpu);
}

/* ('glibc', '2.36') from confstr, ('', '') elsewhere */
PYFN(pl_libc)
{
	(void)bi, (void)argc, (void)argv, (void)kw;
	char buf[64] = "";
	const char *name = "", *ver = "";
#ifdef _CS_GNU_LIBC_VERSION
	if (confstr(_CS_GNU_LIBC_VERSION, buf, sizeof buf) > 0 && !strncmp(buf, "glibc ", 6)) {
		name = "glibc";
		ver = buf + 6;
	}
#endif
	struct value *it[2] = { val_cstr(name), val_cstr(ver) };
	if (!it[0] || !it[1]) {
		val_decref(it[0]);
		val_decref(it[1]);
		return err_nomem(ev);
	}
	struct value *r = val_tuple_new(2, it);
	return r ? r : err_nomem(ev);
}

PYFN(pl_compiler)
{
	(void)bi, (void)argc, (void)argv, (void)kw;
#if defined(__clang__)
	return val_cstr("Clang " __clang_version__);
#elif defined(__GNUC__)
	return val_cstr("GCC " __VERSION__);
#else
	return val_cstr("");
#endif
}

struct value *platform_build(struct eval *ev, const char *name)
{
	static const struct pyfn fns[] = {{"_uname", pl_uname}, {"_processor", pl_processor},
					  {"_libc", pl_libc}, {"_compiler", pl_compiler}};
	return pylib_source_module(ev, name, platform_src, fns, 4);
}
