/*
 * ukjit.c — cupyx.jit for both backends: @jit.rawkernel() keeps a Python
 * function; its first call with each set of argument types translates the
 * body (a subset: arithmetic, comparisons, if/while/for over range, local
 * scalars, array indexing through each array's shape and item strides (any
 * view, as CuPy's CArray), threadIdx/blockIdx/blockDim/gridDim, grid and
 * gridsize, syncthreads, shared_memory, atomics, math functions) into CUDA C,
 * and runs it as cp.RawKernel (NVRTC on the GPU; the system C++ compiler in
 * host mode, where shared memory and syncthreads are a named error).  Owns
 * the kernel objects and their per-signature cache; never runs the body in
 * the evaluator, and names what it cannot translate (NotImplementedError;
 * what CuPy's jit refuses too, with CuPy's type: a list is a ValueError,
 * print() a TypeError).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/value.h"
#include "lang/error.h"
#include "lang/args.h"
#include "lang/eval.h"
#include "lang/strbuf.h"
#include "array/arrapi.h"
#include "array/arrfuncs.h"
#include "array/ndarray.h"
#include "array/dtype.h"
#include "backend/ukparse.h"

/* ---- the objects of cupyx.jit ---- */

/* threadIdx, blockIdx, blockDim, gridDim: names the translator reads */
struct jdim { const char *name; };
static const struct jdim dims[4] = {{"threadIdx"}, {"blockIdx"}, {"blockDim"}, {"gridDim"}};

static char *jdim_repr(struct eval *ev, struct value *self)
{
	(void)ev;
	const struct jdim *d = self->u.obj.p;
	char buf[64];
	snprintf(buf, sizeof buf, "<Data code = \"%s\", type = dim3>", d->name);   /* CuPy's repr */
	return strdup(buf);
}

static struct value *jdim_getattr(struct eval *ev, struct value *self, const char *name)
{
	const struct jdim *d = self->u.obj.p;
	if (!strcmp(name, "x") || !strcmp(name, "y") || !strcmp(name, "z"))
		return err_set(ev, TY_RuntimeError, "cupyx.jit.%s.%s is only meaningful inside a kernel "
			       "(@cupyx.jit.rawkernel)", d->name, name);
	return NULL;
}

static const char *const jdim_attrs[] = {"x", "y", "z", NULL};
static const struct objtype jdim_type = {
	.name = "Dim3", .repr = jdim_repr, .getattr = jdim_getattr, .attrs = jdim_attrs,
};

/* the functions only a kernel can call: their builtins are recognised by fn */
static struct value *fn_inkernel(struct eval *ev, const char *name)
{
	return err_set(ev, TY_RuntimeError, "cupyx.jit.%s() can be called only inside a kernel "
		       "(@cupyx.jit.rawkernel)", name);
}

/* ---- a translated kernel: one per argument signature ---- */

struct jsig {
	char *key;               /* "f4:1,f4:1,u4" */
	struct value *kernel;    /* cp.RawKernel */
	struct jsig *next;
};

struct jkernel {
	struct value *fn;        /* the Python function (VT_FUNCTION) */
	struct jsig *sigs;
};

static const struct objtype jkernel_type;

static void jkernel_free(void *p)
{
	struct jkernel *k = p;
	val_decref(k->fn);
	for (struct jsig *s = k->sigs, *n; s; s = n) {
		n = s->next;
		free(s->key);
		val_decref(s->kernel);
		free(s);
	}
	free(k);
}

/* ---- the translator ---- */

#define MAXARR 16
#define MAXLOC 64

enum { W_NONE, W_INT, W_FLOAT, W_BOOL }; /* a Python literal: weak (NEP 50) */

/* an expression: C text and type, or a value known at translation time
 * (a module, jit's objects, a global constant), or an array */
struct jx {
	char *c;        /* malloc'd C text (NULL: k or arr) */
	int dt;         /* dtype of c */
	int weak;       /* W_*: a Python literal's kind; dt is its default dtype */
	struct value *k;/* a compile-time value (new reference) */
	int arr;        /* an array's index, or -1 */
	int ntup;       /* jit.grid(2): a tuple of ntup C expressions in tup[] */
	char *tup[3];
};

struct jarr { const char *name; int dt, ndim, shared; };
struct jloc { const char *name; int dt; int set; };

struct jtr {
	struct eval *ev;
	struct function *f;
	struct sbuf body;
	struct sbuf decl;
	struct jarr arr[MAXARR];
	int narr;
	struct jloc loc[MAXLOC];
	int nloc;
	int changed;      /* a local's type changed in this pass */
	int nparloc;      /* loc[0..nparloc): the scalar parameters, of fixed types */
	int depth;        /* indentation */
	int nshared;
	int in_loop;
	int uses_helpers;
};

static const char *ctype(int dt)
{
	static const char *const t[DT_COUNT] = {"bool", "signed char", "short", "int", "long long",
		"unsigned char", "unsigned short", "unsigned int", "unsigned long long", NULL,
		"float", "double", NULL, NULL};
	return t[dt];
}

static void jx_clear(struct jx *x)
{
	free(x->c);
	val_decref(x->k);
	for (int i = 0; i < x->ntup; i++)
		free(x->tup[i]);
	memset(x, 0, sizeof *x);
	x->arr = -1;
}

static char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static char *fmt(const char *f, ...)
{
	va_list ap;
	va_start(ap, f);
	char *s = NULL;
	if (vasprintf(&s, f, ap) < 0)
		s = NULL;
	va_end(ap);
	return s;
}

static int unsupported(struct jtr *t, const struct node *n, const char *what)
{
	err_set(t->ev, TY_NotImplementedError, "cupyx.jit.rawkernel: %s is outside what Lumen translates "
		"(line %d of %s)", what, n ? n->line - t->f->fd->line + 1 : 0, t->f->fd->name);
	return -1;
}

static int find_arr(struct jtr *t, const char *name)
{
	for (int i = 0; i < t->narr; i++)
		if (!strcmp(t->arr[i].name, name))
			return i;
	return -1;
}

static struct jloc *find_loc(struct jtr *t, const char *name)
{
	for (int i = 0; i < t->nloc; i++)
		if (!strcmp(t->loc[i].name, name))
			return &t->loc[i];
	return NULL;
}

/* a local assigned in the body (the function's locals, parameters aside) */
static int is_local_name(struct jtr *t, const char *name)
{
	const struct funcdef *fd = t->f->fd;
	for (int i = 0; i < fd->nlocals; i++)
		if (!strcmp(fd->locals[i], name))
			return 1;
	return 0;
}

/* the dtype of a weak literal on its own */
static int settle(const struct jx *x)
{
	return x->weak == W_INT ? DT_INT64 : x->weak == W_FLOAT ? DT_FLOAT64 : x->weak == W_BOOL ? DT_BOOL : x->dt;
}

/* the type of a op b (NEP 50: a Python literal takes the other's type) */
static int promote(const struct jx *a, const struct jx *b)
{
	if (a->weak && b->weak)
		return dt_promote(settle(a), settle(b));
	if (a->weak)
		return dt_promote_weak(b->dt, a->weak == W_INT ? VT_INT : a->weak == W_FLOAT ? VT_FLOAT : VT_BOOL);
	if (b->weak)
		return dt_promote_weak(a->dt, b->weak == W_INT ? VT_INT : b->weak == W_FLOAT ? VT_FLOAT : VT_BOOL);
	return dt_promote(a->dt, b->dt);
}

static int expr(struct jtr *t, const struct node *n, struct jx *out);

static int kval(struct jtr *t, const struct node *n, struct jx *out);

/* n as a C scalar expression */
static int scalar(struct jtr *t, const struct node *n, struct jx *out)
{
	if (expr(t, n, out) < 0)
		return -1;
	return out->c ? 0 : kval(t, n, out);
}

/* a value known at translation time (out->k) as a C scalar */
static int kval(struct jtr *t, const struct node *n, struct jx *out)
{
	struct value *k = out->k;
	if (k && (k->type == VT_INT || k->type == VT_BOOL || k->type == VT_FLOAT)) {
		/* a global constant: its value, as a weak literal */
		char buf[64];
		if (k->type == VT_FLOAT) {
			snprintf(buf, sizeof buf, "%.17g", k->u.f);
			if (!strpbrk(buf, ".eEn"))
				strcat(buf, ".0");
		} else {
			snprintf(buf, sizeof buf, k->type == VT_BOOL ? "%lld" : "%lldLL", (long long)k->u.i);
		}
		int w = k->type == VT_INT ? W_INT : k->type == VT_FLOAT ? W_FLOAT : W_BOOL;
		jx_clear(out);
		out->c = strdup(buf);
		out->weak = w;
		out->dt = settle(out);
		return 0;
	}
	if (k && k->type == VT_SCALAR && ctype(k->u.sc.dtype)) {
		union scalar_data v = k->u.sc.v;
		int dt = k->u.sc.dtype;
		jx_clear(out);
		out->c = dt_is_float(dt) ? fmt("((%s)%.17g)", ctype(dt), v.f)
			: dtype_table[dt].kind == DK_UINT ? fmt("((%s)%lluULL)", ctype(dt), (unsigned long long)v.u)
			: fmt("((%s)%lldLL)", ctype(dt), (long long)v.i);
		out->dt = dt;
		return 0;
	}
	if (out->arr >= 0)
		return unsupported(t, n, "an array used as a scalar");
	return unsupported(t, n, "this name or value inside a kernel");
}

static char *cast(int dt, const struct jx *x)
{
	return fmt("((%s)(%s))", ctype(dt), x->c);
}

/* arr[idx]: the element's C lvalue */
static char *element(struct jtr *t, const struct node *n, int ai)
{
	const struct jarr *a = &t->arr[ai];
	const struct node *key = n->b;
	int nk = key->kind == N_TUPLE ? key->l.n : 1;
	if (nk != a->ndim && !(a->shared && nk == 1))
		return unsupported(t, n, "indexing with fewer or more indices than the array has dimensions"),
		       (char *)NULL;
	struct sbuf b = {0};
	sb_printf(&b, "%s[", a->name);
	for (int i = 0; i < nk; i++) {
		struct jx x = {.arr = -1};
		const struct node *k = key->kind == N_TUPLE ? key->l.v[i] : key;
		if (k->kind == N_SLICE) {
			free(b.s);
			return unsupported(t, n, "slicing an array"), (char *)NULL;
		}
		if (scalar(t, k, &x) < 0) {
			free(b.s);
			return NULL;
		}
		if (!dt_is_int(x.dt) && x.dt != DT_BOOL) {
			jx_clear(&x);
			free(b.s);
			err_set(t->ev, TY_IndexError, "cupyx.jit: array indices must be integers");
			return NULL;
		}
		if (i)
			sb_adds(&b, " + ");
		/* the item strides (CuPy's kernels take any strided array) */
		sb_printf(&b, "(long long)(%s) * %s_t%d", x.c, a->name, i);
		jx_clear(&x);
	}
	sb_addc(&b, ']');
	return sb_take(&b);
}

static int is_builtin_fn(const struct value *v, builtin_fn fn)
{
	return v && v->type == VT_BUILTIN && v->u.bi.fn == fn;
}

static struct value *fn_grid(struct eval *, const struct builtin *, int, struct value **, const struct kwargs *);
static struct value *fn_gridsize(struct eval *, const struct builtin *, int, struct value **, const struct kwargs *);
static struct value *fn_syncthreads(struct eval *, const struct builtin *, int, struct value **, const struct kwargs *);
static struct value *fn_shared_memory(struct eval *, const struct builtin *, int, struct value **, const struct kwargs *);
static struct value *fn_atomic(struct eval *, const struct builtin *, int, struct value **, const struct kwargs *);
static struct value *fn_laneid(struct eval *, const struct builtin *, int, struct value **, const struct kwargs *);

/* the C function of math.X / cupy.X / numpy.X with one or two float arguments */
static const char *math_fn(const char *name, int *nargs)
{
	static const char *const one[] = {"sqrt", "exp", "log", "sin", "cos", "tan", "tanh", "sinh", "cosh",
		"floor", "ceil", "fabs", "log10", "log2", "exp2", "erf", "erfc", "asin", "acos", "atan",
		"asinh", "acosh", "atanh", "expm1", "log1p", "cbrt", "trunc", "rint", NULL};
	static const char *const two[] = {"pow", "atan2", "hypot", "fmod", "copysign", NULL};
	for (int i = 0; one[i]; i++)
		if (!strcmp(name, one[i])) {
			*nargs = 1;
			return one[i];
		}
	for (int i = 0; two[i]; i++)
		if (!strcmp(name, two[i])) {
			*nargs = 2;
			return two[i];
		}
	if (!strcmp(name, "arctan2") || !strcmp(name, "power")) {
		*nargs = 2;
		return !strcmp(name, "power") ? "pow" : "atan2";
	}
	if (!strcmp(name, "absolute")) {
		*nargs = 1;
		return "fabs";
	}
	return NULL;
}

/* the dtype a cast names: cupy.float32, numpy.int32, int, float, bool; -1 none */
static int cast_dtype(const struct value *k)
{
	if (k->type == VT_DTYPE)
		return ctype(k->u.dt.dtype) ? k->u.dt.dtype : -1;
	if (k->type == VT_TYPE)
		return k->u.ty == TY_INT ? DT_INT64 : k->u.ty == TY_FLOAT ? DT_FLOAT64 : k->u.ty == TY_BOOL ? DT_BOOL : -1;
	return -1;
}

/* jit.atomic_OP(array, index, value) as CUDA's atomics, which exist for
 * 32-bit ints, unsigned long long, float (add, exch) and double (add):
 * int64 goes through unsigned long long (two's complement), sub as add of -v */
static char *atomic(struct jtr *t, const struct node *n, const char *op, int dt, const char *el, const char *v)
{
	int add = !strcmp(op, "add"), sub = !strcmp(op, "sub"), exch = !strcmp(op, "exch");
	const char *ct = ctype(dt);
	switch (dt) {
	case DT_INT32:
	case DT_UINT32:
		return fmt("atomic%s%s(&%s, (%s)(%s))", op[0] == 'a' ? "A" : op[0] == 's' ? "S" : op[0] == 'm' ? "M" : "E",
			   op + 1, el, ct, v);
	case DT_INT64:
		if (add || sub || exch)
			return fmt("(long long)atomic%s((unsigned long long *)&%s, (unsigned long long)(%s(long long)(%s)))",
				   exch ? "Exch" : "Add", el, sub ? "-" : "", v);
		return fmt("atomic%s((long long *)&%s, (long long)(%s))", !strcmp(op, "max") ? "Max" : "Min", el, v);
	case DT_UINT64:
		if (sub)
			return fmt("atomicAdd(&%s, 0ULL - (unsigned long long)(%s))", el, v);
		return fmt("atomic%s(&%s, (unsigned long long)(%s))", add ? "Add" : exch ? "Exch"
			   : !strcmp(op, "max") ? "Max" : "Min", el, v);
	case DT_FLOAT32:
	case DT_FLOAT64:
		if (add || sub)
			return fmt("atomicAdd(&%s, %s(%s)(%s))", el, sub ? "-" : "", ct, v);
		if (exch && dt == DT_FLOAT32)
			return fmt("atomicExch(&%s, (float)(%s))", el, v);
		break;
	default:
		break;
	}
	char what[96];
	snprintf(what, sizeof what, "jit.atomic_%s on an array of %s", op, dtype_table[dt].name);
	return unsupported(t, n, what), (char *)NULL;
}

static int call(struct jtr *t, const struct node *n, struct jx *out)
{
	struct jx f = {.arr = -1};
	if (n->l2.n)
		return unsupported(t, n, "a keyword argument in a kernel's call");
	if (expr(t, n->a, &f) < 0)
		return -1;
	struct value *k = f.k;
	int argc = n->l.n, rc = -1;
	struct jx a[3] = {{.arr = -1}, {.arr = -1}, {.arr = -1}};
	if (!k) {
		jx_clear(&f);
		return unsupported(t, n, "calling a value computed in the kernel");
	}
	if (is_builtin_fn(k, fn_grid) || is_builtin_fn(k, fn_gridsize)) {
		int grid = is_builtin_fn(k, fn_grid);
		const struct node *d = argc == 1 ? n->l.v[0] : NULL;
		if (!d || d->kind != N_CONST || d->v->type != VT_INT || d->v->u.i < 1 || d->v->u.i > 3) {
			jx_clear(&f);
			return unsupported(t, n, "jit.grid()/gridsize() without a constant 1, 2 or 3");
		}
		int nd = (int)d->v->u.i;
		static const char xyz[] = "xyz";
		for (int i = 0; i < nd; i++)
			out->tup[i] = grid ? fmt("(blockIdx.%c * blockDim.%c + threadIdx.%c)", xyz[i], xyz[i], xyz[i])
				: fmt("(blockDim.%c * gridDim.%c)", xyz[i], xyz[i]);
		out->dt = DT_UINT32;
		if (nd == 1) {
			out->c = out->tup[0];
			out->tup[0] = NULL;
		} else {
			out->ntup = nd;
		}
		rc = 0;
	} else if (is_builtin_fn(k, fn_syncthreads)) {
		out->c = strdup("__syncthreads()");
		out->dt = DT_BOOL;
		rc = 0;
	} else if (is_builtin_fn(k, fn_laneid)) {
		out->c = strdup("(threadIdx.x % 32u)");
		out->dt = DT_UINT32;
		rc = 0;
	} else if (is_builtin_fn(k, fn_shared_memory)) {
		rc = unsupported(t, n, "jit.shared_memory() outside `name = jit.shared_memory(dtype, size)`");
	} else if (is_builtin_fn(k, fn_atomic)) {
		/* atomic_add(array, index, value) */
		const char *op = k->u.bi.name;
		if (argc != 3 || n->l.v[0]->kind != N_NAME || find_arr(t, n->l.v[0]->s) < 0) {
			jx_clear(&f);
			return unsupported(t, n, "an atomic operation other than atomic_op(array, index, value)");
		}
		int ai = find_arr(t, n->l.v[0]->s);
		struct node sub = *n;
		sub.kind = N_SUBSCRIPT;
		sub.b = n->l.v[1];
		char *el = element(t, &sub, ai);
		if (!el || scalar(t, n->l.v[2], &a[0]) < 0) {
			free(el);
			goto done;
		}
		int dt = t->arr[ai].dt;
		out->c = atomic(t, n, op + 7, dt, el, a[0].c);
		out->dt = dt;
		free(el);
		rc = out->c ? 0 : -1;
	} else if (cast_dtype(k) >= 0) {
		if (argc != 1 || scalar(t, n->l.v[0], &a[0]) < 0) {
			if (argc != 1)
				unsupported(t, n, "a cast with other than one argument");
			goto done;
		}
		out->dt = cast_dtype(k);
		out->c = cast(out->dt, &a[0]);
		rc = 0;
	} else if (k->type == VT_BUILTIN) {
		const char *name = k->u.bi.name;
		int want = 0;
		const char *mf = math_fn(name, &want);
		if (!strcmp(name, "len") && argc == 1 && n->l.v[0]->kind == N_NAME && find_arr(t, n->l.v[0]->s) >= 0) {
			out->c = fmt("%s_s0", n->l.v[0]->s);
			out->dt = DT_INT64;
			rc = 0;
		} else if ((!strcmp(name, "min") || !strcmp(name, "max") || !strcmp(name, "minimum") ||
			    !strcmp(name, "maximum")) && argc == 2) {
			if (scalar(t, n->l.v[0], &a[0]) < 0 || scalar(t, n->l.v[1], &a[1]) < 0)
				goto done;
			int dt = promote(&a[0], &a[1]);
			char *x = cast(dt, &a[0]), *y = cast(dt, &a[1]);
			out->c = fmt("%s(%s, %s)", name[1] == 'i' ? "min" : "max", x, y);
			out->dt = dt;
			free(x);
			free(y);
			rc = 0;
		} else if (!strcmp(name, "abs") && argc == 1) {
			if (scalar(t, n->l.v[0], &a[0]) < 0)
				goto done;
			out->dt = settle(&a[0]);
			out->c = dt_is_float(out->dt) ? fmt("fabs(%s)", a[0].c)
				: dtype_table[out->dt].kind == DK_UINT || out->dt == DT_BOOL ? strdup(a[0].c)
				: fmt("((%s)((%s) < 0 ? -(%s) : (%s)))", ctype(out->dt), a[0].c, a[0].c, a[0].c);
			rc = 0;
		} else if (mf && argc == want) {
			for (int i = 0; i < argc; i++)
				if (scalar(t, n->l.v[i], &a[i]) < 0)
					goto done;
			int dt = argc == 2 ? promote(&a[0], &a[1]) : settle(&a[0]);
			if (!dt_is_float(dt))
				dt = DT_FLOAT64;
			if (!strcmp(mf, "floor") || !strcmp(mf, "ceil") || !strcmp(mf, "trunc")) {
				/* math.floor gives an int in Python; cupy.floor a float */
				const char *mod = k->u.bi.qualname ? k->u.bi.qualname : "";
				if (!strncmp(mod, "math.", 5)) {
					char *x = cast(dt, &a[0]);
					out->c = fmt("((long long)%s(%s))", mf, x);
					free(x);
					out->dt = DT_INT64;
					rc = 0;
					goto done;
				}
			}
			char *x = cast(dt, &a[0]), *y = argc == 2 ? cast(dt, &a[1]) : NULL;
			out->c = y ? fmt("%s(%s, %s)", mf, x, y) : fmt("%s(%s)", mf, x);
			out->dt = dt;
			free(x);
			free(y);
			rc = 0;
		} else if (!strcmp(name, "print")) {
			/* CuPy's jit: TypeError "Invalid function call 'print'." */
			err_set(t->ev, TY_TypeError, "cupyx.jit.rawkernel: invalid function call 'print' "
				"(line %d of %s)", n->line - t->f->fd->line + 1, t->f->fd->name);
			rc = -1;
		} else {
			char what[160];
			snprintf(what, sizeof what, "calling %s()", k->u.bi.qualname ? k->u.bi.qualname : name);
			rc = unsupported(t, n, what);
		}
	} else {
		rc = unsupported(t, n, "calling this object in a kernel");
	}
done:
	jx_clear(&f);
	for (int i = 0; i < 3; i++)
		jx_clear(&a[i]);
	return rc;
}

static const char *binop_c(int op)
{
	static const char *const c[] = {"+", "-", "*", "/", "//", "%", "**", "@", "<<", ">>", "&", "|", "^"};
	return op < (int)(sizeof c / sizeof c[0]) ? c[op] : "?";
}

static int binop(struct jtr *t, const struct node *n, int op, struct jx *l, struct jx *r, struct jx *out)
{
	int dt = promote(l, r);
	int both_weak = l->weak && r->weak;
	char *x, *y;
	if (op == OP_MATMUL)
		return unsupported(t, n, "the @ operator");
	if ((op == OP_LSHIFT || op == OP_RSHIFT || op == OP_AND || op == OP_OR || op == OP_XOR) &&
	    !(dt_is_int(dt) || dt == DT_BOOL))
		return err_set(t->ev, TY_TypeError, "cupyx.jit: %s needs integer operands", binop_c(op)), -1;
	if (op == OP_TRUEDIV && !dt_is_float(dt))
		dt = DT_FLOAT64;
	if (dt == DT_BOOL && (op == OP_ADD || op == OP_SUB || op == OP_MUL || op == OP_FLOORDIV ||
			      op == OP_MOD || op == OP_POW))
		dt = DT_INT64;
	x = cast(dt, l);
	y = cast(dt, r);
	switch (op) {
	case OP_FLOORDIV:
		out->c = dt_is_float(dt) ? fmt("floor(%s / %s)", x, y) : fmt("lm_ifloordiv(%s, %s)", x, y);
		t->uses_helpers = 1;
		break;
	case OP_MOD:
		out->c = dt_is_float(dt) ? fmt("lm_fmod(%s, %s)", x, y) : fmt("lm_imod(%s, %s)", x, y);
		t->uses_helpers = 1;
		break;
	case OP_POW:
		out->c = dt_is_float(dt) ? fmt("pow(%s, %s)", x, y) : fmt("lm_ipow(%s, %s)", x, y);
		t->uses_helpers = 1;
		break;
	default:
		out->c = fmt("((%s)(%s %s %s))", ctype(dt), x, binop_c(op), y);
		break;
	}
	free(x);
	free(y);
	out->dt = dt;
	if (both_weak && op != OP_TRUEDIV)
		out->weak = l->weak == W_FLOAT || r->weak == W_FLOAT ? W_FLOAT : W_INT;
	return out->c ? 0 : (err_nomem(t->ev), -1);
}

static int compare(struct jtr *t, const struct node *n, struct jx *out)
{
	static const char *const cop[] = {"<", "<=", "==", "!=", ">", ">="};
	struct sbuf b = {0};
	struct jx prev = {.arr = -1};
	if (scalar(t, n->l.v[0], &prev) < 0)
		return -1;
	for (int i = 1; i < n->l.n; i++) {
		struct jx cur = {.arr = -1};
		if (n->ops[i - 1] > CMP_GE) {
			jx_clear(&prev);
			free(b.s);
			return unsupported(t, n, "in / is comparisons");
		}
		if (scalar(t, n->l.v[i], &cur) < 0) {
			jx_clear(&prev);
			free(b.s);
			return -1;
		}
		int dt = promote(&prev, &cur);
		char *x = cast(dt, &prev), *y = cast(dt, &cur);
		sb_printf(&b, "%s(%s %s %s)", i > 1 ? " && " : "", x, cop[n->ops[i - 1]], y);
		free(x);
		free(y);
		jx_clear(&prev);
		prev = cur;
	}
	jx_clear(&prev);
	out->c = fmt("(%s)", b.s ? b.s : "true");
	free(b.s);
	out->dt = DT_BOOL;
	return 0;
}

static int expr(struct jtr *t, const struct node *n, struct jx *out)
{
	struct jx a = {.arr = -1}, b = {.arr = -1}, c = {.arr = -1};
	int rc = -1;
	memset(out, 0, sizeof *out);
	out->arr = -1;
	switch (n->kind) {
	case N_CONST:
		if (n->v->type == VT_INT || n->v->type == VT_BOOL || n->v->type == VT_FLOAT) {
			out->k = val_incref(n->v);
			return kval(t, n, out);
		}
		return unsupported(t, n, "a constant other than a number");
	case N_NAME: {
		int ai = find_arr(t, n->s);
		if (ai >= 0) {
			out->arr = ai;
			return 0;
		}
		struct jloc *l = find_loc(t, n->s);
		if (l) {
			if (!l->set)
				return unsupported(t, n, "a local variable read before any assignment to it");
			out->c = strdup(n->s);
			out->dt = l->dt;
			return 0;
		}
		if (is_local_name(t, n->s))
			return unsupported(t, n, "a local variable read before any assignment to it");
		/* a global: known now */
		struct value *v = dict_getstr_borrow(t->f->globals, n->s);
		if (!v)
			v = dict_getstr_borrow(t->ev->builtins, n->s);
		if (!v)
			return err_set(t->ev, TY_NameError, "name '%s' is not defined", n->s), -1;
		out->k = val_incref(v);
		return 0;
	}
	case N_ATTR: {
		if (expr(t, n->a, &a) < 0)
			return -1;
		if (a.arr >= 0) {
			const struct jarr *ar = &t->arr[a.arr];
			if (!strcmp(n->s, "size")) {
				struct sbuf s = {0};
				sb_addc(&s, '(');
				for (int d = 0; d < ar->ndim; d++)
					sb_printf(&s, "%s%s_s%d", d ? " * " : "", ar->name, d);
				if (!ar->ndim)
					sb_addc(&s, '1');
				sb_addc(&s, ')');
				out->c = sb_take(&s);
				out->dt = DT_INT64;
				rc = 0;
			} else if (!strcmp(n->s, "ndim")) {
				out->c = fmt("%dLL", ar->ndim);
				out->dt = DT_INT64;
				out->weak = W_INT;
				rc = 0;
			} else if (!strcmp(n->s, "shape")) {
				rc = unsupported(t, n, "an array's shape other than x.shape[constant]");
			} else {
				rc = unsupported(t, n, "this attribute of an array");
			}
		} else if (a.k && a.k->type == VT_OBJECT && a.k->u.obj.t == &jdim_type &&
			   (!strcmp(n->s, "x") || !strcmp(n->s, "y") || !strcmp(n->s, "z"))) {
			out->c = fmt("%s.%s", ((const struct jdim *)a.k->u.obj.p)->name, n->s);
			out->dt = DT_UINT32;
			rc = 0;
		} else if (a.k) {
			struct value *v = val_getattr(t->ev, a.k, n->s);
			if (v) {
				out->k = v;
				rc = 0;
			}
		} else {
			rc = unsupported(t, n, "an attribute of a value computed in the kernel");
		}
		jx_clear(&a);
		return rc;
	}
	case N_SUBSCRIPT: {
		/* x.shape[k] */
		if (n->a->kind == N_ATTR && !strcmp(n->a->s, "shape") && n->a->a->kind == N_NAME &&
		    find_arr(t, n->a->a->s) >= 0) {
			const struct jarr *ar = &t->arr[find_arr(t, n->a->a->s)];
			if (n->b->kind != N_CONST || n->b->v->type != VT_INT)
				return unsupported(t, n, "x.shape[i] with i not a constant");
			int64_t d = n->b->v->u.i < 0 ? n->b->v->u.i + ar->ndim : n->b->v->u.i;
			if (d < 0 || d >= ar->ndim)
				return err_set(t->ev, TY_IndexError, "tuple index out of range"), -1;
			out->c = fmt("%s_s%d", ar->name, (int)d);
			out->dt = DT_INT64;
			return 0;
		}
		if (expr(t, n->a, &a) < 0)
			return -1;
		if (a.arr < 0) {
			jx_clear(&a);
			return unsupported(t, n, "subscripting something other than an array");
		}
		out->c = element(t, n, a.arr);
		out->dt = t->arr[a.arr].dt;
		jx_clear(&a);
		return out->c ? 0 : -1;
	}
	case N_BINOP:
		if (scalar(t, n->a, &a) < 0 || scalar(t, n->b, &b) < 0)
			break;
		rc = binop(t, n, n->op, &a, &b, out);
		break;
	case N_UNOP:
		if (scalar(t, n->a, &a) < 0)
			break;
		out->dt = a.dt;
		out->weak = a.weak;
		if (n->op == UOP_NOT) {
			out->c = fmt("(!(%s))", a.c);
			out->dt = DT_BOOL;
			out->weak = 0;
		} else if (n->op == UOP_NEG) {
			out->c = fmt("(-(%s))", a.c);
		} else if (n->op == UOP_POS) {
			out->c = strdup(a.c);
		} else {
			if (dt_is_float(a.dt)) {
				err_set(t->ev, TY_TypeError, "cupyx.jit: ~ needs an integer operand");
				break;
			}
			out->c = a.dt == DT_BOOL ? fmt("(!(%s))", a.c) : fmt("((%s)~(%s))", ctype(a.dt), a.c);
		}
		rc = 0;
		break;
	case N_AND:
	case N_OR:
		if (scalar(t, n->a, &a) < 0 || scalar(t, n->b, &b) < 0)
			break;
		out->c = fmt("((%s) %s (%s))", a.c, n->kind == N_AND ? "&&" : "||", b.c);
		out->dt = DT_BOOL;
		rc = 0;
		break;
	case N_COMPARE:
		rc = compare(t, n, out);
		break;
	case N_IFEXP: {
		if (scalar(t, n->a, &a) < 0 || scalar(t, n->b, &b) < 0 || scalar(t, n->c, &c) < 0)
			break;
		int dt = promote(&b, &c);
		char *x = cast(dt, &b), *y = cast(dt, &c);
		out->c = fmt("((%s) ? %s : %s)", a.c, x, y);
		out->dt = dt;
		free(x);
		free(y);
		rc = 0;
		break;
	}
	case N_CALL:
		rc = call(t, n, out);
		break;
	case N_LIST: case N_DICT: case N_SET: case N_LISTCOMP: case N_DICTCOMP:
		/* CuPy's jit has none of these either: its ValueError 'Not supported: type' */
		err_set(t->ev, TY_ValueError, "cupyx.jit.rawkernel: a %s is not supported in a kernel (line %d of %s)",
			n->kind == N_LIST ? "list" : n->kind == N_DICT ? "dict" : n->kind == N_SET ? "set"
			: "comprehension", n->line - t->f->fd->line + 1, t->f->fd->name);
		rc = -1;
		break;
	default:
		rc = unsupported(t, n, "this kind of expression");
		break;
	}
	jx_clear(&a);
	jx_clear(&b);
	jx_clear(&c);
	return rc;
}

/* ---- statements ---- */

static void indent(struct jtr *t)
{
	sb_addrep(&t->body, '\t', (size_t)t->depth + 1);
}

/* local name gets a value of x's type: its C type is the promotion of all */
static struct jloc *bind(struct jtr *t, const struct node *n, const char *name, const struct jx *x)
{
	if (find_arr(t, name) >= 0)
		return unsupported(t, n, "assigning to an array parameter's name"), (struct jloc *)NULL;
	struct jloc *l = find_loc(t, name);
	int dt = settle(x);
	if (!l) {
		if (t->nloc == MAXLOC)
			return unsupported(t, n, "more than 64 local variables"), (struct jloc *)NULL;
		l = &t->loc[t->nloc++];
		l->name = name;
		l->dt = dt;
		t->changed = 1;
	} else if (l - t->loc < t->nparloc) {
		/* a scalar parameter keeps its argument's type */
	} else if (!l->set || l->dt != dt) {
		int p = l->set ? dt_promote(l->dt, dt) : l->dt;
		if (p != l->dt) {
			l->dt = p;
			t->changed = 1;
		}
	}
	l->set = 1;
	return l;
}

static int assign_to(struct jtr *t, const struct node *target, const struct node *at, struct jx *x)
{
	if (target->kind == N_NAME) {
		struct jloc *l = bind(t, at, target->s, x);
		if (!l)
			return -1;
		char *v = cast(l->dt, x);
		indent(t);
		sb_printf(&t->body, "%s = %s;\n", target->s, v);
		free(v);
		return 0;
	}
	if (target->kind == N_SUBSCRIPT && target->a->kind == N_NAME && find_arr(t, target->a->s) >= 0) {
		int ai = find_arr(t, target->a->s);
		char *el = element(t, target, ai);
		if (!el)
			return -1;
		char *v = cast(t->arr[ai].dt, x);
		indent(t);
		sb_printf(&t->body, "%s = %s;\n", el, v);
		free(el);
		free(v);
		return 0;
	}
	return unsupported(t, at, "this assignment target");
}

static int stmts(struct jtr *t, const struct nlist *l);

static int shared_decl(struct jtr *t, const struct node *s)
{
	/* name = jit.shared_memory(dtype, size) */
	const struct node *c = s->a;
	if (s->l.n != 1 || s->l.v[0]->kind != N_NAME || c->l.n != 2 || c->l2.n)
		return unsupported(t, s, "jit.shared_memory() other than `name = jit.shared_memory(dtype, size)`");
	struct jx d = {.arr = -1}, n = {.arr = -1};
	if (expr(t, c->l.v[0], &d) < 0)
		return -1;
	int dt = d.k ? cast_dtype(d.k) : -1;
	if (d.k && d.k->type == VT_TYPE && d.k->u.ty == TY_FLOAT)
		dt = DT_FLOAT64;
	jx_clear(&d);
	if (dt < 0 || dt == DT_BOOL)
		return unsupported(t, s, "jit.shared_memory() of this dtype");
	int64_t size = -1;
	if (c->l.v[1]->kind == N_CONST && c->l.v[1]->v->type == VT_INT) {
		size = c->l.v[1]->v->u.i;
	} else {
		if (expr(t, c->l.v[1], &n) < 0)
			return -1;
		if (n.k && n.k->type == VT_INT)
			size = n.k->u.i;
		jx_clear(&n);
	}
	if (size <= 0)
		return unsupported(t, s, "jit.shared_memory() whose size is not a constant positive int");
	const char *name = s->l.v[0]->s;
	if (find_arr(t, name) < 0) {
		if (t->narr == MAXARR)
			return unsupported(t, s, "more than 16 arrays");
		t->arr[t->narr++] = (struct jarr){name, dt, 1, 1};
		sb_printf(&t->decl, "\t__shared__ %s %s[%lld];\n\tconst long long %s_s0 = %lldLL, %s_t0 = 1LL;\n",
			  ctype(dt), name, (long long)size, name, (long long)size, name);
	}
	return 0;
}

static int stmt_for(struct jtr *t, const struct node *s)
{
	const struct node *it = s->b;
	if (s->a->kind != N_NAME || it->kind != N_CALL || it->a->kind != N_NAME || it->l2.n ||
	    it->l.n < 1 || it->l.n > 3 || s->l2.n)
		return unsupported(t, s, "a for loop other than `for i in range(...)`");
	struct jx f = {.arr = -1};
	if (expr(t, it->a, &f) < 0)
		return -1;
	int is_range = f.k && f.k->type == VT_TYPE && f.k->u.ty == TY_RANGE;
	if (!is_range && f.k && f.k->type == VT_BUILTIN && !strcmp(f.k->u.bi.name, "range"))
		is_range = 1;
	jx_clear(&f);
	if (!is_range)
		return unsupported(t, s, "a for loop other than `for i in range(...)`");
	struct jx r[3] = {{.arr = -1}, {.arr = -1}, {.arr = -1}};
	int na = it->l.n, rc = -1;
	for (int i = 0; i < na; i++)
		if (scalar(t, it->l.v[i], &r[i]) < 0)
			goto out;
	struct jx *start = na > 1 ? &r[0] : NULL, *stop = na > 1 ? &r[1] : &r[0], *step = na > 2 ? &r[2] : NULL;
	struct jx zero = {.c = "0", .dt = DT_INT64, .weak = W_INT, .arr = -1};
	struct jx one = {.c = "1", .dt = DT_INT64, .weak = W_INT, .arr = -1};
	if (!start)
		start = &zero;
	if (!step)
		step = &one;
	for (int i = 0; i < na; i++)
		if (!dt_is_int(r[i].dt) && r[i].dt != DT_BOOL) {
			err_set(t->ev, TY_TypeError, "'float' object cannot be interpreted as an integer");
			goto out;
		}
	struct jx ty = *start;
	ty.dt = promote(start, stop);
	ty.weak = start->weak && stop->weak ? W_INT : 0;
	ty.dt = promote(&ty, step);
	ty.weak = ty.weak && step->weak ? W_INT : 0;
	struct jloc *l = bind(t, s, s->a->s, &ty);
	if (!l)
		goto out;
	const char *v = s->a->s;
	char *a = cast(l->dt, start), *b = cast(l->dt, stop), *c = cast(l->dt, step);
	const char *cmp;
	char cmpbuf[512];
	if (step->weak && step->c[0] == '-')
		cmp = ">";
	else if (step->weak || dtype_table[step->dt].kind == DK_UINT)
		cmp = "<";
	else {
		snprintf(cmpbuf, sizeof cmpbuf, "<");
		cmp = NULL;
	}
	indent(t);
	if (cmp)
		sb_printf(&t->body, "for (%s = %s; %s %s %s; %s += %s) {\n", v, a, v, cmp, b, v, c);
	else
		sb_printf(&t->body, "for (%s = %s; (%s > 0) ? (%s < %s) : (%s > %s); %s += %s) {\n", v, a, c, v, b,
			  v, b, v, c);
	free(a);
	free(b);
	free(c);
	t->depth++;
	t->in_loop++;
	rc = stmts(t, &s->l);
	t->in_loop--;
	t->depth--;
	indent(t);
	sb_adds(&t->body, "}\n");
out:
	for (int i = 0; i < 3; i++)
		jx_clear(&r[i]);
	return rc;
}

static int stmt(struct jtr *t, const struct node *s)
{
	struct jx x = {.arr = -1};
	int rc = -1;
	switch (s->kind) {
	case S_PASS:
		return 0;
	case S_BREAK:
	case S_CONTINUE:
		indent(t);
		sb_adds(&t->body, s->kind == S_BREAK ? "break;\n" : "continue;\n");
		return 0;
	case S_RETURN:
		if (s->a)   /* CuPy: ValueError, a kernel's return type is void */
			return err_set(t->ev, TY_ValueError, "cupyx.jit.rawkernel: a kernel returns no value "
				       "(line %d of %s)", s->line - t->f->fd->line + 1, t->f->fd->name), -1;
		indent(t);
		sb_adds(&t->body, "return;\n");
		return 0;
	case S_EXPR:
		if (s->a->kind == N_CONST && s->a->v->type == VT_STR)
			return 0; /* a docstring */
		if (expr(t, s->a, &x) < 0)
			return -1;
		if (x.c) {
			indent(t);
			sb_printf(&t->body, "%s;\n", x.c);
		}
		jx_clear(&x);
		return 0;
	case S_ASSIGN: {
		if (s->a->kind == N_CALL) {
			struct jx f = {.arr = -1};
			if (expr(t, s->a->a, &f) < 0)
				return -1;
			int sh = is_builtin_fn(f.k, fn_shared_memory);
			jx_clear(&f);
			if (sh)
				return shared_decl(t, s);
		}
		if (s->l.n != 1)
			return unsupported(t, s, "chained assignment (a = b = ...)");
		const struct node *tg = s->l.v[0];
		if (tg->kind == N_TUPLE) {
			/* i, j = jit.grid(2) / a, b = x, y */
			if (s->a->kind == N_TUPLE) {
				if (s->a->l.n != tg->l.n)
					return err_set(t->ev, TY_ValueError, "too many values to unpack"), -1;
				struct jx v[8];
				int nv = tg->l.n;
				if (nv > 8)
					return unsupported(t, s, "unpacking more than 8 values");
				for (int i = 0; i < nv; i++) {
					v[i] = (struct jx){.arr = -1};
					if (scalar(t, s->a->l.v[i], &v[i]) < 0) {
						while (i--)
							jx_clear(&v[i]);
						return -1;
					}
				}
				/* through temporaries: a, b = b, a swaps */
				indent(t);
				sb_adds(&t->body, "{\n");
				for (int i = 0; i < nv; i++) {
					indent(t);
					sb_printf(&t->body, "\t%s lm_t%d = %s;\n", ctype(settle(&v[i])), i, v[i].c);
				}
				rc = 0;
				for (int i = 0; i < nv && !rc; i++) {
					struct jx tmp = {.c = fmt("lm_t%d", i), .dt = settle(&v[i]), .arr = -1};
					t->depth++;
					rc = assign_to(t, tg->l.v[i], s, &tmp);
					t->depth--;
					jx_clear(&tmp);
				}
				indent(t);
				sb_adds(&t->body, "}\n");
				for (int i = 0; i < nv; i++)
					jx_clear(&v[i]);
				return rc;
			}
			if (expr(t, s->a, &x) < 0)
				return -1;
			if (x.ntup != tg->l.n) {
				jx_clear(&x);
				return unsupported(t, s, "unpacking other than jit.grid(n) / jit.gridsize(n) or a tuple");
			}
			rc = 0;
			for (int i = 0; i < x.ntup && !rc; i++) {
				struct jx e = {.c = x.tup[i], .dt = x.dt, .arr = -1};
				rc = assign_to(t, tg->l.v[i], s, &e);
			}
			jx_clear(&x);
			return rc;
		}
		if (scalar(t, s->a, &x) < 0)
			return -1;
		rc = assign_to(t, tg, s, &x);
		jx_clear(&x);
		return rc;
	}
	case S_ANNASSIGN:
		if (!s->b)
			return 0;
		if (scalar(t, s->b, &x) < 0)
			return -1;
		rc = assign_to(t, s->a, s, &x);
		jx_clear(&x);
		return rc;
	case S_AUGASSIGN: {
		struct jx cur = {.arr = -1}, res = {.arr = -1};
		if (scalar(t, s->a, &cur) < 0)
			return -1;
		if (scalar(t, s->b, &x) < 0 || binop(t, s, s->op, &cur, &x, &res) < 0) {
			jx_clear(&cur);
			jx_clear(&x);
			return -1;
		}
		rc = assign_to(t, s->a, s, &res);
		jx_clear(&cur);
		jx_clear(&x);
		jx_clear(&res);
		return rc;
	}
	case S_IF:
		if (scalar(t, s->a, &x) < 0)
			return -1;
		indent(t);
		sb_printf(&t->body, "if (%s) {\n", x.c);
		jx_clear(&x);
		t->depth++;
		rc = stmts(t, &s->l);
		t->depth--;
		if (rc < 0)
			return -1;
		indent(t);
		if (s->l2.n) {
			sb_adds(&t->body, "} else {\n");
			t->depth++;
			rc = stmts(t, &s->l2);
			t->depth--;
			indent(t);
		}
		sb_adds(&t->body, "}\n");
		return rc;
	case S_WHILE:
		if (s->l2.n)
			return unsupported(t, s, "while ... else");
		if (scalar(t, s->a, &x) < 0)
			return -1;
		indent(t);
		sb_printf(&t->body, "while (%s) {\n", x.c);
		jx_clear(&x);
		t->depth++;
		t->in_loop++;
		rc = stmts(t, &s->l);
		t->in_loop--;
		t->depth--;
		indent(t);
		sb_adds(&t->body, "}\n");
		return rc;
	case S_FOR:
		return stmt_for(t, s);
	default:
		return unsupported(t, s, "this kind of statement");
	}
}

static int stmts(struct jtr *t, const struct nlist *l)
{
	for (int i = 0; i < l->n; i++)
		if (stmt(t, l->v[i]) < 0)
			return -1;
	return 0;
}

static const char helpers[] =
	"template <class T> __device__ __forceinline__ T lm_ifloordiv(T a, T b) {\n"
	"\tif (b == 0) return 0; T q = a / b; if ((a % b != 0) && ((a < 0) != (b < 0))) q--; return q; }\n"
	"template <class T> __device__ __forceinline__ T lm_imod(T a, T b) {\n"
	"\tif (b == 0) return 0; T r = a % b; if (r != 0 && ((r < 0) != (b < 0))) r += b; return r; }\n"
	"template <class T> __device__ __forceinline__ T lm_fmod(T a, T b) {\n"
	"\tT r = fmod(a, b); if (r != 0 && ((r < 0) != (b < 0))) r += b; return r; }\n"
	"template <class T> __device__ __forceinline__ T lm_ipow(T a, T b) {\n"
	"\tT r = 1; while (b > 0) { if (b & 1) r *= a; a *= a; b >>= 1; } return r; }\n";

/* the CUDA C of f for these arguments; *name gets the kernel's name */
static char *translate(struct eval *ev, struct function *f, int argc, struct value **argv, char **kname)
{
	const struct funcdef *fd = f->fd;
	struct jtr t = {.ev = ev, .f = f};
	char *src = NULL;
	if (argc != fd->nparams)
		return err_set(ev, TY_TypeError, "%s() takes %d arguments but %d were given", fd->name,
			       fd->nparams, argc);
	struct sbuf params = {0};
	for (int i = 0; i < fd->nparams; i++) {
		const struct param *p = &fd->params[i];
		struct ndarray *a = arr_borrow(argv[i]);
		if (p->kind)
			goto bad_param;
		if (i)
			sb_adds(&params, ", ");
		if (a && argv[i]->type == VT_NDARRAY) {
			if (!ctype(a->dtype)) {
				free(params.s);
				return err_set(ev, TY_NotImplementedError, "cupyx.jit.rawkernel: arrays of %s are outside "
					       "what Lumen translates", dtype_table[a->dtype].name);
			}
			if (t.narr == MAXARR)
				goto bad_param;
			t.arr[t.narr++] = (struct jarr){p->name, a->dtype, a->ndim, 0};
			sb_printf(&params, "%s *%s", ctype(a->dtype), p->name);
			for (int d = 0; d < a->ndim; d++)
				sb_printf(&params, ", long long %s_s%d", p->name, d);
			for (int d = 0; d < a->ndim; d++)
				sb_printf(&params, ", long long %s_t%d", p->name, d);
		} else {
			int dt = argv[i]->type == VT_SCALAR ? argv[i]->u.sc.dtype : argv[i]->type == VT_BOOL ? DT_BOOL
				: argv[i]->type == VT_INT ? DT_INT64 : argv[i]->type == VT_FLOAT ? DT_FLOAT64 : -1;
			if (dt < 0 || !ctype(dt)) {
				free(params.s);
				return err_set(ev, TY_TypeError, "cupyx.jit.rawkernel: argument '%s' of type %s is "
					       "neither a cupy array nor a real number", p->name, val_type_name(argv[i]));
			}
			if (t.nloc == MAXLOC)
				goto bad_param;
			t.loc[t.nloc++] = (struct jloc){p->name, dt, 1};
			sb_printf(&params, "%s %s", ctype(dt), p->name);
		}
	}
	/* passes until every local's type is settled */
	int nparloc = t.nparloc = t.nloc;
	for (int pass = 0; pass < 6; pass++) {
		free(t.body.s);
		free(t.decl.s);
		t.body = (struct sbuf){0};
		t.decl = (struct sbuf){0};
		t.changed = 0;
		t.narr = 0;
		for (int i = 0; i < fd->nparams; i++) {
			struct ndarray *a = arr_borrow(argv[i]);
			if (a && argv[i]->type == VT_NDARRAY)
				t.arr[t.narr++] = (struct jarr){fd->params[i].name, a->dtype, a->ndim, 0};
		}
		for (int i = nparloc; i < t.nloc; i++)
			t.loc[i].set = 0;
		if (stmts(&t, &fd->body) < 0)
			goto fail;
		if (!t.changed)
			break;
	}
	struct sbuf s = {0};
	*kname = fmt("lm_jit_%s", fd->name);
	if (t.uses_helpers)
		sb_adds(&s, helpers);
	sb_printf(&s, "extern \"C\" __global__ void %s(%s)\n{\n", *kname, params.s ? params.s : "");
	if (t.decl.s)
		sb_adds(&s, t.decl.s);
	for (int i = nparloc; i < t.nloc; i++)
		sb_printf(&s, "\t%s %s = 0;\n", ctype(t.loc[i].dt), t.loc[i].name);
	if (t.body.s)
		sb_adds(&s, t.body.s);
	sb_adds(&s, "}\n");
	src = sb_take(&s);
	if (!src)
		err_nomem(ev);
fail:
	free(params.s);
	free(t.body.s);
	free(t.decl.s);
	return src;
bad_param:
	free(params.s);
	return err_set(ev, TY_NotImplementedError, "cupyx.jit.rawkernel: %s's parameters must be plain "
		       "(no *args, **kwargs, keyword-only) and at most 16 arrays", fd->name);
}

/* "f4:1,i8" of the arguments */
static char *sig_key(struct eval *ev, int argc, struct value **argv)
{
	struct sbuf b = {0};
	for (int i = 0; i < argc; i++) {
		struct ndarray *a = argv[i]->type == VT_NDARRAY ? arr_borrow(argv[i]) : NULL;
		if (a)
			sb_printf(&b, "%sA%d:%d", i ? "," : "", a->dtype, a->ndim);
		else
			sb_printf(&b, "%sS%d", i ? "," : "", argv[i]->type == VT_SCALAR ? 100 + argv[i]->u.sc.dtype
				  : (int)argv[i]->type);
	}
	char *s = sb_take(&b);
	return s ? s : err_nomem(ev);
}

static struct value *cupy_attr(struct eval *ev, const char *name)
{
	struct value *cp = arr_import(ev, "cupy");
	if (!cp)
		return NULL;
	struct value *r = val_getattr(ev, cp, name);
	val_decref(cp);
	return r;
}

/* kernel(grid, block, args, shared_mem=0): translate once per signature, launch */
static struct value *jk_launch(struct eval *ev, struct jkernel *k, struct value *grid, struct value *block,
			       struct value *args, struct value *shmem)
{
	if (args->type != VT_TUPLE && args->type != VT_LIST)
		return err_set(ev, TY_TypeError, "the kernel's arguments must be a tuple");
	int argc = (int)args->u.seq.n;
	struct value **argv = args->u.seq.items;
	for (int i = 0; i < argc; i++) {
		struct ndarray *a = argv[i]->type == VT_NDARRAY ? arr_borrow(argv[i]) : NULL;
		for (int d = 0; a && d < a->ndim; d++)
			if (a->strides[d] % dt_size(a->dtype))
				return err_set(ev, TY_NotImplementedError, "cupyx.jit.rawkernel: argument %d has strides "
					       "that are not a whole number of items (pass cupy.ascontiguousarray(x))", i + 1);
	}
	char *key = sig_key(ev, argc, argv);
	if (!key)
		return NULL;
	struct jsig *s;
	for (s = k->sigs; s && strcmp(s->key, key); s = s->next)
		;
	if (!s) {
		char *kname = NULL;
		char *src = translate(ev, k->fn->u.func, argc, argv, &kname);
		if (!src) {
			free(key);
			return NULL;
		}
		if (getenv("LUMEN_JIT_DUMP"))  /* the CUDA C, for a look */
			fprintf(stderr, "%s", src);
		struct value *rk = cupy_attr(ev, "RawKernel"), *kv = NULL;
		struct value *cargs[2] = {val_cstr(src), val_cstr(kname)};
		if (rk && cargs[0] && cargs[1])
			kv = val_call(ev, rk, 2, cargs, NULL);
		val_decref(rk);
		val_decref(cargs[0]);
		val_decref(cargs[1]);
		free(src);
		free(kname);
		if (!kv || !(s = calloc(1, sizeof *s))) {
			val_decref(kv);
			free(key);
			return kv ? err_nomem(ev) : NULL;
		}
		s->key = key;
		key = NULL;
		s->kernel = kv;
		s->next = k->sigs;
		k->sigs = s;
	}
	free(key);
	/* the RawKernel's arguments: arrays and their shapes, scalars as their dtypes */
	int cap = 0;
	for (int i = 0; i < argc; i++) {
		struct ndarray *a = argv[i]->type == VT_NDARRAY ? arr_borrow(argv[i]) : NULL;
		cap += 1 + (a ? 2 * a->ndim : 0);
	}
	struct value **items = calloc((size_t)cap + 1, sizeof *items);
	if (!items)
		return err_nomem(ev);
	int n = 0;
	for (int i = 0; i < argc; i++) {
		struct ndarray *a = argv[i]->type == VT_NDARRAY ? arr_borrow(argv[i]) : NULL;
		struct value *v = argv[i];
		if (a) {
			items[n++] = val_incref(v);
			for (int d = 0; d < a->ndim; d++)
				items[n++] = val_scalar(DT_INT64, (union scalar_data){.i = a->shape[d]});
			for (int d = 0; d < a->ndim; d++)
				items[n++] = val_scalar(DT_INT64, (union scalar_data){.i = a->strides[d] / dt_size(a->dtype)});
		} else if (v->type == VT_SCALAR) {
			items[n++] = val_incref(v);
		} else if (v->type == VT_FLOAT) {
			items[n++] = val_scalar(DT_FLOAT64, (union scalar_data){.f = v->u.f});
		} else if (v->type == VT_BOOL) {
			items[n++] = val_scalar(DT_BOOL, (union scalar_data){.b = (uint8_t)v->u.i});
		} else {
			items[n++] = val_scalar(DT_INT64, (union scalar_data){.i = v->u.i});
		}
	}
	struct value *tup = val_tuple_new((size_t)n, items);
	free(items);
	if (!tup)
		return NULL;
	struct value *cargv[3] = {grid, block, tup};
	struct value *r;
	if (shmem) {
		const char *nm = "shared_mem";
		struct value *kv = shmem;
		struct kwargs kw = {1, &nm, &kv};
		r = val_call(ev, s->kernel, 3, cargv, &kw);
	} else {
		r = val_call(ev, s->kernel, 3, cargv, NULL);
	}
	val_decref(tup);
	return r;
}

static struct value *jk_call(struct eval *ev, struct value *self, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	struct value *grid, *block, *args, *shmem = NULL, *stream = NULL, *enable = NULL;
	if (args_parse(ev, "__call__", argc, argv, kw, "grid,block,args|shared_mem,stream,enable_cooperative_groups",
		       &grid, &block, &args, &shmem, &stream, &enable) < 0)
		return NULL;
	return jk_launch(ev, self->u.obj.p, grid, block, args, shmem);
}

/* kernel[grid, block]: a launcher called with the arguments */
struct jbound { struct value *k, *grid, *block, *shmem; };

static void jbound_free(void *p)
{
	struct jbound *b = p;
	val_decref(b->k);
	val_decref(b->grid);
	val_decref(b->block);
	val_decref(b->shmem);
	free(b);
}

static struct value *jbound_call(struct eval *ev, struct value *self, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	struct jbound *b = self->u.obj.p;
	if (kw && kw->n)
		return err_set(ev, TY_TypeError, "a kernel launch takes no keyword arguments");
	struct value *args;
	struct value **items = malloc(sizeof *items * (size_t)(argc ? argc : 1));
	if (!items)
		return err_nomem(ev);
	for (int i = 0; i < argc; i++)
		items[i] = val_incref(argv[i]);
	args = val_tuple_new((size_t)argc, items);
	free(items);
	if (!args)
		return NULL;
	struct value *r = jk_launch(ev, b->k->u.obj.p, b->grid, b->block, args, b->shmem);
	val_decref(args);
	return r;
}

static char *jbound_repr(struct eval *ev, struct value *self)
{
	(void)ev;
	(void)self;
	return strdup("<cupyx.jit kernel launcher>");
}

static const struct objtype jbound_type = {
	.name = "_JitRawKernelLauncher", .free = jbound_free, .call = jbound_call, .repr = jbound_repr,
};

static struct value *jk_getitem(struct eval *ev, struct value *self, struct value *key)
{
	if (key->type != VT_TUPLE || key->u.seq.n < 2 || key->u.seq.n > 4)
		return err_set(ev, TY_TypeError, "a kernel is launched as kernel[grid, block](args...)");
	struct jbound *b = calloc(1, sizeof *b);
	if (!b)
		return err_nomem(ev);
	b->k = val_incref(self);
	b->grid = val_incref(key->u.seq.items[0]);
	b->block = val_incref(key->u.seq.items[1]);
	if (key->u.seq.n > 3)
		b->shmem = val_incref(key->u.seq.items[3]);
	struct value *v = val_object_new(&jbound_type, b);
	if (!v) {
		jbound_free(b);
		return err_nomem(ev);
	}
	return v;
}

static char *jk_repr(struct eval *ev, struct value *self)
{
	(void)ev;
	struct jkernel *k = self->u.obj.p;
	return fmt("<cupyx.jit._interface._JitRawKernel object (%s)>", k->fn->u.func->fd->name);
}

static struct value *jk_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct jkernel *k = self->u.obj.p;
	if (!strcmp(name, "__name__"))
		return val_cstr(k->fn->u.func->fd->name);
	if (!strcmp(name, "__wrapped__"))
		return val_incref(k->fn);
	(void)ev;
	return NULL;
}

static const struct objtype jkernel_type = {
	.name = "_JitRawKernel", .free = jkernel_free, .call = jk_call, .repr = jk_repr,
	.getitem = jk_getitem, .getattr = jk_getattr,
};

/* rawkernel(...)(f) */
static struct value *fn_rawkernel_wrap(struct eval *ev, const struct builtin *bi, int argc,
				       struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	if (argc != 1 || (kw && kw->n) || argv[0]->type != VT_FUNCTION)
		return err_set(ev, TY_TypeError, "cupyx.jit.rawkernel() decorates a function (def)");
	if (argv[0]->u.func->fd->is_generator)
		return err_set(ev, TY_NotImplementedError, "cupyx.jit.rawkernel: a generator cannot be a kernel");
	struct jkernel *k = calloc(1, sizeof *k);
	if (!k)
		return err_nomem(ev);
	k->fn = val_incref(argv[0]);
	struct value *v = val_object_new(&jkernel_type, k);
	if (!v) {
		jkernel_free(k);
		return err_nomem(ev);
	}
	return v;
}

/* cupyx.jit.rawkernel(*, mode='cuda', device=False) */
static struct value *fn_rawkernel(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	struct value *mode = NULL, *device = NULL;
	if (argc == 1 && argv[0]->type == VT_FUNCTION && !(kw && kw->n))
		return fn_rawkernel_wrap(ev, NULL, 1, argv, NULL);  /* @jit.rawkernel without () */
	if (args_parse(ev, "rawkernel", argc, argv, kw, "$mode,device", &mode, &device) < 0)
		return NULL;
	if (device && val_truth(ev, device) == 1)
		return err_set(ev, TY_NotImplementedError, "cupyx.jit.rawkernel(device=True): device functions are "
			       "outside what Lumen translates");
	if (mode && (!val_as_cstr(mode) || strcmp(val_as_cstr(mode), "cuda")))
		return err_set(ev, TY_ValueError, "cupyx.jit.rawkernel: mode must be 'cuda'");
	return val_builtin("rawkernel.<locals>.wrapper", fn_rawkernel_wrap, NULL, NULL);
}

/* grid, gridsize, syncthreads, shared_memory, laneid and the atomics called
 * outside a kernel say so under the name given; each is a function of its
 * own (and a body of its own), since the translator tells them apart by it */
#define INKERNEL_FN(fn, name)                                                  \
	static struct value *fn(struct eval *ev, const struct builtin *bi, int argc, \
				struct value **argv, const struct kwargs *kw)  \
	{                                                                      \
		(void)bi;                                                      \
		(void)argc;                                                    \
		(void)argv;                                                    \
		(void)kw;                                                      \
		return fn_inkernel(ev, name);                                  \
	}
INKERNEL_FN(fn_grid, "grid")
INKERNEL_FN(fn_gridsize, "gridsize")
INKERNEL_FN(fn_syncthreads, "syncthreads")
INKERNEL_FN(fn_shared_memory, "shared_memory")
INKERNEL_FN(fn_laneid, "laneid")
INKERNEL_FN(fn_atomic, bi->name)

static const struct arr_func jit_funcs[] = {
	{"rawkernel", fn_rawkernel, "rawkernel(*, mode='cuda', device=False)",
	 "A decorator that makes a CUDA kernel of a Python function: kernel(grid, block, args) or\n"
	 "kernel[grid, block](*args).  Lumen translates the body (arithmetic, if/while/for over range,\n"
	 "array indexing, threadIdx & co, grid, syncthreads, shared_memory, atomics) to CUDA C at the\n"
	 "first call with each argument signature; in host mode it runs on the CPU."},
	{"grid", fn_grid, "grid(ndim)", "The thread's index in the grid (in a kernel)."},
	{"gridsize", fn_gridsize, "gridsize(ndim)", "The number of threads in the grid (in a kernel)."},
	{"syncthreads", fn_syncthreads, "syncthreads()", "__syncthreads() (in a kernel)."},
	{"shared_memory", fn_shared_memory, "shared_memory(dtype, size, alignment=None)",
	 "A block's shared memory array (in a kernel)."},
	{"laneid", fn_laneid, "laneid()", "The thread's lane in its warp (in a kernel)."},
	{"atomic_add", fn_atomic, "atomic_add(array, index, value)", "atomicAdd (in a kernel)."},
	{"atomic_sub", fn_atomic, "atomic_sub(array, index, value)", "atomicSub (in a kernel)."},
	{"atomic_max", fn_atomic, "atomic_max(array, index, value)", "atomicMax (in a kernel)."},
	{"atomic_min", fn_atomic, "atomic_min(array, index, value)", "atomicMin (in a kernel)."},
	{"atomic_exch", fn_atomic, "atomic_exch(array, index, value)", "atomicExch (in a kernel)."},
	{NULL, NULL, NULL, NULL},
};

/* threadIdx & co and warpsize into cupyx.jit */
static int jit_objects(struct eval *ev, struct value *mod)
{
	for (int i = 0; i < 4; i++) {
		struct value *v = val_object_new(&jdim_type, (void *)&dims[i]);
		if (!v || module_add(mod, dims[i].name, v) < 0)
			return v ? -1 : (err_nomem(ev), -1);
	}
	return module_add(mod, "warpsize", val_int(32));
}

void ukjit_register(void)
{
	arr_publish(NS_JIT, jit_funcs);
	arr_hooks.jit_objects = jit_objects;
}
