/*
 * format_opts.c — np.set_printoptions, np.get_printoptions and the
 * np.printoptions context manager, with NumPy's validation messages.
 *
 * Reads and writes fmt_opts (format.c); never formats anything itself.
 * Exported as the table arr_format_funcs.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/format.h"
#include "array/arrfuncs.h"
#include "lang/args.h"
#include "lang/error.h"
#include "array/arrapi.h"

static const char *const floatmodes[] = { "fixed", "unique", "maxprec", "maxprec_equal" };

static const struct { const char *name; int level; } legacies[] = {
	{"1.13", 113}, {"1.21", 121}, {"1.25", 125}, {"2.1", 201}, {"2.2", 202},
};

/* The print-option arguments of a call, borrowed; NULL where absent. */
struct optvals {
	struct value *precision, *threshold, *edgeitems, *linewidth, *suppress,
		*nanstr, *infstr, *formatter, *sign, *floatmode, *legacy, *override_repr;
};

/* Applies the non-None values to *o (a copy: nothing changes on error). */
static int apply_opts(struct eval *ev, const struct optvals *v, struct fmt_options *o)
{
	struct value *precision = v->precision, *threshold = v->threshold,
		*edgeitems = v->edgeitems, *linewidth = v->linewidth, *suppress = v->suppress,
		*nanstr = v->nanstr, *infstr = v->infstr, *formatter = v->formatter,
		*sign = v->sign, *floatmode = v->floatmode, *legacy = v->legacy,
		*override_repr = v->override_repr;
	int64_t i;

#define GIVEN(v) ((v) && (v)->type != VT_NONE)
	if (GIVEN(floatmode)) {
		const char *s = val_as_cstr(floatmode);
		int k = -1;
		for (int j = 0; s && j < 4; j++)
			if (!strcmp(s, floatmodes[j]))
				k = j;
		if (k < 0) {
			err_set(ev, TY_ValueError, "floatmode option must be one of \"fixed\", "
				"\"unique\", \"maxprec\", \"maxprec_equal\"");
			return -1;
		}
		o->floatmode = k;
	}
	if (GIVEN(sign)) {
		const char *s = val_as_cstr(sign);
		if (!s || strlen(s) != 1 || !strchr("-+ ", s[0])) {
			err_set(ev, TY_ValueError, "sign option must be one of ' ', '+', or '-'");
			return -1;
		}
		o->sign = s[0];
	}
	if (GIVEN(legacy)) {
		const char *s = val_as_cstr(legacy);
		int lv = -1;
		if (legacy->type == VT_BOOL && !legacy->u.i)
			lv = INT_MAX;
		for (size_t j = 0; s && j < sizeof legacies / sizeof legacies[0]; j++)
			if (!strcmp(s, legacies[j].name))
				lv = legacies[j].level;
		if (lv < 0) {
			/* NumPy only warns; the option stays as it was */
			static const char w[] = "UserWarning: legacy printing option can currently "
				"only be '1.13', '1.21', '1.25', '2.1', '2.2' or `False`\n";
			ev_write(ev, 2, w, sizeof w - 1);
		} else {
			o->legacy = lv;
		}
	}
	if (GIVEN(threshold)) {
		double t;
		if (!(threshold->type == VT_INT || threshold->type == VT_BOOL ||
		      threshold->type == VT_FLOAT || threshold->type == VT_SCALAR)) {
			err_set(ev, TY_TypeError, "threshold must be numeric");
			return -1;
		}
		o->threshold_is_float = 0;
		if (threshold->type == VT_INT || threshold->type == VT_BOOL) {
			o->threshold = threshold->u.i;
		} else {
			if (val_as_double(ev, threshold, &t) < 0)
				return -1;
			if (isnan(t)) {
				err_set(ev, TY_ValueError, "threshold must be non-NAN, try sys.maxsize "
					"for untruncated representation");
				return -1;
			}
			o->threshold = t >= 9.2e18 ? INT64_MAX : t <= -9.2e18 ? INT64_MIN
				: (int64_t)floor(t);
			if (threshold->type == VT_FLOAT) {
				o->threshold_is_float = 1;
				o->threshold_f = t;
			}
		}
	}
	if (GIVEN(precision)) {
		if (val_as_int64(ev, precision, &i) < 0) {
			err_clear(ev);
			err_set(ev, TY_TypeError, "precision must be an integer");
			return -1;
		}
		if (i < 0) {
			err_set(ev, TY_ValueError, "precision must be >= 0");
			return -1;
		}
		o->precision = i > 400 ? 400 : (int)i;
	}
	if (GIVEN(edgeitems)) {
		if (val_as_int64(ev, edgeitems, &i) < 0)
			return -1;
		o->edgeitems = i < 0 ? 0 : i > INT_MAX / 4 ? INT_MAX / 4 : (int)i;
	}
	if (GIVEN(linewidth)) {
		if (val_as_int64(ev, linewidth, &i) < 0)
			return -1;
		o->linewidth = i > INT_MAX / 2 ? INT_MAX / 2 : i < INT_MIN / 2 ? INT_MIN / 2 : (int)i;
	}
	if (GIVEN(suppress)) {
		int b = val_truth(ev, suppress);
		if (b < 0)
			return -1;
		o->suppress = b;
	}
	if (GIVEN(nanstr) || GIVEN(infstr)) {
		struct value *v[2] = { nanstr, infstr };
		char *dst[2] = { o->nanstr, o->infstr };
		for (int j = 0; j < 2; j++) {
			const char *s;
			if (!GIVEN(v[j]))
				continue;
			s = val_as_cstr(v[j]);
			if (!s) {
				err_set(ev, TY_TypeError, "%s must be a str", j ? "infstr" : "nanstr");
				return -1;
			}
			snprintf(dst[j], sizeof o->nanstr, "%s", s);
		}
	}
	if (GIVEN(formatter) || GIVEN(override_repr)) {
		err_set(ev, TY_NotImplementedError, "%s is not supported by Lumen",
			GIVEN(formatter) ? "formatter" : "override_repr");
		return -1;
	}
	if (o->legacy == 113)
		o->sign = '-';
	return 0;
}

static int parse_opts(struct eval *ev, const char *fname, int argc, struct value **argv,
		      const struct kwargs *kw, struct fmt_options *o)
{
	struct optvals v = {0};
	if (args_parse(ev, fname, argc, argv, kw,
		       "|precision,threshold,edgeitems,linewidth,suppress,nanstr,infstr,"
		       "formatter,sign,floatmode$legacy,override_repr",
		       &v.precision, &v.threshold, &v.edgeitems, &v.linewidth, &v.suppress,
		       &v.nanstr, &v.infstr, &v.formatter, &v.sign, &v.floatmode, &v.legacy,
		       &v.override_repr) < 0)
		return -1;
	return apply_opts(ev, &v, o);
}

static struct value *f_set_printoptions(struct eval *ev, const struct builtin *bi, int argc,
					struct value **argv, const struct kwargs *kw)
{
	struct fmt_options o = fmt_opts;
	if (parse_opts(ev, "set_printoptions", argc, argv, kw, &o) < 0)
		return NULL;
	fmt_opts = o;
	return val_none();
}

/* NumPy's dict, in its key order. */
static struct value *options_dict(struct eval *ev)
{
	struct value *d = val_dict_new();
	char sg[2] = { fmt_opts.sign, 0 };
	struct value *legacy = NULL;
	int ok;

	if (!d)
		return NULL;
	if (fmt_opts.legacy == INT_MAX) {
		legacy = val_bool(0);
	} else {
		for (size_t j = 0; j < sizeof legacies / sizeof legacies[0]; j++)
			if (legacies[j].level == fmt_opts.legacy)
				legacy = val_cstr(legacies[j].name);
		if (!legacy)
			legacy = val_int(fmt_opts.legacy);
	}
	ok = dict_setstr(d, "edgeitems", val_int(fmt_opts.edgeitems)) == 0 &&
	     dict_setstr(d, "threshold", fmt_opts.threshold_is_float ? val_float(fmt_opts.threshold_f)
			 : val_int(fmt_opts.threshold)) == 0 &&
	     dict_setstr(d, "floatmode", val_cstr(floatmodes[fmt_opts.floatmode])) == 0 &&
	     dict_setstr(d, "precision", val_int(fmt_opts.precision)) == 0 &&
	     dict_setstr(d, "suppress", val_bool(fmt_opts.suppress)) == 0 &&
	     dict_setstr(d, "linewidth", val_int(fmt_opts.linewidth)) == 0 &&
	     dict_setstr(d, "nanstr", val_cstr(fmt_opts.nanstr)) == 0 &&
	     dict_setstr(d, "infstr", val_cstr(fmt_opts.infstr)) == 0 &&
	     dict_setstr(d, "sign", val_cstr(sg)) == 0 &&
	     dict_setstr(d, "formatter", val_none()) == 0 &&
	     dict_setstr(d, "legacy", legacy) == 0 &&
	     dict_setstr(d, "override_repr", val_none()) == 0;
	if (!ok) {
		val_decref(d);
		if (!err_occurred(ev))
			err_nomem(ev);
		return NULL;
	}
	return d;
}

static struct value *f_get_printoptions(struct eval *ev, const struct builtin *bi, int argc,
					struct value **argv, const struct kwargs *kw)
{
	if (args_parse(ev, "get_printoptions", argc, argv, kw, "") < 0)
		return NULL;
	return options_dict(ev);
}

/* np.printoptions(...): options applied on entering the with block, the
 * previous ones restored on leaving it. */
struct popts {
	struct fmt_options want, saved;
};

static int popts_enter(struct eval *ev, struct value *self)
{
	struct popts *p = self->u.obj.p;
	p->saved = fmt_opts;
	fmt_opts = p->want;
	return 0;
}

static int popts_exit(struct eval *ev, struct value *self)
{
	struct popts *p = self->u.obj.p;
	fmt_opts = p->saved;
	return 0;
}

/* `with np.printoptions(...) as opts`: opts is get_printoptions()'s dict */
static struct value *popts_value(struct eval *ev, struct value *self)
{
	(void)self;
	return options_dict(ev);
}

static char *popts_repr(struct eval *ev, struct value *self)
{
	char *s = malloc(80);
	if (!s)
		return err_nomem(ev);
	snprintf(s, 80, "<contextlib._GeneratorContextManager object at %p>", self->u.obj.p);
	return s;
}

static const struct objtype popts_type = {
	.name = "contextlib._GeneratorContextManager",
	.free = free,
	.repr = popts_repr,
	.enter = popts_enter,
	.enter_value = popts_value,
	.exit = popts_exit,
};

static struct value *f_printoptions(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	struct popts *p = malloc(sizeof *p);
	if (!p)
		return err_nomem(ev);
	p->want = fmt_opts;
	if (parse_opts(ev, "printoptions", argc, argv, kw, &p->want) < 0) {
		free(p);
		return NULL;
	}
	p->saved = fmt_opts;
	return val_object_new(&popts_type, p);
}

/* ---- np.array2string, np.array_repr, np.array_str ---- */

/* The array of v (new reference): arrays as they are, else np.asarray. */
static struct ndarray *as_array(struct eval *ev, const struct builtin *bi, struct value *v)
{
	struct ndarray *a = arr_borrow(v);
	if (a) {
		a->refcnt++;
		return a;
	}
	return arr_asarray(ev, arr_be(bi), v, -1);
}

/* Runs the text function under options o, restoring the global ones. */
static struct value *text_under(struct eval *ev, const struct fmt_options *o,
				char *(*fn)(struct eval *, const struct ndarray *),
				const struct ndarray *a)
{
	struct fmt_options saved = fmt_opts;
	char *s;
	fmt_opts = *o;
	s = fn(ev, a);
	fmt_opts = saved;
	return s ? val_str_take(s, strlen(s)) : NULL;
}

static struct value *repr_or_str(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw, int repr)
{
	struct value *arr = NULL;
	struct optvals v = {0};
	struct fmt_options o = fmt_opts;
	struct ndarray *a;
	struct value *r;
	const char *name = repr ? "array_repr" : "array_str";

	if (args_parse(ev, name, argc, argv, kw,
		       repr ? "arr|max_line_width,precision,suppress_small"
		       : "a|max_line_width,precision,suppress_small",
		       &arr, &v.linewidth, &v.precision, &v.suppress) < 0)
		return NULL;
	if (apply_opts(ev, &v, &o) < 0 || !(a = as_array(ev, bi, arr)))
		return NULL;
	r = text_under(ev, &o, repr ? fmt_array_repr : fmt_array_str, a);
	nd_decref(a);
	return r;
}

static struct value *f_array_repr(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	return repr_or_str(ev, bi, argc, argv, kw, 1);
}

static struct value *f_array_str(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	return repr_or_str(ev, bi, argc, argv, kw, 0);
}

static struct value *f_array2string(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	struct value *av = NULL, *sep = NULL, *prefix = NULL, *suffix = NULL;
	struct optvals v = {0};
	struct fmt_options o = fmt_opts, saved;
	const char *ssep = " ", *spre = "", *ssuf = "";
	struct ndarray *a;
	char *s;

	if (args_parse(ev, "array2string", argc, argv, kw,
		       "a|max_line_width,precision,suppress_small,separator,prefix"
		       "$formatter,threshold,edgeitems,sign,floatmode,suffix,legacy",
		       &av, &v.linewidth, &v.precision, &v.suppress, &sep, &prefix,
		       &v.formatter, &v.threshold, &v.edgeitems, &v.sign, &v.floatmode,
		       &suffix, &v.legacy) < 0)
		return NULL;
	if ((GIVEN(sep) && !(ssep = val_as_cstr(sep))) ||
	    (GIVEN(prefix) && !(spre = val_as_cstr(prefix))) ||
	    (GIVEN(suffix) && !(ssuf = val_as_cstr(suffix))))
		return err_set(ev, TY_TypeError, "separator, prefix and suffix must be str");
	if (apply_opts(ev, &v, &o) < 0 || !(a = as_array(ev, bi, av)))
		return NULL;
	saved = fmt_opts;
	fmt_opts = o;
	s = fmt_array2string(ev, a, ssep, spre, ssuf);
	fmt_opts = saved;
	nd_decref(a);
	return s ? val_str_take(s, strlen(s)) : NULL;
}

/* ---- np.format_float_positional, np.format_float_scientific ---- */

/* An optional non-negative int argument; -1 when absent. */
static int opt_count(struct eval *ev, struct value *v, const char *name, int *out)
{
	int64_t i;
	*out = -1;
	if (!GIVEN(v))
		return 0;
	if (val_as_int64(ev, v, &i) < 0)
		return -1;
	if (i < 0) {
		err_set(ev, TY_ValueError, "%s must be >= 0", name);
		return -1;
	}
	*out = i > 400 ? 400 : (int)i;
	return 0;
}

static struct value *format_float(struct eval *ev, int argc, struct value **argv,
				  const struct kwargs *kw, int sci)
{
	struct value *x = NULL, *precision = NULL, *unique = NULL, *fractional = NULL,
		*trim = NULL, *sign = NULL, *pad_left = NULL, *pad_right = NULL,
		*exp_digits = NULL, *min_digits = NULL;
	struct fmt_d4 o = { .unique = 1, .trim = 'k', .pad_right = -1, .exp_digits = -1 };
	const char *name = sci ? "format_float_scientific" : "format_float_positional";
	int dt = DT_FLOAT64, b;
	double d;
	char buf[2048];
	int rc;

	if (sci)
		rc = args_parse(ev, name, argc, argv, kw,
				"x|precision,unique,trim,sign,pad_left,exp_digits,min_digits",
				&x, &precision, &unique, &trim, &sign, &pad_left, &exp_digits,
				&min_digits);
	else
		rc = args_parse(ev, name, argc, argv, kw,
				"x|precision,unique,fractional,trim,sign,pad_left,pad_right,min_digits",
				&x, &precision, &unique, &fractional, &trim, &sign, &pad_left,
				&pad_right, &min_digits);
	if (rc < 0)
		return NULL;
	if (x->type == VT_SCALAR && dt_is_float(x->u.sc.dtype)) {
		dt = x->u.sc.dtype;
		d = x->u.sc.v.f;
	} else if (val_as_double(ev, x, &d) < 0) {
		return NULL;
	}
	if (opt_count(ev, precision, "precision", &o.precision) < 0 ||
	    opt_count(ev, pad_left, "pad_left", &o.pad_left) < 0 ||
	    opt_count(ev, pad_right, "pad_right", &o.pad_right) < 0 ||
	    opt_count(ev, exp_digits, "exp_digits", &o.exp_digits) < 0 ||
	    opt_count(ev, min_digits, "min_digits", &o.min_digits) < 0)
		return NULL;
	if (GIVEN(unique)) {
		if ((b = val_truth(ev, unique)) < 0)
			return NULL;
		o.unique = b;
	}
	if (GIVEN(sign)) {
		if ((b = val_truth(ev, sign)) < 0)
			return NULL;
		o.sign = b;
	}
	if (GIVEN(fractional)) {
		if ((b = val_truth(ev, fractional)) < 0)
			return NULL;
		if (!b)
			return err_set(ev, TY_NotImplementedError,
				       "format_float_positional(fractional=False) is not supported");
	}
	if (GIVEN(trim)) {
		const char *t = val_as_cstr(trim);
		if (!t || strlen(t) != 1 || !strchr("k.0-", t[0]))
			return err_set(ev, TY_ValueError, "if supplied, trim must be 'k', '.', '0' or '-'");
		o.trim = t[0];
	}
	if (!o.unique && o.precision < 0)
		return err_set(ev, TY_ValueError, "in non-unique mode `precision` must be supplied");
	if (o.min_digits > 0 && o.precision > 0 && o.min_digits > o.precision)
		return err_set(ev, TY_ValueError, "min_digits must be less than or equal to precision");
	if (!isfinite(d)) {
		snprintf(buf, sizeof buf, "%s%s", isnan(d) ? (o.sign ? "+" : "")
			 : d < 0 ? "-" : o.sign ? "+" : "", isnan(d) ? "nan" : "inf");
	} else if (sci) {
		fmtf_scientific(d, dt, &o, buf, sizeof buf);
	} else {
		fmtf_positional(d, dt, &o, buf, sizeof buf);
	}
	return val_cstr(buf);
}

static struct value *f_format_float_positional(struct eval *ev, const struct builtin *bi,
					       int argc, struct value **argv,
					       const struct kwargs *kw)
{
	return format_float(ev, argc, argv, kw, 0);
}

static struct value *f_format_float_scientific(struct eval *ev, const struct builtin *bi,
					       int argc, struct value **argv,
					       const struct kwargs *kw)
{
	return format_float(ev, argc, argv, kw, 1);
}

const struct arr_func arr_format_funcs[] = {
	{"set_printoptions", f_set_printoptions,
	 "set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, "
	 "suppress=None, nanstr=None, infstr=None, formatter=None, sign=None, floatmode=None, "
	 "*, legacy=None, override_repr=None)",
	 "Set printing options.\n\nThese options determine the way floating point numbers, "
	 "arrays and other NumPy objects are displayed."},
	{"get_printoptions", f_get_printoptions, "get_printoptions()",
	 "Return the current print options."},
	{"printoptions", f_printoptions, "printoptions(*args, **kwargs)",
	 "Context manager for setting print options.\n\nSet print options for the scope of "
	 "the `with` block, and restore the old options at the end."},
	{"array2string", f_array2string,
	 "array2string(a, max_line_width=None, precision=None, suppress_small=None, "
	 "separator=' ', prefix='', *, formatter=None, threshold=None, edgeitems=None, "
	 "sign=None, floatmode=None, suffix='', legacy=None)",
	 "Return a string representation of an array."},
	{"array_repr", f_array_repr,
	 "array_repr(arr, max_line_width=None, precision=None, suppress_small=None)",
	 "Return the string representation of an array."},
	{"array_str", f_array_str,
	 "array_str(a, max_line_width=None, precision=None, suppress_small=None)",
	 "Return a string representation of the data in an array."},
	{"format_float_positional", f_format_float_positional,
	 "format_float_positional(x, precision=None, unique=True, fractional=True, trim='k', "
	 "sign=False, pad_left=None, pad_right=None, min_digits=None)",
	 "Format a floating-point scalar as a decimal string in positional notation."},
	{"format_float_scientific", f_format_float_scientific,
	 "format_float_scientific(x, precision=None, unique=True, trim='k', sign=False, "
	 "pad_left=None, exp_digits=None, min_digits=None)",
	 "Format a floating-point scalar as a decimal string in scientific notation."},
	{NULL, NULL, NULL, NULL},
};
