/*
 * nscall.c — calling the namespace's own functions from C: the functions
 * NumPy writes in Python (geomspace, trapezoid, polyval ...) are built here
 * the same way, from np.<name> / cp.<name> calls and the evaluator's
 * arithmetic, so their dtypes, broadcasting and errors are the parts'.
 *
 * Owns nothing.
 */
#include <stdio.h>
#include <string.h>
#include "array/nscall.h"
#include "lang/error.h"
#include "array/flex/flex.h"

struct value *arr_ns_call(struct eval *ev, const struct backend *be, const char *name, int argc,
			  struct value **argv, const struct kwargs *kw)
{
	const char *dot = strchr(name, '.');
	struct value *mod = arr_import(ev, arr_is_cupy(be) ? "cupy" : "numpy"), *f, *r;
	if (!mod)
		return NULL;
	if (dot) { /* "linalg.lstsq" */
		char sub[32];
		snprintf(sub, sizeof sub, "%.*s", (int)(dot - name), name);
		f = val_getattr(ev, mod, sub);
		val_decref(mod);
		if (!(mod = f))
			return NULL;
		name = dot + 1;
	}
	f = val_getattr(ev, mod, name);
	val_decref(mod);
	if (!f)
		return NULL;
	r = val_call(ev, f, argc, argv, kw);
	val_decref(f);
	if (r && (farr_borrow(r) || fdt_borrow(r))) {
		/* the C callers of the namespace work on numeric arrays and dtypes:
		 * a string or record one reaching them is a named refusal */
		const char *site = val_call_site();
		val_decref(r);
		return err_set(ev, TY_TypeError, "%s%sstring and record arrays are not supported here by Lumen "
			       "(%s gave one)", site ? site : "", site ? ": " : "", name);
	}
	return r;
}

struct value *arr_ns_callk(struct eval *ev, const struct backend *be, const char *name, int argc,
			   struct value **argv, const char *kwname, struct value *kwval)
{
	const char *names[1] = {kwname};
	struct kwargs kw = {1, names, &kwval};
	return arr_ns_call(ev, be, name, argc, argv, kwname ? &kw : NULL);
}

struct value *arr_method_call(struct eval *ev, struct value *self, const char *name, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	struct value *f = val_getattr(ev, self, name), *r;
	if (!f)
		return NULL;
	r = val_call(ev, f, argc, argv, kw);
	val_decref(f);
	return r;
}

struct value *ex_bin(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	struct value *x = l && r ? val_binop(ev, op, l, r) : NULL;
	if (l)
		val_decref(l);
	if (r)
		val_decref(r);
	return x;
}

struct value *ex_item(struct eval *ev, struct value *v, struct value *key)
{
	struct value *x = v && key ? val_getitem(ev, v, key) : NULL;
	if (v)
		val_decref(v);
	if (key)
		val_decref(key);
	return x;
}

struct value *ex_fn1(struct eval *ev, const struct backend *be, const char *name, struct value *a)
{
	struct value *x = a ? arr_ns_call(ev, be, name, 1, &a, NULL) : NULL;
	if (a)
		val_decref(a);
	return x;
}

struct value *ex_fn2(struct eval *ev, const struct backend *be, const char *name, struct value *a,
		     struct value *b)
{
	struct value *args[2] = {a, b};
	struct value *x = a && b ? arr_ns_call(ev, be, name, 2, args, NULL) : NULL;
	if (a)
		val_decref(a);
	if (b)
		val_decref(b);
	return x;
}

struct value *ex_axis_key(int axis, struct value *item)
{
	struct value *items[ND_MAXDIM];
	if (!item)
		return NULL;
	for (int k = 0; k < axis; k++)
		items[k] = val_slice_new(val_none(), val_none(), val_none());
	items[axis] = item;
	return val_tuple_new(axis + 1, items);
}

struct value *ex_slice(int64_t start, int64_t stop)
{
	return val_slice_new(start == NS_NONE ? val_none() : val_int(start),
			     stop == NS_NONE ? val_none() : val_int(stop), val_none());
}

struct value *ex_neg(struct eval *ev, struct value *v)
{
	struct value *x = v ? val_unop(ev, UOP_NEG, v) : NULL;
	if (v)
		val_decref(v);
	return x;
}
