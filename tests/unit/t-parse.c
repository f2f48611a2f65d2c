/*
 * t-parse.c — TAP tests of the parser (engine/lang/parse.c): the statements and
 * expressions of the cell language parse into the expected tree shapes,
 * syntax errors carry Python's messages, lines and columns, incomplete
 * input is flagged, unsupported constructs are named, and random or
 * truncated input never crashes (fuzz loop).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/parse.h"
#include "lang/error.h"
#include "pyobj/pyobj.h"
#include "tap.h"

/* a compact dump of the tree's kinds */
static void dump(const struct node *n, char *out, size_t cap)
{
	static const char *const names[N_COUNT] = {
		[N_NAME] = "Name", [N_CONST] = "Const", [N_FSTRING] = "FStr", [N_FORMAT] = "Fmt",
		[N_TUPLE] = "Tuple", [N_LIST] = "List", [N_DICT] = "Dict", [N_BINOP] = "BinOp",
		[N_UNOP] = "UnOp", [N_AND] = "And", [N_OR] = "Or", [N_COMPARE] = "Cmp",
		[N_IFEXP] = "IfExp", [N_CALL] = "Call", [N_KEYWORD] = "Kw", [N_STARRED] = "Star",
		[N_ATTR] = "Attr", [N_SUBSCRIPT] = "Sub", [N_SLICE] = "Slice", [N_LAMBDA] = "Lambda",
		[N_LISTCOMP] = "ListComp", [N_DICTCOMP] = "DictComp", [S_EXPR] = "Expr",
		[S_ASSIGN] = "Assign", [S_AUGASSIGN] = "AugAssign", [S_IF] = "If", [S_FOR] = "For",
		[S_WHILE] = "While", [S_DEF] = "Def", [S_RETURN] = "Return", [S_TRY] = "Try",
		[S_WITH] = "With", [S_IMPORT] = "Import", [S_FROM] = "From", [S_HELP] = "Help",
		[S_MAGIC] = "Magic", [S_DEL] = "Del", [S_RAISE] = "Raise", [S_ASSERT] = "Assert",
		[S_PASS] = "Pass", [N_COMPFOR] = "For", [N_COMPIF] = "If", [S_BREAK] = "Break", [S_CONTINUE] = "Continue", [S_GLOBAL] = "Global",
		[N_SET] = "Set", [S_CLASS] = "Class", [N_YIELD] = "Yield",
	};
	if (!n) {
		strncat(out, "_", cap - strlen(out) - 1);
		return;
	}
	const char *nm = n->kind < N_COUNT && names[n->kind] ? names[n->kind] : "?";
	strncat(out, nm, cap - strlen(out) - 1);
	int any = n->a || n->b || n->l.n;
	if (!any)
		return;
	strncat(out, "(", cap - strlen(out) - 1);
	int first = 1;
	if (n->a) {
		dump(n->a, out, cap);
		first = 0;
	}
	if (n->b) {
		if (!first)
			strncat(out, ",", cap - strlen(out) - 1);
		dump(n->b, out, cap);
		first = 0;
	}
	for (int i = 0; i < n->l.n; i++) {
		if (!first)
			strncat(out, ",", cap - strlen(out) - 1);
		dump(n->l.v[i], out, cap);
		first = 0;
	}
	strncat(out, ")", cap - strlen(out) - 1);
}

static int parse(const char *src, char *out, size_t cap, struct parse_error *pe)
{
	struct arena *a = arena_new(src, strlen(src), "<test>");
	struct nlist body;
	int r = parse_cell(a, &body, pe);
	out[0] = 0;
	if (r == 0)
		for (int i = 0; i < body.n; i++) {
			if (i)
				strncat(out, ";", cap - strlen(out) - 1);
			dump(body.v[i], out, cap);
		}
	arena_decref(a);
	return r;
}

static void shape(const char *src, const char *want, const char *what)
{
	char got[4096];
	struct parse_error pe;
	int r = parse(src, got, sizeof got, &pe);
	int good = r == 0 && strcmp(got, want) == 0;
	ok(good, what);
	if (!good)
		printf("# src: %s\n# got: %s %s\n# want: %s\n", src, got, r ? pe.msg : "", want);
}

static void bad(const char *src, const char *msg, int line, int col, const char *what)
{
	char got[4096];
	struct parse_error pe;
	int r = parse(src, got, sizeof got, &pe);
	int good = r < 0 && strcmp(pe.msg, msg) == 0 && pe.line == line && (col < 0 || pe.col == col);
	ok(good, what);
	if (!good)
		printf("# src: %s\n# got r=%d '%s' line %d col %d\n# want '%s' line %d col %d\n", src, r,
		       r < 0 ? pe.msg : got, pe.line, pe.col, msg, line, col);
}

static void incomplete(const char *src, int want, const char *what)
{
	char got[4096];
	struct parse_error pe;
	int r = parse(src, got, sizeof got, &pe);
	ok(r < 0 && pe.incomplete == want, what);
}

static const char *const corpus[] = {
	"import numpy as np\na = np.zeros((3, 4), dtype=np.float32)\nb = a[1:, ::2] @ a.T\nprint(f'{b.sum():.3f}')\n",
	"def f(x, *args, k=1, **kw):\n    '''doc'''\n    global g\n    if x > 0 and not k:\n        return [i * i for i in range(x) if i % 2]\n    elif x < -1:\n        raise ValueError('neg')\n    else:\n        return {k: v for k, v in kw.items()}\n",
	"try:\n    y = 1 / 0\nexcept (ZeroDivisionError, TypeError) as e:\n    print(e)\nelse:\n    pass\nfinally:\n    del y\n",
	"with cp.cuda.Device(0) as d, cp.cuda.Stream():\n    x = lambda a, b=2: a if a else b\n    x += 1; y, *z = 1, 2, 3\n",
	"while True:\n    for i, (a, b) in enumerate(zip(p, q)):\n        continue\n    break\nelse:\n    assert x, 'm'\n",
	"%timeit a @ b\nnp.zeros?\nx = -2 ** -3 < y <= z != w is not None\ns = r'\\d' \"x\" f\"{a!r:>{w}}\"\n",
	"a[..., None, 1:2:3] = b[[0, 1], mask]\nc = {**d, 'k': [*l, 1]}\nfrom cupyx.scipy import ndimage as ndi\n",
};

int main(void)
{
	pyobj_register();   /* big-int and bytes literals */
	shape("x = 1 + 2 * 3", "Assign(BinOp(Const,BinOp(Const,Const)),Name)", "precedence: * over +");
	shape("x = (1 + 2) * 3", "Assign(BinOp(BinOp(Const,Const),Const),Name)", "parentheses");
	shape("-2 ** 2", "Expr(UnOp(BinOp(Const,Const)))", "** binds tighter than unary minus");
	shape("2 ** -1", "Expr(BinOp(Const,Const))", "unary minus folds into a constant");
	shape("2 ** 3 ** 2", "Expr(BinOp(Const,BinOp(Const,Const)))", "** is right associative");
	shape("a - b - c", "Expr(BinOp(BinOp(Name,Name),Name))", "- is left associative");
	shape("a | b ^ c & d << e + f", "Expr(BinOp(Name,BinOp(Name,BinOp(Name,BinOp(Name,BinOp(Name,Name))))))",
	      "bitwise precedence chain");
	shape("a < b < c", "Expr(Cmp(Name,Name,Name))", "chained comparison");
	shape("not a and b or c", "Expr(Or(And(UnOp(Name),Name),Name))", "boolean precedence");
	shape("x if c else y", "Expr(IfExp(Name,Name))", "conditional expression");
	shape("f(a, *b, k=1, **d)", "Expr(Call(Name,Name,Star(Name)))", "call arguments");
	shape("a.b[1:2, ::3, ...]", "Expr(Sub(Attr(Name),Tuple(Slice(Const,Const),Slice,Const)))", "subscripts");
	shape("[x for x in y if x]", "Expr(ListComp(Name,For(Name,Name),If(Name)))" , "list comprehension");
	shape("a, b = b, a", "Assign(Tuple(Name,Name),Tuple(Name,Name))", "tuple swap");
	shape("a = b = 1", "Assign(Const,Name,Name)", "chained assignment");
	shape("x += 1", "AugAssign(Name,Const)", "augmented assignment");
	shape("x?", "Help", "help syntax");
	shape("%time f()", "Magic", "magic line");
	shape("if a:\n    b\nelif c:\n    d\nelse:\n    e\n", "If(Name,Expr(Name))", "if/elif/else");
	shape("def f(a, b=1):\n    return a\n", "Def", "def");
	shape("x = 1; y = 2;", "Assign(Const,Name);Assign(Const,Name)", "semicolons");
	shape("f(x for x in y)", "Expr(Call(Name,ListComp(Name,For(Name,Name))))", "generator argument");
	shape("print(f'{x:.2f} {y!r}')", "Expr(Call(Name,FStr(Fmt(Name,FStr(Const)),Const,Fmt(Name))))", "f-string");

	bad("x = (1,", "'(' was never closed", 1, 5, "unclosed paren");
	bad("if x\n    pass", "expected ':'", 1, 5, "missing colon");
	bad("def f():\npass", "expected an indented block after function definition on line 1", 2, 1,
	    "missing block");
	bad("  x = 1", "unexpected indent", 1, -1, "unexpected indent");
	shape("class A(B):\n    x = 1\n", "Class(Name)", "class statement");
	shape("x = {1, *y}", "Assign(Set(Const,Star(Name)),Name)", "set literal");
	shape("x = {a for a in b}", "Assign(ListComp(Name,For(Name,Name)),Name)", "set comprehension");
	shape("def g():\n    yield 1\n", "Def", "generator function");
	shape("@d\n@e(1)\ndef f(): pass", "Def", "decorated def");
	bad("yield 1", "'yield' outside function", 1, 1, "yield outside function");
	bad("class A:\n    yield 1\n", "'yield' outside function", 2, 5, "yield in a class body");
	bad("class A:\n    return 1\n", "'return' outside function", 2, 5, "return in a class body");
	bad("@d\nx = 1", "invalid syntax", 2, 1, "decorator before a statement");
	bad("(y := 1)", "':=' (assignment expressions) is not supported by Lumen", 1, 4, "walrus is named");
	bad("async def f(): pass", "'async' is not supported by Lumen", 1, 1, "async is named");
	bad("match x:\n    case 1: pass\n", "'match' is not supported by Lumen", 1, 1, "match is named");
	bad("f() = 1", "cannot assign to function call here. Maybe you meant '==' instead of '='?", 1, 1,
	    "assignment to call");
	bad("return 1", "'return' outside function", 1, 1, "return outside function");
	bad("break", "'break' outside loop", 1, 1, "break outside loop");
	bad("x = 5 if y", "expected 'else' after 'if' expression", 1, 5, "if without else");
	bad("a b", "invalid syntax", 1, 3, "two names");
	bad("print 'x'", "Missing parentheses in call to 'print'. Did you mean print(...)?", 1, 1, "print statement");
	bad("x = [1, 2\ny = 3", "'[' was never closed", 1, 5, "bracket never closed");
	bad("f(a=1, 2)", "positional argument follows keyword argument", 1, 8, "positional after keyword");
	bad("def f(x, x): pass", "duplicate argument 'x' in function definition", 1, 10, "duplicate argument");

	incomplete("if x:", 1, "header without block is incomplete");
	incomplete("x = [1,\n", 1, "open bracket is incomplete");
	incomplete("s = '''abc", 1, "open triple string is incomplete");
	incomplete("x = = 1", 0, "invalid is not incomplete");

	{
		char *s = malloc(20001);
		memset(s, '(', 10000);
		memset(s + 10000, ')', 10000);
		s[20000] = 0;
		char got[64];
		struct parse_error pe;
		int r = parse(s, got, sizeof got, &pe);
		ok(r < 0 && strcmp(pe.msg, "too many nested parentheses") == 0, "deep parentheses are a SyntaxError");
		/* deep unary nesting without brackets */
		for (int i = 0; i < 20000; i++)
			s[i] = i % 2 ? ' ' : '-';
		s[20000] = 0;
		strcpy(s + 19998, "1");
		r = parse(s, got, sizeof got, &pe);
		ok(r < 0, "deep unary nesting is an error, not a crash");
		free(s);
	}
	{
		/* 10 MB cell */
		size_t n = 10u << 20, k = 0;
		char *s = malloc(n + 64);
		while (k < n) {
			memcpy(s + k, "x = [1, 2.5, 'abc'] + y\n", 24);
			k += 24;
		}
		s[k] = 0;
		char got[64];
		struct parse_error pe;
		struct arena *a = arena_new(s, k, "<big>");
		struct nlist body;
		int r = parse_cell(a, &body, &pe);
		ok(r == 0 && body.n == (int)(k / 24), "10 MB cell parses");
		arena_decref(a);
		(void)got;
		free(s);
	}
	{
		unsigned seed = 7;
		int runs = 0;
		char buf[600], got[256];
		struct parse_error pe;
		for (size_t c = 0; c < sizeof corpus / sizeof corpus[0]; c++) {
			size_t len = strlen(corpus[c]);
			ok(parse(corpus[c], got, sizeof got, &pe) == 0, "corpus program parses");
			for (size_t k = 0; k <= len; k++) {
				char *t = strndup(corpus[c], k);
				parse(t, got, sizeof got, &pe);
				free(t);
				runs++;
			}
			/* mutations: replace, delete, duplicate bytes */
			for (int it = 0; it < 3000; it++) {
				size_t n = len < sizeof buf - 1 ? len : sizeof buf - 1;
				memcpy(buf, corpus[c], n);
				buf[n] = 0;
				for (int m = 0; m < 1 + rand_r(&seed) % 4; m++) {
					size_t pos = (size_t)rand_r(&seed) % (n ? n : 1);
					static const char alpha[] = "()[]{}:,.=+-*/%@'\"\\\n\t #?!ab1_";
					int op = rand_r(&seed) % 3;
					if (op == 0 && n)
						buf[pos] = alpha[rand_r(&seed) % (sizeof alpha - 1)];
					else if (op == 1 && n) {
						memmove(buf + pos, buf + pos + 1, n - pos);
						n--;
					} else if (n + 1 < sizeof buf) {
						memmove(buf + pos + 1, buf + pos, n - pos + 1);
						n++;
					}
				}
				parse(buf, got, sizeof got, &pe);
				runs++;
			}
		}
		for (int it = 0; it < 20000; it++) {
			size_t n = (size_t)(rand_r(&seed) % 300);
			for (size_t i = 0; i < n; i++) {
				static const char alpha[] = "abc def if for in x y 0 1 ( ) [ ] { } : , . = + - * ** / % @ ' \" \\ \n \t lambda not and or return yield ?";
				buf[i] = (rand_r(&seed) % 8) ? alpha[rand_r(&seed) % (sizeof alpha - 1)] : (char)rand_r(&seed);
			}
			buf[n] = 0;
			parse(buf, got, sizeof got, &pe);
			runs++;
		}
		ok(runs > 40000, "fuzz: random, truncated and mutated programs parse or fail cleanly");
	}
	printf("1..%d\n", nt);
	return nfail ? 1 : 0;
}
