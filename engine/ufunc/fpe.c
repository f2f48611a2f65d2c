/*
 * fpe.c — floating-point errors of host array loops, as NumPy reports them
 * (the warnings themselves print through lang/error.c's ev_warn).
 *
 * The host backend's elementwise entry (host_backend.c) goes through
 * fpe_host_elementwise: it clears the C floating-point exception flags,
 * runs the loop and reads the flags once (fetestexcept: no cost per
 * element).  Raised flags are handled by the error state np.seterr /
 * np.geterr / np.errstate set (NumPy's defaults: divide, over, invalid
 * 'warn', under 'ignore'): 'warn' prints
 *     FILE:LINE: RuntimeWarning: divide by zero encountered in divide
 *       SOURCE LINE
 * on stderr, once per (message, category, file, line) like CPython's default
 * warning filter; 'raise' raises FloatingPointError.  The CUDA backend never
 * reports (CuPy does not).  Owns the error state (process-wide, as NumPy's
 * state is per thread and Lumen runs one).
 */
#include <fenv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/arrapi.h"
#include "array/arrfuncs.h"
#include "lang/args.h"
#include "lang/error.h"
#include "lang/eval.h"
#include "ufunc/ufunc.h"
#include "ufunc/fpe.h"
#include "pyobj/pyobj.h"

enum fpe_mode { FM_IGNORE, FM_WARN, FM_RAISE, FM_CALL, FM_PRINT, FM_LOG };
static const char *const mode_names[] = { "ignore", "warn", "raise", "call", "print", "log" };
enum { FK_DIVIDE, FK_OVER, FK_UNDER, FK_INVALID, FK_COUNT };
static const char *const kind_keys[FK_COUNT] = { "divide", "over", "under", "invalid" };
static const char *const kind_text[FK_COUNT] = {
	"divide by zero", "overflow", "underflow", "invalid value",
};
static const int kind_flag[FK_COUNT] = { FE_DIVBYZERO, FE_OVERFLOW, FE_UNDERFLOW, FE_INVALID };

#define FPE_REPORTED (FE_DIVBYZERO | FE_OVERFLOW | FE_UNDERFLOW | FE_INVALID)

static int state[FK_COUNT] = { FM_WARN, FM_WARN, FM_IGNORE, FM_WARN };

void fpe_complex_cast(struct eval *ev, int from, int to)
{
	arr_complex_cast_warn(ev, from, to);
}

/* ---- the floating-point error state ---- */

/* np.seterrcall's handler (a callable, or an object with a write method),
 * or NULL */
static struct value *errcall;

/* NumPy's UFUNC_FPE_* bits, which the 'call' handler receives */
static const int kind_status[FK_COUNT] = { 1, 2, 4, 8 };

static int is_callable(struct value *v)
{
	return v->type == VT_FUNCTION || v->type == VT_BUILTIN || v->type == VT_TYPE ||
	       (v->type == VT_DTYPE && v->u.dt.is_type) ||
	       (v->type == VT_OBJECT && v->u.obj.t && v->u.obj.t->call && cls_callable(v));
}

/* errcall.write, or NULL with no error */
static struct value *errcall_write(struct eval *ev)
{
	struct value *w = errcall ? val_getattr(ev, errcall, "write") : NULL;
	if (!w && errcall)
		err_clear(ev);
	if (w && !is_callable(w)) {
		val_decref(w);
		w = NULL;
	}
	return w;
}

/* the 'call' and 'log' modes: errcall(kind, status) / errcall.write(msg) */
static int report_call(struct eval *ev, int mode, int k, const char *opname, int status)
{
	struct value *args[2], *r;
	if (mode == FM_CALL) {
		if (!errcall || !is_callable(errcall)) {
			err_set(ev, TY_NameError, "python callback specified for %s (in  %s) but no function found.",
				kind_text[k], opname);
			return -1;
		}
		args[0] = val_cstr(kind_text[k]);
		args[1] = val_int(status);
		r = args[0] && args[1] ? val_call(ev, errcall, 2, args, NULL) : NULL;
		val_decref(args[0]);
		val_decref(args[1]);
	} else {
		char msg[200];
		struct value *w = errcall_write(ev);
		if (!w) {
			err_set(ev, TY_NameError, "log specified for %s (in %s) but no object with write method found.",
				kind_text[k], opname);
			return -1;
		}
		snprintf(msg, sizeof msg, "Warning: %s encountered in %s\n", kind_text[k], opname);
		args[0] = val_cstr(msg);
		r = args[0] ? val_call(ev, w, 1, args, NULL) : NULL;
		val_decref(args[0]);
		val_decref(w);
	}
	val_decref(r);
	return r ? 0 : -1;
}

int fpe_report(struct eval *ev, const char *opname, int flags)
{
	int status = 0;
	for (int k = 0; k < FK_COUNT; k++)
		if (flags & kind_flag[k])
			status |= kind_status[k];
	for (int k = 0; k < FK_COUNT; k++) {
		char msg[160];
		if (!(flags & kind_flag[k]) || state[k] == FM_IGNORE)
			continue;
		snprintf(msg, sizeof msg, "%s encountered in %s", kind_text[k], opname);
		if (state[k] == FM_RAISE) {
			err_set(ev, TY_FloatingPointError, "%s", msg);
			return -1;
		}
		if (state[k] == FM_CALL || state[k] == FM_LOG) {
			if (report_call(ev, state[k], k, opname, status) < 0)
				return -1;
			continue;
		}
		ev_warn(ev, "RuntimeWarning", msg);
	}
	return 0;
}

/* scipy.special's ufuncs never report floating-point errors (SciPy's loops) */
static int is_special(const char *name)
{
	static const char *const names[] = { "erf", "erfc", "gamma", "gammaln", "expit", "logit" };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!strcmp(name, names[i]))
			return 1;
	return 0;
}

int fpe_ignore_begin(void)
{
	int saved = 0;
	for (int k = 0; k < FK_COUNT; k++) {
		saved |= state[k] << (4 * k);
		state[k] = FM_IGNORE;
	}
	return saved;
}

void fpe_ignore_end(int saved)
{
	for (int k = 0; k < FK_COUNT; k++)
		state[k] = saved >> (4 * k) & 15;
}

/* Ufuncs whose C loops compare floats: a NaN operand raises FE_INVALID in
 * the comparison, which NumPy's loops never report */
static int compares(const struct ew_tree *t)
{
	static const char *const names[] = { "less", "less_equal", "greater", "greater_equal", "equal",
					     "not_equal", "maximum", "minimum", "fmax", "fmin", "clip",
					     "sign", "heaviside", "logical_and", "logical_or", "logical_xor",
					     "logical_not" };
	for (int k = 0; k < t->nnodes; k++)
		if (t->nodes[k].kind == EW_UFUNC)
			for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
				if (!strcmp(ufunc_table[t->nodes[k].ufunc].name, names[i]))
					return 1;
	return 0;
}

/* The name NumPy's message gives a tree: its outermost ufunc; NULL: not reported */
static const char *tree_name(const struct ew_tree *t)
{
	const char *name = NULL;
	for (int k = t->nnodes - 1; k >= 0; k--)
		if (t->nodes[k].kind == EW_UFUNC) {
			if (is_special(ufunc_table[t->nodes[k].ufunc].name))
				return NULL;
			if (!name)
				name = ufunc_table[t->nodes[k].ufunc].name;
			if (!strcmp(name, "true_divide"))
				name = "divide";   /* NumPy 2's name of the `/` ufunc */
		}
	return name ? name : "cast";
}

/* The ufunc of the operator running on NumPy scalars (NumPy's scalar math
 * says "divide by zero encountered in scalar divide"), or NULL */
static const char *scalar_op;

const char *fpe_scalar_begin(const char *ufname)
{
	const char *old = scalar_op;
	scalar_op = ufname;
	return old;
}

void fpe_scalar_end(const char *saved)
{
	scalar_op = saved;
}

/* The integer overflow NumPy's scalar math reports for + - * of NumPy
 * integer scalars and for -x and abs(x) (r NULL; ufname "negative" or
 * "absolute") (the array loops wrap silently): 0, or -1 when the 'over'
 * mode is 'raise'. */
int fpe_scalar_int_check(struct eval *ev, const char *ufname, struct value *l, struct value *r, struct value *res)
{
	struct npscalar a, b, ca, cb;
	int pyc, dt, bits, over = 0;
	if (!res || res->type != VT_SCALAR)
		return 0;
	dt = res->u.sc.dtype;
	if (!dt_is_int(dt) || arr_value_scalar(l, &a, &pyc))
		return 0;
	if (!r) { /* unary: -x or abs(x) of the most negative value */
		arr_scalar_cast(&a, dt, &ca);
		bits = (int)dt_size(dt) * 8;
		if (dtype_table[dt].kind != DK_UINT && ca.v.i == (bits == 64 ? INT64_MIN : -((int64_t)1 << (bits - 1))))
			return fpe_report(ev, !strcmp(ufname, "absolute") ? "scalar absolute" : "scalar negative",
					  FE_OVERFLOW);
		return 0;
	}
	if (arr_value_scalar(r, &b, &pyc))
		return 0;
	arr_scalar_cast(&a, dt, &ca);
	arr_scalar_cast(&b, dt, &cb);
	bits = (int)dt_size(dt) * 8;
	if (dtype_table[dt].kind == DK_UINT) {
		unsigned __int128 x = ca.v.u, y = cb.v.u, z, lim = bits == 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1;
		if (!strcmp(ufname, "add"))
			z = x + y, over = z > lim;
		else if (!strcmp(ufname, "subtract"))
			over = x < y;
		else if (!strcmp(ufname, "multiply"))
			z = x * y, over = z > lim;
	} else {
		__int128 x = ca.v.i, y = cb.v.i, z = 0, hi = bits == 64 ? INT64_MAX : ((int64_t)1 << (bits - 1)) - 1;
		int known = 1;
		if (!strcmp(ufname, "add"))
			z = x + y;
		else if (!strcmp(ufname, "subtract"))
			z = x - y;
		else if (!strcmp(ufname, "multiply"))
			z = x * y;
		else
			known = 0;
		over = known && (z > hi || z < -hi - 1);
	}
	if (over) {
		char name[64];
		snprintf(name, sizeof name, "scalar %s", ufname);
		return fpe_report(ev, name, FE_OVERFLOW);
	}
	return 0;
}

int fpe_host_elementwise(struct eval *ev, const struct ew_tree *t, struct ndarray *out,
			 int (*loop)(struct eval *ev, const struct ew_tree *t, struct ndarray *out))
{
	int rc, flags;
	/* feclearexcept rewrites the x87 environment (slow): clear only the
	 * reported flags an earlier operation left raised, which testing finds
	 * cheaply (FE_INEXACT, raised by nearly every float loop, is never
	 * reported and never read, so it stays as it is) */
	flags = fetestexcept(FPE_REPORTED);
	if (flags)
		feclearexcept(flags);
	rc = loop(ev, t, out);
	flags = fetestexcept(FPE_REPORTED);
	if ((flags & FE_INVALID) && compares(t))
		flags &= ~FE_INVALID;
	if (rc == 0 && flags) {
		const char *name = tree_name(t);
		char sname[64];
		if (name && scalar_op) { /* the operator's name, not the loop's (x**2 runs square) */
			snprintf(sname, sizeof sname, "scalar %s",
				 !strcmp(scalar_op, "true_divide") ? "divide" : scalar_op);
			name = sname;
		}
		if (name && fpe_report(ev, name, flags) < 0)
			rc = -1;
	}
	return rc;
}

/* ---- np.seterr / np.geterr / np.errstate ---- */

static struct value *state_dict(const int *st)
{
	struct value *d = val_dict_new();
	for (int k = 0; d && k < FK_COUNT; k++)
		if (dict_setstr(d, kind_keys[k], val_cstr(mode_names[st[k]])) < 0) {
			val_decref(d);
			return NULL;
		}
	return d;
}

/* Parses seterr's keywords into st (starting from the current state). */
static int parse_modes(struct eval *ev, const char *fname, int argc, struct value **argv,
		       const struct kwargs *kw, int *st)
{
	struct value *v[FK_COUNT + 1] = {0};
	if (args_parse(ev, fname, argc, argv, kw, "|all,divide,over,under,invalid",
		       &v[0], &v[1], &v[2], &v[3], &v[4]) < 0)
		return -1;
	for (int i = 0; i <= FK_COUNT; i++) {
		int m = -1;
		if (!v[i] || v[i]->type == VT_NONE)
			continue;
		if (v[i]->type == VT_STR)
			for (int j = 0; j < 6; j++)
				if (!strcmp(v[i]->u.str->s, mode_names[j]))
					m = j;
		if (m < 0) {
			char *r = val_repr(ev, v[i]);
			err_set(ev, TY_ValueError, "%s is not a valid error handling mode", r ? r : "?");
			free(r);
			return -1;
		}
		if (i == 0)
			for (int k = 0; k < FK_COUNT; k++)
				st[k] = m;
		else
			st[i - 1] = m;
	}
	return 0;
}

/* np.seterr(all=None, divide=None, over=None, under=None, invalid=None) -> the old state */
static struct value *fn_seterr(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	int st[FK_COUNT];
	struct value *old;
	(void)bi;
	memcpy(st, state, sizeof st);
	if (parse_modes(ev, "seterr", argc, argv, kw, st) < 0)
		return NULL;
	old = state_dict(state);
	if (!old)
		return err_nomem(ev);
	memcpy(state, st, sizeof st);
	return old;
}

static struct value *fn_geterr(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	if (args_parse(ev, "geterr", argc, argv, kw, "") < 0)
		return NULL;
	struct value *d = state_dict(state);
	return d ? d : err_nomem(ev);
}

/* np.setbufsize's value: kept with the error state (np.errstate restores
 * it); Lumen's loops are unbuffered, so it changes no result */
static int64_t bufsize = 8192;

static struct value *fn_setbufsize(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	struct value *sv;
	int64_t size;
	(void)bi;
	if (args_parse(ev, "setbufsize", argc, argv, kw, "size", &sv) < 0 || val_as_int64(ev, sv, &size) < 0)
		return NULL;
	if (size < 0)
		return err_set(ev, TY_ValueError, "buffer size must be non-negative");
	int64_t old = bufsize;
	bufsize = size;
	return val_int(old);
}

static struct value *fn_getbufsize(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	if (args_parse(ev, "getbufsize", argc, argv, kw, "") < 0)
		return NULL;
	return val_int(bufsize);
}

/* np.seterrcall(func) -> the old handler */
static struct value *fn_seterrcall(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	struct value *f, *old;
	(void)bi;
	if (args_parse(ev, "seterrcall", argc, argv, kw, "func", &f) < 0)
		return NULL;
	if (f->type != VT_NONE && !is_callable(f)) {
		struct value *w = val_getattr(ev, f, "write");
		int ok = w && is_callable(w);
		val_decref(w);
		err_clear(ev);
		if (!ok)
			return err_set(ev, TY_TypeError, "python object must be callable or have a callable write method");
	}
	old = errcall ? errcall : val_none();
	errcall = f->type == VT_NONE ? NULL : val_incref(f);
	return old;
}

static struct value *fn_geterrcall(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	if (args_parse(ev, "geterrcall", argc, argv, kw, "") < 0)
		return NULL;
	return errcall ? val_incref(errcall) : val_none();
}

/* np.errstate(**kwargs): `with` sets the state and restores it on exit */
struct errstate {
	int set[FK_COUNT], saved[FK_COUNT];
	int64_t saved_bufsize;
	int has_call;                /* call= given */
	struct value *call;          /* its handler (NULL: None) */
	struct value *saved_call;
};

static void es_free(void *p)
{
	struct errstate *e = p;
	val_decref(e->call);
	val_decref(e->saved_call);
	free(e);
}

static int es_enter(struct eval *ev, struct value *self)
{
	struct errstate *e = self->u.obj.p;
	(void)ev;
	memcpy(e->saved, state, sizeof state);
	memcpy(state, e->set, sizeof state);
	e->saved_bufsize = bufsize;
	if (e->has_call) {
		val_decref(e->saved_call);
		e->saved_call = errcall;
		errcall = val_incref(e->call);
	}
	return 0;
}

static int es_exit(struct eval *ev, struct value *self)
{
	struct errstate *e = self->u.obj.p;
	(void)ev;
	memcpy(state, e->saved, sizeof state);
	bufsize = e->saved_bufsize;
	if (e->has_call) {
		val_decref(errcall);
		errcall = e->saved_call;
		e->saved_call = NULL;
	}
	return 0;
}

static char *es_repr(struct eval *ev, struct value *self)
{
	char *s = malloc(64);
	(void)ev;
	if (s)
		snprintf(s, 64, "<numpy.errstate object at %p>", (void *)self);
	return s;
}

static const struct objtype errstate_type = {
	"errstate", es_free, NULL, NULL, NULL, es_repr, es_enter, es_exit, NULL,
};

static struct value *fn_errstate(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct errstate *e = calloc(1, sizeof *e);
	(void)bi;
	if (!e)
		return err_nomem(ev);
	memcpy(e->set, state, sizeof state);
	if (argc) {
		free(e);
		return err_set(ev, TY_TypeError, "errstate() takes 0 positional arguments but %d were given", argc);
	}
	/* call= is the handler for the block (np.seterrcall's) */
	const char *names[8];
	struct value *vals[8];
	struct kwargs rest = {0, names, vals};
	for (int i = 0; kw && i < kw->n; i++) {
		if (!strcmp(kw->names[i], "call")) {
			struct value *f = kw->vals[i];
			if (f->type != VT_NONE && !is_callable(f)) {
				struct value *w = val_getattr(ev, f, "write");
				int ok = w && is_callable(w);
				val_decref(w);
				err_clear(ev);
				if (!ok) {
					free(e);
					return err_set(ev, TY_TypeError,
						       "python object must be callable or have a callable write method");
				}
			}
			e->has_call = 1;
			val_decref(e->call);
			e->call = f->type == VT_NONE ? NULL : val_incref(f);
		} else if (rest.n < 8) {
			names[rest.n] = kw->names[i];
			vals[rest.n++] = kw->vals[i];
		}
	}
	if (parse_modes(ev, "errstate", 0, argv, &rest, e->set) < 0) {
		es_free(e);
		return NULL;
	}
	struct value *v = val_object_new(&errstate_type, e);
	return v ? v : err_nomem(ev);
}

const struct arr_func arr_fpe_funcs[] = {
	{"seterr", fn_seterr, "seterr(all=None, divide=None, over=None, under=None, invalid=None)",
	 "Set how floating-point errors are handled."},
	{"geterr", fn_geterr, "geterr()", "Get the current way of handling floating-point errors."},
	{"setbufsize", fn_setbufsize, "setbufsize(size)", "Set the size of the buffer used in ufuncs."},
	{"getbufsize", fn_getbufsize, "getbufsize()", "Return the size of the buffer used in ufuncs."},
	{"seterrcall", fn_seterrcall, "seterrcall(func)",
	 "Set the floating-point error callback function or log object."},
	{"geterrcall", fn_geterrcall, "geterrcall()",
	 "Return the current callback function used on floating-point errors."},
	{"errstate", fn_errstate, "errstate(**kwargs)",
	 "Context manager for floating-point error handling."},
	{NULL, NULL, NULL, NULL},
};
