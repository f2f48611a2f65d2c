/*
 * t-eval.c — TAP tests of the evaluator through engine.h: statements,
 * expressions, builtins, formatting, errors (ename/evalue/traceback),
 * IPython's cell rules (last expression, ';', execution count), state
 * surviving errors, interrupts, recursion, completion, inspection,
 * is_complete, magics, and a fuzz loop over random and truncated cells.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/engine.h"
#include "tap.h"

struct cap {
	char out[65536];
	char err[8192];
	char result[65536];
	char page[8192];
	int nresults;
	struct engine *e;
	const char *interrupt_on; /* interrupt when this text is printed */
};

static void cat(char *dst, size_t cap, const char *s, size_t n)
{
	size_t l = strlen(dst);
	if (l + n >= cap)
		n = cap - l - 1;
	memcpy(dst + l, s, n);
	dst[l + n] = 0;
}

static void s_stream(void *ctx, int fd, const char *text, size_t len)
{
	struct cap *c = ctx;
	if (fd == 2)
		cat(c->err, sizeof c->err, text, len);
	else
		cat(c->out, sizeof c->out, text, len);
	if (c->interrupt_on && memmem(text, len, c->interrupt_on, strlen(c->interrupt_on)))
		engine_interrupt(c->e);
}

static void s_display(void *ctx, const struct engine_bundle *b, int is_result, const char *id, int update)
{
	struct cap *c = ctx;
	(void)id;
	(void)update;
	if (!is_result)
		return;
	c->nresults++;
	for (int i = 0; i < b->n; i++)
		if (strcmp(b->mime[i], "text/plain") == 0)
			cat(c->result, sizeof c->result, b->data[i], b->len[i]);
}

static void s_page(void *ctx, const struct engine_bundle *b)
{
	struct cap *c = ctx;
	cat(c->page, sizeof c->page, b->data[0], b->len[0]);
}

static struct engine *E;
static struct cap C;
static struct engine_error ERR;
static const struct engine_sink SINK = { &C, s_stream, s_display, NULL, s_page, NULL };

static int run(const char *code)
{
	memset(&C, 0, sizeof C);
	C.e = E;
	engine_error_clear(&ERR);
	struct engine_exec_opts o = { 0, 1, 0 };
	return engine_execute(E, code, &o, &SINK, &ERR);
}

/* stdout of a cell */
static void out_is(const char *code, const char *want, const char *what)
{
	int r = run(code);
	int good = r == 0 && strcmp(C.out, want) == 0;
	ok(good, what);
	if (!good)
		printf("# code: %s\n# got: [%s] r=%d %s: %s\n# want: [%s]\n", code, C.out, r,
		       ERR.ename ? ERR.ename : "", ERR.evalue ? ERR.evalue : "", want);
}

/* the execute_result of a cell */
static void result_is(const char *code, const char *want, const char *what)
{
	int r = run(code);
	int good = r == 0 && (want ? (C.nresults == 1 && strcmp(C.result, want) == 0) : C.nresults == 0);
	ok(good, what);
	if (!good)
		printf("# code: %s\n# got: [%s] n=%d r=%d %s: %s\n# want: [%s]\n", code, C.result, C.nresults, r,
		       ERR.ename ? ERR.ename : "", ERR.evalue ? ERR.evalue : "", want ? want : "(none)");
}

static void error_is(const char *code, const char *ename, const char *evalue, const char *what)
{
	int r = run(code);
	int good = r < 0 && ERR.ename && strcmp(ERR.ename, ename) == 0 && strcmp(ERR.evalue, evalue) == 0;
	ok(good, what);
	if (!good)
		printf("# code: %s\n# got: r=%d %s: %s\n# want: %s: %s\n", code, r, ERR.ename ? ERR.ename : "-",
		       ERR.evalue ? ERR.evalue : "-", ename, evalue);
}

static const char *const corpus[] = {
	"x = [i * i for i in range(10) if i % 3]\nprint(sum(x), max(x), sorted(x, reverse=True))\n",
	"def f(a, b=2, *c, **d):\n    return a + b + len(c) + len(d)\nprint(f(1), f(1, 2, 3, k=4))\n",
	"d = {'a': 1}\nfor k, v in d.items():\n    print(f'{k}={v:>4}')\ntry:\n    d['z']\nexcept KeyError as e:\n    print('missing', e)\n",
	"s = 'Hello, World'\nprint(s.lower().split(', '), s[::-1], '%5.2f|%-3d|' % (3.14159, 7))\n",
	"import math\nprint(math.sqrt(2), round(2.675, 2), divmod(-7, 2), 7 // -2, -7 % 3, 2 ** -2)\n",
	"a = b = 0\nwhile a < 10:\n    a += 3\n    if a == 6:\n        continue\n    b += a\nprint(a, b)\n",
	"x = (1, 'two', [3.0, None], {'k': True})\nprint(repr(x), str(x), len(x))\n",
};

int main(void)
{
	E = engine_new(NULL);
	ok(E != NULL, "engine_new");
	out_is("print(1+2)", "3\n", "print(1+2)");
	out_is("x = 5\ny = x * 2", "", "assignment prints nothing");
	out_is("print(x, y)", "5 10\n", "variables persist across cells");
	out_is("print(1, 2, sep='-', end='!\\n')", "1-2!\n", "print sep and end");
	out_is("import sys\nsys.stdout.write('w\\n')\nprint('e', file=sys.stderr)", "w\n", "sys.stdout.write");
	ok(strcmp(C.err, "e\n") == 0, "print(file=sys.stderr) goes to stderr");
	result_is("1 + 1", "2", "last expression is the result");
	result_is("1 + 1;", NULL, "trailing semicolon suppresses the result");
	result_is("x = 3\nx", "3", "result after statements");
	result_is("None", NULL, "None is not displayed");
	result_is("print('a')", NULL, "print returns None: no result");
	result_is("'it''s'", "'its'", "string repr");
	result_is("[0.1, 1e16, 1e-5, 2.0, -0.0, float('inf')]", "[0.1, 1e+16, 1e-05, 2.0, -0.0, inf]", "float repr");
	result_is("(1+2j, 3j, complex(1, -1), (1,), ())", "((1+2j), 3j, (1-1j), (1,), ())", "complex and tuple repr");
	result_is("{'a': [1, (2, 'x')], 'b': None}", "{'a': [1, (2, 'x')], 'b': None}", "dict repr");
	result_is("7 // 2, -7 // 2, 7 % -3, -7 % 3, 7 / 2, 2 ** 10, 2 ** -1", "(3, -4, -2, 2, 3.5, 1024, 0.5)",
		  "integer arithmetic, floor semantics");
	result_is("-7.5 // 2, -7.5 % 2, 1e308 * 10", "(-4.0, 0.5, inf)", "float floor semantics");
	result_is("1 < 2 < 3, 3 > 2 > 2, 1 == 1.0, 'a' < 'b', [1, 2] < [1, 3]", "(True, False, True, True, True)",
		  "comparisons");
	result_is("f'{3.14159:.2f}|{42:05d}|{1234567:,}|{0.25:%}|{12345.678:.2e}|{\"ab\":>5}|{\"ab\":^6}|{255:#x}'",
		  "'3.14|00042|1,234,567|25.000000%|1.23e+04|   ab|  ab  |0xff'", "format specs");
	result_is("x = 3.5\nf'{x!r} {x=}'", "'3.5 x=3.5'", "f-string conversions and =");
	result_is("'{} {:.1f} {k}'.format(1, 2.25, k='v')", "'1 2.2 v'", "str.format");
	result_is("'%s-%r-%5.1f-%03d-%x' % ('a', 'b', 2.25, 7, 255)", "\"a-'b'-  2.2-007-ff\"", "percent formatting");
	result_is("sorted([3, 1, 2]), sum([1, 2, 3]), min(3, 1), max([1, 5], key=lambda v: -v)",
		  "([1, 2, 3], 6, 1, 1)", "sorted sum min max");
	result_is("list(enumerate('ab')), list(zip([1, 2], 'xy')), list(reversed(range(3)))",
		  "([(0, 'a'), (1, 'b')], [(1, 'x'), (2, 'y')], [2, 1, 0])", "enumerate zip reversed");
	result_is("int('12'), float('2.5'), str(3), bool([]), abs(-2), round(2.5), round(0.125, 2), hex(255)",
		  "(12, 2.5, '3', False, 2, 2, 0.12, '0xff')", "conversions");
	result_is("isinstance(True, int), isinstance(1.0, (int, str)), type(1), type('')",
		  "(True, False, <class 'int'>, <class 'str'>)", "isinstance and type");
	result_is("s = 'a,b,,c'\ns.split(','), '-'.join(['x', 'y']), ' x '.strip(), s.replace(',', ';'), s.upper()",
		  "(['a', 'b', '', 'c'], 'x-y', 'x', 'a;b;;c', 'A,B,,C')", "str methods");
	result_is("l = [3, 1]\nl.append(2); l.extend([5]); l.insert(0, 9); l.sort(); l.pop(), l",
		  "(9, [1, 2, 3, 5])", "list methods");
	result_is("d = {'a': 1}\nd.update(b=2); d.get('z', 0), list(d.keys()), list(d.items()), d.pop('a'), d",
		  "(0, ['a', 'b'], [('a', 1), ('b', 2)], 1, {'b': 2})", "dict methods");
	result_is("a, *b = [1, 2, 3]\n(x, y), z = (4, 5), 6\na, b, x, y, z", "(1, [2, 3], 4, 5, 6)", "unpacking");
	result_is("def outer():\n    n = 0\n    def inc():\n        nonlocal n\n        n += 1\n        return n\n    inc()\n    return inc()\nouter()",
		  "2", "closures and nonlocal");
	result_is("g = 1\ndef setg():\n    global g\n    g = 7\nsetg()\ng", "7", "global statement");
	result_is("def f(*a, **k): return a, k\nf(1, *[2, 3], x=4, **{'y': 5})", "((1, 2, 3), {'x': 4, 'y': 5})",
		  "star args and kwargs");
	result_is("[(i, j) for i in range(3) for j in range(i) if j % 2 == 0]", "[(1, 0), (2, 0)]",
		  "nested comprehension");
	result_is("{k: v * 2 for k, v in zip('ab', (1, 2))}", "{'a': 2, 'b': 4}", "dict comprehension");
	result_is("sum(i for i in range(5))", "10", "generator expression argument");
	result_is("r = []\nfor i in range(5):\n    if i == 3:\n        break\n    r.append(i)\nelse:\n    r.append('no')\nr",
		  "[0, 1, 2]", "for/break/else");
	result_is("def f():\n    try:\n        return 'try'\n    finally:\n        print('fin')\nf()", "'try'",
		  "try/finally with return");
	ok(strcmp(C.out, "fin\n") == 0, "finally runs");
	result_is("try:\n    raise ValueError('v', 2)\nexcept (KeyError, ValueError) as e:\n    r = (e.args, str(e), repr(e))\nr",
		  "(('v', 2), \"('v', 2)\", \"ValueError('v', 2)\")", "raise and except tuple");
	result_is("try:\n    try:\n        1/0\n    except ZeroDivisionError:\n        raise\nexcept Exception as e:\n    m = str(e)\nm",
		  "'division by zero'", "bare raise re-raises");
	result_is("import math, time\nfrom math import pi as PI, floor\n(floor(PI), math.isclose(0.1 + 0.2, 0.3), time.time() > 0)",
		  "(3, True, True)", "imports");
	result_is("x = 10\nx += 5; x -= 1; x *= 2; x //= 3; x **= 2; x %= 50\nx", "31", "augmented assignment");
	result_is("l = list(range(10))\nl[2:5] = ['a']\ndel l[0]\nl[::3]", "[1, 6, 9]", "slices and del");

	error_is("undefined_name", "NameError", "name 'undefined_name' is not defined", "NameError");
	error_is("1 / 0", "ZeroDivisionError", "division by zero", "division by zero");
	error_is("1 // 0", "ZeroDivisionError", "integer division or modulo by zero", "floor division by zero");
	error_is("1 % 0", "ZeroDivisionError", "integer modulo by zero", "modulo by zero");
	error_is("1.0 / 0", "ZeroDivisionError", "float division by zero", "float division by zero");
	result_is("2 ** 64", "18446744073709551616", "int64 overflow gives a big int");
	error_is("2 ** (10 ** 10)", "MemoryError", "int too large: Lumen's ints hold at most 2**28 bits",
		 "a big int beyond the cap");
	error_is("[1][5]", "IndexError", "list index out of range", "IndexError");
	error_is("{}['k']", "KeyError", "'k'", "KeyError");
	error_is("'a' + 1", "TypeError", "can only concatenate str (not \"int\") to str", "TypeError str + int");
	error_is("import nosuchmod", "ModuleNotFoundError", "No module named 'nosuchmod'", "ModuleNotFoundError");
	error_is("def f(a, b): pass\nf(1)", "TypeError", "f() missing 1 required positional argument: 'b'", "missing argument");
	error_is("def r(n): return r(n + 1)\nr(0)", "RecursionError", "maximum recursion depth exceeded", "RecursionError");
	error_is("x = (1,", "SyntaxError", "'(' was never closed", "SyntaxError");
	error_is("match x:\n    case 1: pass\n", "SyntaxError", "'match' is not supported by Lumen", "unsupported construct named");
	error_is("assert 1 == 2, 'boom'", "AssertionError", "boom", "assert with message");
	error_is("raise ValueError", "ValueError", "", "raise a class");
	error_is("a, b = 1, 2, 3", "ValueError", "too many values to unpack (expected 2)", "unpack error");
	error_is("min([])", "ValueError", "min() iterable argument is empty", "min of nothing: Python 3.12's text");
	error_is("def f():\n    v += 1\nf()", "UnboundLocalError",
		 "cannot access local variable 'v' where it is not associated with a value", "UnboundLocalError");
	error_is("%nosuchmagic", "UsageError", "Line magic function `%nosuchmagic` not found.", "unknown magic");
	/* outside the numeric dtypes (LANGUAGE.md): an error that names the dtype and says why */
	/* string arrays are host objects (array/flex/): cp refuses them, as CuPy has none */
	error_is("import cupy as cp\ncp.zeros(3, dtype='U5')", "TypeError",
		 "CuPy has no string or record arrays: a flexible dtype is not supported by cupy.zeros (use numpy)",
		 "a string dtype in cp is refused, said so");
	error_is("import numpy as np\nnp.dtype('>U3')", "NotImplementedError",
		 "data type '>U3': Lumen's string arrays are little-endian only",
		 "a string dtype with a foreign byte order");
	error_is("import numpy as np\nnp.array([1], dtype=object)", "NotImplementedError",
		 "data type object: Lumen has no object arrays (numeric dtypes only, as on the GPU in CuPy)",
		 "dtype=object");
	error_is("import numpy as np\nnp.linspace(0, 1, 3, dtype='M8[s]')", "NotImplementedError",
		 "data type 'M8[s]': numpy.linspace has no datetime64/timedelta64 form in Lumen (datetimes "
		 "are host arrays outside the numeric dtypes, as CuPy has none)",
		 "a datetime dtype where the function has no datetime form");
	error_is("import numpy as np\nnp.sum(np.array(['a', 'bc']))", "TypeError",
		 "numpy.sum: this function does not take string or record arrays in Lumen (numeric dtypes only)",
		 "a numeric function given an array of str");
	error_is("import numpy as np\nnp.dtype('i9')", "TypeError", "data type 'i9' not understood",
		 "a dtype NumPy does not know either keeps NumPy's TypeError");

	/* traceback lists the failing cell line */
	run("a = 1\nb = a / 0\n");
	{
		int found = 0;
		for (int i = 0; i < ERR.ntraceback; i++)
			if (strstr(ERR.traceback[i], "----> 2 b = a / 0"))
				found = 1;
		ok(found && strstr(ERR.traceback[ERR.ntraceback - 1], "ZeroDivisionError: division by zero") != NULL,
		   "traceback shows the failing line");
	}
	/* variables survive errors */
	run("keep = 41");
	run("keep = keep + 1\nboom = 1 / 0\nkeep = 0");
	out_is("print(keep)", "42\n", "variables survive an error (assignments before it stay)");
	out_is("print('boom' in globals())", "False\n", "the failed assignment did not happen");

	/* execution count */
	{
		int before = engine_execution_count(E);
		run("1");
		run("1/0");
		ok(engine_execution_count(E) == before + 2, "execution count increments, errors included");
		struct engine_exec_opts silent = { 1, 0, 0 };
		memset(&C, 0, sizeof C);
		engine_error_clear(&ERR);
		engine_execute(E, "42", &silent, &SINK, &ERR);
		ok(engine_execution_count(E) == before + 2 && C.nresults == 0, "silent: no count, no result");
	}

	/* interrupt: KeyboardInterrupt, state kept */
	{
		memset(&C, 0, sizeof C);
		C.e = E;
		C.interrupt_on = "go";
		engine_error_clear(&ERR);
		int r = engine_execute(E, "n = 0\nwhile True:\n    n += 1\n    if n == 1000:\n        print('go')\n", NULL, &SINK, &ERR);
		ok(r < 0 && ERR.ename && strcmp(ERR.ename, "KeyboardInterrupt") == 0, "interrupt raises KeyboardInterrupt");
		out_is("print(n > 0)", "True\n", "state survives an interrupt");
	}

	/* an interrupt made before a cell: dropped (a REPL's Ctrl-C at its
	 * prompt), or kept with keep_interrupt (a kernel counts its cell as
	 * running from before execute_input) unless cleared first */
	{
		struct engine_exec_opts keep = { 0, 1, 0, 1 };
		engine_interrupt(E);
		out_is("print('ran')", "ran\n", "an interrupt between cells is dropped by default");
		engine_interrupt(E);
		memset(&C, 0, sizeof C);
		engine_error_clear(&ERR);
		int r = engine_execute(E, "print('ran')", &keep, &SINK, &ERR);
		ok(r < 0 && ERR.ename && strcmp(ERR.ename, "KeyboardInterrupt") == 0 && !C.out[0],
		   "keep_interrupt: an interrupt made before the cell stops it before it prints");
		engine_interrupt(E);
		engine_interrupt_clear(E);
		memset(&C, 0, sizeof C);
		engine_error_clear(&ERR);
		r = engine_execute(E, "print('ran')", &keep, &SINK, &ERR);
		ok(r == 0 && strcmp(C.out, "ran\n") == 0, "engine_interrupt_clear drops it");
	}

	/* help syntax and magics */
	run("def helped(a, b=2):\n    '''Adds.'''\n    return a + b\n");
	run("helped?");
	ok(strstr(C.page, "Signature:   helped(a, b=2)") && strstr(C.page, "Adds."), "name? pages the signature and doc");
	run("%lsmagic");
	ok(strncmp(C.out, "Available line magics:\n", 23) == 0 && strstr(C.out, "%timeit") &&
	   strstr(C.out, "Available cell magics:\n%%bash  %%capture  %%html  %%javascript  %%sh  %%time  %%timeit  %%writefile\n"), "lsmagic");
	run("%timeit -n 3 -r 2 x = 1");
	ok(strstr(C.out, "per loop (mean \xc2\xb1 std. dev. of 2 runs, 3 loops each)") != NULL, "timeit output format");
	run("%time y = 2");
	ok(strstr(C.out, "CPU times: user") && strstr(C.out, "Wall time:"), "time output format");

	/* is_complete */
	{
		char *ind = NULL;
		ok(strcmp(engine_is_complete(E, "x = 1", &ind), "complete") == 0, "is_complete: complete");
		free(ind);
		ind = NULL;
		const char *st = engine_is_complete(E, "for i in range(3):", &ind);
		ok(strcmp(st, "incomplete") == 0 && ind && strcmp(ind, "    ") == 0, "is_complete: block header");
		free(ind);
		ind = NULL;
		ok(strcmp(engine_is_complete(E, "x = (1,", &ind), "incomplete") == 0, "is_complete: open paren");
		free(ind);
		ind = NULL;
		ok(strcmp(engine_is_complete(E, "x = = 2", &ind), "invalid") == 0, "is_complete: invalid");
		free(ind);
	}
	/* completion */
	{
		struct engine_completion c;
		run("import math\nmy_variable = [1]");
		engine_complete(E, "my_v", 4, &c);
		ok(c.nmatches == 1 && strcmp(c.matches[0], "my_variable") == 0 && c.cursor_start == 0 && c.cursor_end == 4,
		   "complete a global name");
		engine_completion_clear(&c);
		engine_complete(E, "x = math.sq", 11, &c);
		ok(c.nmatches >= 1 && strcmp(c.matches[0], "sqrt") == 0 && c.cursor_start == 9, "complete a module member");
		engine_completion_clear(&c);
		engine_complete(E, "my_variable.app", 15, &c);
		ok(c.nmatches == 1 && strcmp(c.matches[0], "append") == 0 && c.cursor_start == 12, "complete a method");
		engine_completion_clear(&c);
		engine_complete(E, "\xc3\xa9 = pri", 7, &c);
		ok(c.nmatches >= 1 && strcmp(c.matches[0], "print") == 0 && c.cursor_start == 4,
		   "cursor positions are code points");
		engine_completion_clear(&c);
	}
	/* inspection */
	{
		struct engine_bundle b;
		int r = engine_inspect(E, "helped(1", 8, 0, &b);
		ok(r == 1 && strstr(b.data[0], "helped(a, b=2)"), "inspect inside a call");
		engine_bundle_clear(&b);
		ok(engine_inspect(E, "nothing_here", 5, 0, &b) == 0, "inspect: not found");
	}
	/* user expressions */
	{
		struct engine_bundle b;
		struct engine_error er;
		ok(engine_eval_expression(E, "keep * 2", &b, &er) == 0 && strcmp(b.data[0], "84") == 0, "eval_expression");
		engine_bundle_clear(&b);
		ok(engine_eval_expression(E, "nope", &b, &er) < 0 && strcmp(er.ename, "NameError") == 0,
		   "eval_expression error");
		engine_error_clear(&er);
	}

	/* fuzz: random, truncated and mutated cells never crash */
	{
		unsigned seed = 99;
		int runs = 0;
		char buf[800];
		struct engine *F = engine_new(NULL);
		struct engine *saved = E;
		E = F;
		for (size_t c = 0; c < sizeof corpus / sizeof corpus[0]; c++) {
			size_t len = strlen(corpus[c]);
			ok(run(corpus[c]) == 0, "corpus cell runs");
			for (size_t k = 0; k <= len; k += 1) {
				char *t = strndup(corpus[c], k);
				if (!strstr(t, "while"))
					run(t);
				free(t);
				runs++;
			}
			for (int it = 0; it < 400; it++) {
				size_t n = len < sizeof buf - 1 ? len : sizeof buf - 1;
				memcpy(buf, corpus[c], n);
				buf[n] = 0;
				for (int m = 0; m < 1 + rand_r(&seed) % 3; m++) {
					size_t pos = (size_t)rand_r(&seed) % (n ? n : 1);
					static const char alpha[] = "()[]{}:,.=+-*/%'\"\n #ab1_0";
					buf[pos] = alpha[rand_r(&seed) % (sizeof alpha - 1)];
				}
				/* no endless loops: a mutated `while` could spin */
				if (strstr(buf, "while"))
					continue;
				run(buf);
				runs++;
			}
		}
		for (int it = 0; it < 3000; it++) {
			size_t n = (size_t)(rand_r(&seed) % 120);
			for (size_t i = 0; i < n; i++) {
				static const char alpha[] = "abxy01 ()[]{}:,.=+-*/%@'\"\n\t#?!_fl";
				buf[i] = (rand_r(&seed) % 10) ? alpha[rand_r(&seed) % (sizeof alpha - 1)] : (char)rand_r(&seed);
			}
			buf[n] = 0;
			run(buf);
			runs++;
		}
		E = saved;
		engine_free(F);
		ok(runs > 5000, "fuzz: random, truncated and mutated cells end in a result or an error");
	}
	engine_error_clear(&ERR);
	engine_free(E);
	printf("1..%d\n", nt);
	return nfail ? 1 : 0;
}
