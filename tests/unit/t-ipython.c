/*
 * t-ipython.c — TAP tests of IPython's conventions through engine.h, in host
 * mode: is_complete against IPython's TransformerManager.check_complete (the
 * table was made by IPython 9.19), `!cmd` / `x = !cmd` / `!!cmd` (SList,
 * _exit_code, {expr} and $name expansion), `x = %magic`, magics inside
 * blocks, %%writefile, %env, %cd, %pwd, %%bash, %%sh, %%html, %run,
 * %load_ext, %time alone, %%capture, completion before a cell ran, `name?`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "engine/engine.h"
#include "tap.h"

#include "engine_cap.h"

static const struct { const char *code, *status, *indent; } is_cases[] = {
	{ "", "complete", NULL },
	{ "x = 1", "complete", NULL },
	{ "x = 1\n", "complete", NULL },
	{ "c = [[1, 2],\n [3, 4]]", "complete", NULL },
	{ "c = [[1, 2],\n [3, 4]]\n", "complete", NULL },
	{ "c = [[1, 2],\n", "incomplete", "" },
	{ "c = [[1, 2],", "incomplete", "" },
	{ "for i in range(3):", "incomplete", "    " },
	{ "for i in range(3):\n", "incomplete", "    " },
	{ "for i in range(3):\n    print(i)", "incomplete", "    " },
	{ "for i in range(3):\n    print(i)\n", "complete", NULL },
	{ "for i in range(3):\n    print(i)\n\n", "complete", NULL },
	{ "if x:\n    if y:", "incomplete", "        " },
	{ "if x:\n    y = [1,\n2]", "incomplete", "" },
	{ "def f(x):\n    return x", "incomplete", "    " },
	{ "x = (1 +", "incomplete", "" },
	{ "x = '''abc", "incomplete", "" },
	{ "x = 1 \\", "incomplete", "" },
	{ "x = )", "invalid", NULL },
	{ "1 +", "invalid", NULL },
	{ "%timeit x", "complete", NULL },
	{ "%%bash\necho hi", "incomplete", "" },
	{ "%%bash\necho hi\n", "incomplete", "" },
	{ "%%bash\necho hi\n\n", "complete", NULL },
	{ "%%bash", "incomplete", "" },
	{ "!ls", "complete", NULL },
	{ "files = !ls", "complete", NULL },
	{ "x = %pwd", "complete", NULL },
	{ "for i in range(2):\n    !echo {i}", "incomplete", "    " },
	{ "if x: y = 1", "complete", NULL },
	{ "x = {\n'a': 1,\n}", "complete", NULL },
	{ "   \n", "complete", NULL },
	{ "a?", "complete", NULL },
	{ "print(1)\nprint(2)", "complete", NULL },
	{ "class A:", "incomplete", "    " },
	{ "x = [1,\n  2,", "incomplete", "  " },
	{ "try:\n    pass\nexcept:\n    pass", "incomplete", "    " },
	{ "else:", "incomplete", "    " },
	{ "x = 1\n    y = 2", "invalid", NULL },
	{ "x =", "invalid", NULL },
};

int main(void)
{
	struct engine_options opt = { "host" };
	E = engine_new(&opt);
	if (!E) {
		printf("1..0 # SKIP no engine\n");
		return 0;
	}
	char tmpl[] = "/tmp/t-ipython-XXXXXX";
	const char *dir = mkdtemp(tmpl);
	if (!dir || chdir(dir) < 0) {
		printf("1..0 # SKIP no temporary directory\n");
		return 0;
	}

	/* is_complete, case by case as IPython answers */
	for (size_t i = 0; i < sizeof is_cases / sizeof is_cases[0]; i++) {
		char *ind = NULL;
		const char *st = engine_is_complete(E, is_cases[i].code, &ind);
		int good = !strcmp(st, is_cases[i].status) &&
			   (!is_cases[i].indent || (ind && !strcmp(ind, is_cases[i].indent)));
		char what[64];
		snprintf(what, sizeof what, "is_complete case %zu", i);
		ok(good, what);
		if (!good)
			diag("%s -> %s [%s], want %s [%s]", is_cases[i].code, st, ind ? ind : "(null)",
			     is_cases[i].status, is_cases[i].indent ? is_cases[i].indent : "(null)");
		free(ind);
	}

	/* completion from the cell's own imports and assignments, before it ran */
	{
		static const struct { const char *code, *want; int n; } cc[] = {
			{"import cupy as cp\ncp.aran", "arange", 1},
			{"import numpy as np, cupy\ncupy.random.ra", "rand", 1},
			{"from numpy import linalg as la\nla.no", "norm", 1},
			{"from numpy import random\nrandom.default_", "default_rng", 1},
			{"import numpy as np\nx = np.zeros(3)\nx.res", "reshape", 1},
			{"import cupy as cp\na = cp.random.rand(3)\nb = a.reshape(3, 1)\nb.ast", "astype", 1},
			{"s = 'abc'\ns.upp", "upper", 1},
			{"import numpy as np\nk = np.sum(x)\nk.res", "reshape", 0},
			{"never_bound.x", "x", 0},
		};
		for (size_t i = 0; i < sizeof cc / sizeof cc[0]; i++) {
			struct engine_completion c;
			int found = 0;
			engine_complete(E, cc[i].code, (int)strlen(cc[i].code), &c);
			for (int j = 0; j < c.nmatches; j++)
				found |= !strcmp(c.matches[j], cc[i].want);
			char what[96];
			snprintf(what, sizeof what, "completion before running: case %zu (%s)", i, cc[i].want);
			ok(found == cc[i].n, what);
			engine_completion_clear(&c);
		}
		ok(error_is("x", "NameError", NULL) && error_is("cp", "NameError", NULL),
		   "completion ran nothing of the cells (x, cp unbound)");
	}

	/* `?` of Python's builtins: CPython's signature and docstring */
	ok(run("len?") == 0 && strstr(C.out, "Signature:   len(obj, /)\nDocstring:   Return the number of items in a container."),
	   "len?: CPython's signature and docstring");
	ok(run("lst = [1]\nlst.append?") == 0 && strstr(C.out, "Append object to the end of the list.") &&
	   !strstr(C.out, "array"), "list.append?: the list method's, not numpy.append's");
	{
		static const char *const names[] = {"abs", "all", "any", "bool", "callable", "chr", "dict",
			"divmod", "enumerate", "filter", "float", "getattr", "hasattr", "int", "isinstance",
			"iter", "list", "map", "max", "min", "next", "ord", "pow", "print", "range", "repr",
			"reversed", "round", "sorted", "str", "sum", "tuple", "type", "zip", NULL};
		int bad = 0;
		for (int i = 0; names[i]; i++) {
			char code[64];
			snprintf(code, sizeof code, "%s?", names[i]);
			if (run(code) != 0 || !strstr(C.out, "Docstring:") || strstr(C.out, "<no docstring>")) {
				diag("%s: %s", code, C.out);
				bad++;
			}
		}
		ok(!bad, "every builtin's `?` has its docstring");
	}

	/* ! lines */
	ok(out_is("!echo hello", "hello\n"), "!cmd streams its output");
	ok(out_is("!echo out; echo err 1>&2", "out\n") && !strcmp(C.err, "err\n"),
	   "!cmd: stderr goes to the cell's stderr");
	ok(value_is("!exit 3", "_exit_code", "3"), "!cmd sets _exit_code");
	ok(value_is("x = !printf 'a\\nb\\n'; echo c 1>&2", "x", "['a', 'b', 'c']"),
	   "x = !cmd: the lines, stderr merged");
	ok(value_is(NULL, "(x.n, x.s, x.l, len(x), x[1])", "('a\\nb\\nc', 'a b c', ['a', 'b', 'c'], 3, 'b')"),
	   "SList .n .s .l, a list");
	ok(value_is(NULL, "x.p", "[]"), "SList .p: existing paths");
	ok(value_is("x = !echo", "x", "['']"), "an empty line is an item");
	ok(value_is("x = !true", "x", "[]"), "no output: an empty SList");
	ok(run("!!echo hi") == 0 && !strcmp(C.result, "['hi']"), "!!cmd: the SList is the result");
	ok(value_is("n = 5\nfiles = !echo {n*2} $n $$n '$n' {{x}}", "files", "['10 5 $n {x}']"),
	   "{expr}, $name, $$, '$name' and {{ }} as IPython expands them");
	ok(value_is("files = !echo {nope_x} $HOME_NOT", "files", "['{nope_x}']"),
	   "a failed expansion leaves the line as typed (sh sees {nope_x} $HOME_NOT)") ;
	ok(out_is("for i in range(2):\n    !echo loop {i}\n", "loop 0\nloop 1\n"), "!cmd in a block");
	ok(out_is("def fl(k):\n    r = !echo {k * 2} $k\n    !echo in fl {k}\n    return r\nprint(fl(21))",
		  "in fl 21\n['42 21']\n"), "{expr} and $name inside a def see its locals");
	ok(error_is("!sleep 1 &", "OSError", "Background processes not supported."), "no & background");

	/* x = %magic */
	ok(value_is("d = %pwd", "d[:5]", "'/tmp/'"),
	   "x = %pwd");
	ok(value_is("r = %timeit -o -q -n 2 -r 3 sum([1])", "(r.loops, r.repeat, len(r.all_runs))", "(2, 3, 3)"),
	   "r = %timeit -o");
	ok(value_is("if True:\n    t = %time 1 + 1\n", "t", "2"), "x = %time in a block");

	/* %env */
	ok(out_is("%env LUMEN_T_A=1", "env: LUMEN_T_A=1\n"), "%env A=1");
	ok(out_is("%env LUMEN_T_B 2 3", "env: LUMEN_T_B=2 3\n"), "%env A 2 3");
	ok(value_is(NULL, "%env LUMEN_T_B", "'2 3'"), "%env A: its value");
	ok(value_is("e = %env", "(type(e).__name__, e['LUMEN_T_A'])", "('dict', '1')"), "%env: a dict");
	ok(error_is("%env LUMEN_T_NONE", "UsageError", "Environment does not have key: LUMEN_T_NONE"),
	   "%env: no such key");
	ok(value_is("v = 'xyz'\n%env LUMEN_T_C=$v", "%env LUMEN_T_C", "'xyz'"), "%env A=$v");

	/* %%writefile, %cd, %pwd, %run */
	ok(out_is("%%writefile w.py\nq = 41\nprint('ran', __name__)", "Writing w.py\n"), "%%writefile: Writing");
	ok(out_is("%%writefile -a w.py\nq += 1", "Appending to w.py\n"), "%%writefile -a: Appending to");
	ok(out_is("%%writefile w2.txt\nz", "Writing w2.txt\n") &&
	   out_is("%%writefile w2.txt\nzz", "Overwriting w2.txt\n"), "%%writefile: Overwriting");
	ok(value_is("s = !od -c w.py | head -3", "s.n.count('\\\\n')", "3"),
	   "%%writefile: the cell, ending with a newline");
	ok(out_is("%run w.py", "ran __main__\n") && value_is(NULL, "q", "42"),
	   "%run: __main__, its names land in the namespace");
	ok(out_is("q = 0\n%run -i w.py", "ran __main__\n") && value_is(NULL, "q", "42"), "%run -i");
	ok(run("%run nope.py") == 0 && strstr(C.err, "File `'nope.py'` not found."), "%run: no such file");
	ok(run("%mkdir_is_no_magic") != 0 && !strcmp(ERR.ename, "UsageError"), "unknown magic");
	ok(run("!mkdir -p sub") == 0 && run("%cd sub") == 0 && strstr(C.out, "/sub\n") &&
	   value_is("d = %pwd", "d.endswith('/sub')", "True"), "%cd DIR prints it, %pwd its value");
	ok(out_is("%cd -q ..", "") && value_is("d = %pwd", "d.endswith('/sub')", "False"), "%cd -q ..");
	ok(run("%cd -") == 0 && strstr(C.out, "/sub\n"), "%cd -");
	ok(run("%cd /nonexistent_dir_x") == 0 && strstr(C.out, "No such file or directory"), "%cd: no such dir");
	ok(run("%cd ..") == 0, "back");

	/* get_ipython(): what nbconvert --to script writes */
	ok(value_is("ip = get_ipython()\nip.run_line_magic('env', 'GI_X=5')\n"
		    "gv = ip.run_line_magic('env', 'GI_X')\ngo = ip.getoutput('echo a; echo {gv}')\n"
		    "ip.run_cell_magic('writefile', 'gi.txt', 'hi\\n')\nip.system('cat gi.txt')",
		    "(gv, go, 'go' in ip.user_ns)", "('5', ['a', '5'], True)") &&
	   value_is("c = !cat gi.txt", "c", "['hi']"), "get_ipython(): run_line_magic, run_cell_magic, system, getoutput, user_ns");

	/* magics a cell registers (IPython.core.magic), as _mgmn_nb_setup.py does */
	ok(run("from IPython.core.magic import register_cell_magic, register_line_magic\n"
	       "from IPython import get_ipython\n"
	       "@register_cell_magic\ndef shout(line, cell):\n    print('[' + line + ']', cell.upper().strip())\n"
	       "@register_line_magic('twice')\ndef tw(line):\n    return line * 2\n") == 0 &&
	   out_is("%%shout a b\nhello {x}\n", "[a b] HELLO {X}\n") &&
	   value_is("t = %twice ab", "t", "'abab'") &&
	   value_is(NULL, "(sorted(get_ipython().magics_manager.magics['cell']), 'px' in "
		    "get_ipython().magics_manager.magics['cell'], 'twice' in get_ipython().magics_manager.magics['line'])",
		    "(['shout'], False, True)") &&
	   out_is("get_ipython().run_cell_magic('shout', '', 'z')", "[] Z\n"),
	   "register_cell_magic / register_line_magic: %%name and %name call the cell's functions");
	ok(run("%%nosuchmagic\nx") != 0 && !strcmp(ERR.ename, "UsageError"), "an unregistered cell magic: UsageError");
	/* IPython.Application.instance().kernel.do_shutdown(True): a restart forgets the variables */
	ok(value_is("import IPython\nkeep_me = 1\nr = IPython.Application.instance().kernel.do_shutdown(True)",
		    "('keep_me' in dir(), r)", "(False, {'status': 'ok', 'restart': True})") &&
	   run("%%shout after\nx") != 0 && !strcmp(ERR.ename, "UsageError"),
	   "IPython.Application.instance().kernel.do_shutdown(True) restarts in place");

	/* IPython's cleanup of pasted input: leading indent, >>> / ... and In [n]: / ...: prompts */
	ok(value_is("  li_a = 1\n  li_b = li_a + 1", "li_b", "2"), "a cell indented as a whole runs (leading_indent)");
	ok(value_is(">>> cp_a = [1,\n...        2]\n>>> cp_b = len(cp_a)", "cp_b", "2") &&
	   value_is("\n>>> cp_c = 3\n", "cp_c", "3"), ">>> and ... prompts are stripped (classic_prompt)");
	ok(value_is("ip_s = str(\n  ....:     'ab'\n  ....: )\n", "ip_s", "'ab'") &&
	   value_is("In [7]: ip_t = 5\n   ...: ip_u = ip_t * 2", "ip_u", "10"),
	   "In [n]: and ...: prompts are stripped (ipython_prompt)");
	ok(value_is("el_x = 1\nel_y = ...", "el_y", "Ellipsis") &&
	   value_is("def el_f():\n    ...\nel_z = el_f()", "(el_z, el_y)", "(None, Ellipsis)"),
	   "an Ellipsis line is no prompt");
	ok(run("x = 1\n    y = 2") != 0 && !strcmp(ERR.ename, "IndentationError"), "an indent past the first line is still an error");

	/* IPython's default aliases */
	ok(run("%mkdir alias_dir") == 0 && run("%ls -d alias_dir") == 0 && strstr(C.out, "alias_dir") &&
	   run("%rmdir alias_dir") == 0 && run("%ls") == 0 && !strstr(C.out, "alias_dir"),
	   "%mkdir, %ls, %rmdir: IPython's shell aliases");
	ok(run("%lsmagic") == 0 && strstr(C.out, "%ls") && strstr(C.out, "%mkdir"), "%lsmagic lists the aliases");

	/* %%bash, %%sh */
	ok(out_is("%%bash\necho $((6 * 7))\nread l; echo \"[$l]\"", "42\n[]\n"), "%%bash: the cell on stdin");
	ok(error_is("%%sh\necho x\nexit 3", "CalledProcessError",
		    "Command 'b'echo x\\nexit 3\\n'' returned non-zero exit status 3.") && !strcmp(C.out, "x\n"),
	   "%%sh: CalledProcessError on a non-zero exit");
	ok(run("%%sh --no-raise-error\nexit 3") == 0, "%%sh --no-raise-error");

	/* %%capture */
	ok(run("%%capture cap\nprint('hidden')\nimport sys\nprint('err', file=sys.stderr)\ndisplay(42)") == 0 &&
	   !C.out[0] && !C.err[0] && !C.result[0], "%%capture: nothing shown");
	ok(value_is(NULL, "(cap.stdout, cap.stderr, cap.outputs)", "('hidden\\n', 'err\\n', [{'text/plain': '42'}])"),
	   "%%capture: .stdout, .stderr, .outputs");
	ok(run("cap.show()") == 0 && !strcmp(C.out, "hidden\n") && !strcmp(C.err, "err\n"), "CapturedIO.show()");
	ok(run("%%capture --no-stdout c2\nprint('shown')") == 0 && !strcmp(C.out, "shown\n") &&
	   value_is(NULL, "c2.stdout", "''"), "%%capture --no-stdout");

	/* displays, and magics accepted */
	ok(run("%%html\n<b>hi</b>") == 0 && !strcmp(C.html, "<b>hi</b>\n"), "%%html: text/html");
	ok(run("%%javascript\nconsole.log(1)") == 0 && !strcmp(C.js, "console.log(1)\n"), "%%javascript");
	ok(out_is("%load_ext autoreload\n%autoreload 2", ""), "%load_ext autoreload, %autoreload 2");
	ok(error_is("%load_ext no_such_ext", "ModuleNotFoundError", "No module named 'no_such_ext'"),
	   "%load_ext: no such module");
	ok(run("%time") == 0 && strstr(C.out, "Wall time:"), "%time alone");

	engine_error_clear(&ERR);
	engine_free(E);
	printf("1..%d\n", nt);
	return nfail != 0;
}
