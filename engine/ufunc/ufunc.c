/*
 * ufunc.c — applying ufuncs: NumPy's type resolution (with NEP 50 weak
 * Python scalars), broadcasting, building the expression tree the backend
 * evaluates, out= with casting='same_kind', the operators (arr_binop /
 * arr_unop) and the np.<ufunc> functions (arr_ufunc_funcs).
 *
 * Owns nothing beyond a call.  The loops themselves are generated
 * (uloops.c); the host evaluation of trees is host_ew.c.
 */
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "array/arrapi.h"
#include "lang/args.h"
#include "lang/error.h"
#include "ufunc/ufunc.h"
#include "ufunc/fuse.h"
#include "array/arrfuncs.h"
#include "ufunc/fpe.h"
#include "ufunc/ufuncmeth.h"
#include "pyobj/bigint.h"

static int uf_lookup_scan(const char *name)
{
	static const struct { const char *alias, *name; } al[] = {
		{"abs", "absolute"}, {"conj", "conjugate"}, {"mod", "remainder"},
		{"bitwise_not", "invert"}, {"bitwise_invert", "invert"},
		{"bitwise_left_shift", "left_shift"}, {"bitwise_right_shift", "right_shift"},
		{"pow", "power"}, {"acos", "arccos"}, {"asin", "arcsin"}, {"atan", "arctan"},
		{"atan2", "arctan2"}, {"acosh", "arccosh"}, {"asinh", "arcsinh"},
		{"atanh", "arctanh"},
	};
	for (size_t i = 0; i < sizeof al / sizeof al[0]; i++)
		if (!strcmp(al[i].alias, name)) {
			name = al[i].name;
			break;
		}
	for (int i = 0; i < ufunc_count; i++)
		if (!strcmp(ufunc_table[i].name, name))
			return i;
	return -1;
}

/* uf_lookup runs for every np.<ufunc>(...) call (twice: the fuser and the
 * call): names it answered wait in a hashed table, so a call costs one
 * short hash and one strcmp instead of a scan of ufunc_table */
enum { NAME_SLOTS = 512 };
static struct { const char *name; int idx; } name_tab[NAME_SLOTS];

static unsigned name_slot(const char *s)
{
	uint32_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h & (NAME_SLOTS - 1);
}

int uf_lookup(const char *name)
{
	unsigned j = name_slot(name);
	int idx;
	for (unsigned k = 0; k < NAME_SLOTS && name_tab[j].name; k++, j = (j + 1) & (NAME_SLOTS - 1))
		if (!strcmp(name_tab[j].name, name))
			return name_tab[j].idx;
	idx = uf_lookup_scan(name);
	/* remember the names of ufuncs (owned by the table: static strings) */
	if (idx >= 0 && !name_tab[j].name) {
		const char *own = !strcmp(ufunc_table[idx].name, name) ? ufunc_table[idx].name : NULL;
		if (own) {
			name_tab[j].name = own;
			name_tab[j].idx = idx;
		}
	}
	return idx;
}

/* type character -> dtype + 1 (0: not a type character); in DT order */
static const signed char char_dtype[256] = {
	['?'] = 1, ['b'] = 2, ['h'] = 3, ['i'] = 4, ['l'] = 5, ['B'] = 6, ['H'] = 7,
	['I'] = 8, ['L'] = 9, ['e'] = 10, ['f'] = 11, ['d'] = 12, ['F'] = 13, ['D'] = 14,
};

int uf_char_dtype(char c)
{
	return char_dtype[(unsigned char)c] - 1;
}

int uf_loop_in(const struct uf_loop *l, int i) { return uf_char_dtype(l->sig[i]); }

int uf_loop_out(const struct uf_loop *l)
{
	const char *p = l->sig;
	while (*p && *p != '>')
		p++;
	return *p ? uf_char_dtype(p[1]) : -1;
}

static int is_cmp(const char *n)
{
	return !strcmp(n, "less") || !strcmp(n, "less_equal") || !strcmp(n, "equal") ||
	       !strcmp(n, "not_equal") || !strcmp(n, "greater") || !strcmp(n, "greater_equal");
}

/* the index of a ufunc the resolver singles out, looked up once */
static int ix_true_divide = -2, ix_divide = -2, ix_power = -2;
static int named_ufunc(const char *name, int *ix)
{
	if (*ix == -2)
		*ix = uf_lookup(name);
	return *ix;
}

/* whether loop l's inputs are not all of one type */
static int loop_mixed(const struct uf_loop *l, int nin)
{
	for (int i = 1; i < nin; i++)
		if (l->sig[i] != l->sig[0])
			return 1;
	return 0;
}

static int resolve_uncached(struct eval *ev, int uf, int nin, const struct uf_operand *ops, int *dts)
{
	const struct ufunc *u = &ufunc_table[uf];
	int strong = -1, nstrong = 0;
	for (int i = 0; i < nin; i++)
		if (!ops[i].pyclass) {
			strong = strong < 0 ? ops[i].dtype : dt_promote(strong, ops[i].dtype);
			nstrong++;
		}
	for (int i = 0; i < nin; i++) {
		if (!ops[i].pyclass) {
			dts[i] = ops[i].dtype;
			continue;
		}
		if (strong < 0) {
			dts[i] = ops[i].dtype;
			continue;
		}
		dts[i] = dt_promote_weak(strong, ops[i].pyclass);
		if (ops[i].pyclass == VT_INT && dt_is_int(dts[i])) {
			int64_t v = ops[i].ival;
			int fits = 1;
			switch (dts[i]) {
			case DT_INT8: fits = v >= INT8_MIN && v <= INT8_MAX; break;
			case DT_INT16: fits = v >= INT16_MIN && v <= INT16_MAX; break;
			case DT_INT32: fits = v >= INT32_MIN && v <= INT32_MAX; break;
			case DT_UINT8: fits = v >= 0 && v <= UINT8_MAX; break;
			case DT_UINT16: fits = v >= 0 && v <= UINT16_MAX; break;
			case DT_UINT32: fits = v >= 0 && v <= UINT32_MAX; break;
			case DT_UINT64: fits = v >= 0; break;
			}
			if (!fits) {
				if (is_cmp(u->name)) {
					/* NumPy 2 compares out-of-range Python ints exactly */
					dts[i] = DT_INT64;
					continue;
				}
				arr_check_pyint(ev, v, dts[i]);
				return -1;
			}
		}
	}
	if (dts[0] == DT_BOOL && (!strcmp(u->name, "sign") || !strcmp(u->name, "positive")))
		return err_set(ev, TY_TypeError,
			       "ufunc '%s' did not contain a loop with signature matching types <class 'numpy.dtypes.BoolDType'> -> None",
			       u->name), -1;
	if (dts[0] == DT_BOOL && !strcmp(u->name, "negative"))
		return err_set(ev, TY_TypeError,
			       "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function instead."),
		       -1;
	if (!strcmp(u->name, "subtract") && dts[0] == DT_BOOL && dts[1] == DT_BOOL) /* dts[1]: binary only */
		return err_set(ev, TY_TypeError,
			       "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead."),
		       -1;
	/* true division of integers: NumPy's resolver goes straight to doubles */
	if (uf == named_ufunc("true_divide", &ix_true_divide) || uf == named_ufunc("divide", &ix_divide)) {
		int allint = 1;
		for (int i = 0; i < nin; i++)
			if (!dt_is_int(dts[i]) && dts[i] != DT_BOOL)
				allint = 0;
		if (allint) {
			for (int l = 0; l < u->nloops; l++)
				if (uf_loop_in(&u->loops[l], 0) == DT_FLOAT64) {
					for (int i = 0; i < nin; i++)
						dts[i] = DT_FLOAT64;
					return l;
				}
		}
	}
	/* NumPy 2 dispatch: a loop matching the dtypes exactly wins (SciPy's
	 * ufuncs list 'd->d' before 'f->f'), then the first safe one */
	for (int l = 0; l < u->nloops; l++) {
		int ok = 1;
		for (int i = 0; i < nin && ok; i++)
			ok = dts[i] == uf_loop_in(&u->loops[l], i);
		if (ok)
			return l;
	}
	for (int l = 0; l < u->nloops; l++) {
		/* a loop of mixed input types ('fi->f' of ldexp) with a strong
		 * operand: a Python int fills any numeric slot, a Python bool any
		 * slot (NumPy's ldexp(np.float32(3), 2) is float32, ldexp(3, i32)
		 * float16); an int slot must hold the int's value */
		int ok = 1, flex = nstrong > 0 && loop_mixed(&u->loops[l], nin);
		for (int i = 0; i < nin && ok; i++) {
			int slot = uf_loop_in(&u->loops[l], i);
			if (flex && (ops[i].pyclass == VT_BOOL || (ops[i].pyclass == VT_INT && slot != DT_BOOL)))
				continue;
			if (!dt_can_cast(dts[i], slot, "safe"))
				ok = 0;
		}
		if (ok) {
			for (int i = 0; i < nin; i++) {
				dts[i] = uf_loop_in(&u->loops[l], i);
				if (flex && ops[i].pyclass == VT_INT && dt_is_int(dts[i]) &&
				    arr_check_pyint(ev, ops[i].ival, dts[i]) < 0)
					return -1;
			}
			return l;
		}
	}
	err_set(ev, TY_TypeError,
		"ufunc '%s' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''",
		u->name);
	return -1;
}

/*
 * Resolution repeats: a loop of small statements asks for the same ufunc on
 * the same dtypes every time.  A direct-mapped table keyed by (ufunc,
 * operand dtypes, which operands are Python scalars of which class) keeps
 * the answers that depend on nothing else: never an error, and never one
 * where a Python int became an integer dtype (whether it fits depends on its
 * value).  Per thread, as resolution may run off the evaluator's thread.
 */
enum { RC_SLOTS = 64 };
struct rc_entry {
	short uf, loop;            /* uf -1: empty */
	signed char nin;
	signed char dtype[EW_MAXARGS], pyclass[EW_MAXARGS], dts[EW_MAXARGS];
};
static _Thread_local struct rc_entry rc_table[RC_SLOTS];
static _Thread_local int rc_ready;

static struct rc_entry *rc_slot(int uf, int nin, const struct uf_operand *ops)
{
	unsigned h = (unsigned)uf * 31u + (unsigned)nin;
	for (int i = 0; i < nin; i++)
		h = h * 31u + (unsigned)ops[i].dtype * 7u + (unsigned)ops[i].pyclass;
	return &rc_table[h % RC_SLOTS];
}

/* the key fits the entry's small fields */
static int rc_keyable(int uf, int nin, const struct uf_operand *ops)
{
	if (uf < 0 || uf > 32767 || nin < 1 || nin > EW_MAXARGS)
		return 0;
	for (int i = 0; i < nin; i++)
		if (ops[i].dtype < 0 || ops[i].dtype > 127 || ops[i].pyclass < 0 || ops[i].pyclass > 127)
			return 0;
	return 1;
}

static int rc_matches(const struct rc_entry *e, int uf, int nin, const struct uf_operand *ops)
{
	if (e->uf != uf || e->nin != nin)
		return 0;
	for (int i = 0; i < nin; i++)
		if (e->dtype[i] != ops[i].dtype || e->pyclass[i] != ops[i].pyclass)
			return 0;
	return 1;
}

int uf_resolve(struct eval *ev, int uf, int nin, const struct uf_operand *ops, int *dts)
{
	struct rc_entry *e;
	int loop, keyable = rc_keyable(uf, nin, ops);
	if (!rc_ready) {
		for (int i = 0; i < RC_SLOTS; i++)
			rc_table[i].uf = -1;
		rc_ready = 1;
	}
	e = keyable ? rc_slot(uf, nin, ops) : NULL;
	if (e && rc_matches(e, uf, nin, ops)) {
		for (int i = 0; i < nin; i++)
			dts[i] = e->dts[i];
		return e->loop;
	}
	loop = resolve_uncached(ev, uf, nin, ops, dts);
	if (loop < 0 || !e || loop > 32767)
		return loop;
	for (int i = 0; i < nin; i++)
		if ((ops[i].pyclass == VT_INT && dt_is_int(dts[i])) || dts[i] < 0 || dts[i] > 127)
			return loop;
	e->uf = (short)uf;
	e->nin = (signed char)nin;
	e->loop = (short)loop;
	for (int i = 0; i < nin; i++) {
		e->dtype[i] = (signed char)ops[i].dtype;
		e->pyclass[i] = (signed char)ops[i].pyclass;
		e->dts[i] = (signed char)dts[i];
	}
	return loop;
}

/* ---- applying a ufunc ---- */

struct operand {
	struct ndarray *arr;     /* owned, or NULL for a scalar */
	struct npscalar sc;
	int pyclass;
};

static void operands_free(struct operand *o, int n)
{
	for (int i = 0; i < n; i++)
		nd_decref(o[i].arr);
}

static int operand_of(struct eval *ev, const struct backend *be, struct value *v,
		      struct operand *o)
{
	memset(o, 0, sizeof *o);
	if (v->type == VT_NDARRAY) {
		o->arr = arr_asarray(ev, be, v, -1);
		return o->arr ? 0 : -1;
	}
	if (!arr_value_scalar(v, &o->sc, &o->pyclass))
		return 0;
	if (v->type == VT_LIST || v->type == VT_TUPLE || v->type == VT_RANGE) {
		o->arr = arr_asarray(ev, be, v, -1);
		return o->arr ? 0 : -1;
	}
	if (v->type == VT_OBJECT && v->u.obj.t->getattr) { /* np.poly1d ...: its __array__ */
		struct value *f = v->u.obj.t->getattr(ev, v, "__array__");
		if (f) {
			val_decref(f);
			o->arr = arr_asarray(ev, be, v, -1);
			return o->arr ? 0 : -1;
		}
		if (err_occurred(ev))
			err_clear(ev);
	}
	err_set(ev, TY_TypeError, "unsupported type for a ufunc operand: '%s'", val_type_name(v));
	return -1;
}

/* ValueError for integer ** negative integer (NumPy checks the values). */
static int check_int_power(struct eval *ev, const struct npscalar *sc,
			   const struct ndarray *arr, int dt)
{
	if (!dt_is_int(dt) || dtype_table[dt].kind == DK_UINT)
		return 0;
	if (!arr) {
		struct npscalar s;
		if (!sc)
			return 0;
		arr_scalar_cast(sc, DT_INT64, &s);
		if (s.v.i < 0)
			goto bad;
		return 0;
	}
	if (nd_host_memory(arr) && dtype_table[arr->dtype].kind == DK_INT) {
		int64_t idx[ND_MAXDIM] = {0}, n = nd_size(arr);
		const struct ndarray *a = arr;
		for (int64_t k = 0; k < n; k++) {
			const char *p = nd_data(a);
			struct npscalar s;
			for (int d = 0; d < a->ndim; d++)
				p += idx[d] * a->strides[d];
			arr_scalar_load(a->dtype, p, &s);
			if (s.v.i < 0)
				goto bad;
			for (int d = a->ndim - 1; d >= 0; d--) {
				if (++idx[d] < a->shape[d])
					break;
				idx[d] = 0;
			}
		}
	}
	return 0;
bad:
	err_set(ev, TY_ValueError, "Integers to negative integer powers are not allowed.");
	return -1;
}

int uf_plan(struct eval *ev, int uf, int nin, const struct uf_operand *uo,
	    const struct npscalar *const *sc, const struct ndarray *const *arr,
	    struct uf_plan *p)
{
	const struct ufunc *u = &ufunc_table[uf];
	int loop = uf_resolve(ev, uf, nin, uo, p->dts), odt;
	if (loop < 0)
		return -1;
	odt = uf_loop_out(&u->loops[loop]);
	p->uf = uf;
	p->nin = nin;
	p->loop = loop;
	p->odt = odt;
	if (uf != named_ufunc("power", &ix_power))
		return 0;
	if (check_int_power(ev, sc[1], arr[1], p->dts[1]) < 0)
		return -1;
	/* NumPy's power loops answer a scalar exponent of 2, 0.5 and -1 with
	 * square, sqrt and reciprocal (so (-0.0)**0.5 is -0.0, and fast) */
	if (sc[1] && dt_is_float(odt)) {
		struct npscalar e;
		const char *alt;
		arr_scalar_cast(sc[1], DT_FLOAT64, &e);
		alt = e.v.f == 2.0 ? "square" : e.v.f == 0.5 ? "sqrt" : e.v.f == -1.0 ? "reciprocal" : NULL;
		if (alt) {
			int u2 = uf_lookup(alt);
			for (int l = 0; l < ufunc_table[u2].nloops; l++)
				if (uf_loop_in(&ufunc_table[u2].loops[l], 0) == odt &&
				    uf_loop_out(&ufunc_table[u2].loops[l]) == odt) {
					p->uf = u2;
					p->loop = l;
					p->nin = 1;
					break;
				}
		}
	}
	return 0;
}

static int shares(const struct ndarray *a, const struct ndarray *b)
{
	return a->buf == b->buf;
}

static int same_shape(const struct ndarray *a, int ndim, const int64_t *shape)
{
	if (a->ndim != ndim)
		return 0;
	for (int k = 0; k < ndim; k++)
		if (a->shape[k] != shape[k])
			return 0;
	return 1;
}

static int same_layout(const struct ndarray *a, const struct ndarray *b)
{
	return a->offset == b->offset && a->ndim == b->ndim && a->dtype == b->dtype &&
	       !memcmp(a->strides, b->strides, sizeof(int64_t) * a->ndim);
}

static const struct backend *pick_backend(const struct backend *be, int nin, struct value **in)
{
	/* the first array operand decides when the caller did not (operators) */
	if (be)
		return be;
	for (int i = 0; i < nin; i++)
		if (in[i]->type == VT_NDARRAY)
			return nd_backend(in[i]->u.arr);
	return &backend_host;
}

/* NumPy's order='K' for a new output: the axis order of the operands'
 * memory (the nditer's insertion sort by |stride|; a size-1 or broadcast
 * axis has no say, and where operands disagree C order wins).  perm[k] is
 * the array axis at memory position k, outermost first; returns 1 when
 * that is not C order. */
int uf_k_order(struct ndarray *const *ops, int nops, int ndim, const int64_t *shape, int *perm)
{
	int it[ND_MAXDIM]; /* iterator positions, innermost first: array axes */
	int changed = 0;
	for (int i = 0; i < ndim; i++)
		it[i] = ndim - 1 - i;
	for (int i0 = 1; i0 < ndim; i0++) {
		int ipos = i0, j0 = it[i0];
		for (int i1 = i0 - 1; i1 >= 0; i1--) {
			int j1 = it[i1], ambig = 1, swap = 0;
			for (int o = 0; o < nops; o++) {
				int64_t s0 = shape[j0] == 1 ? 0 : ops[o]->strides[j0];
				int64_t s1 = shape[j1] == 1 ? 0 : ops[o]->strides[j1];
				if (s0 && s1) {
					if ((s1 < 0 ? -s1 : s1) <= (s0 < 0 ? -s0 : s0))
						swap = 0;
					else if (ambig)
						swap = 1;
					ambig = 0;
				}
			}
			if (!ambig) {
				if (swap)
					ipos = i1;
				else
					break;
			}
		}
		if (ipos != i0) {
			for (int k = i0; k > ipos; k--)
				it[k] = it[k - 1];
			it[ipos] = j0;
			changed = 1;
		}
	}
	for (int k = 0; k < ndim; k++)
		perm[k] = it[ndim - 1 - k];
	return changed;
}

struct ndarray *uf_new_result(struct eval *ev, const struct backend *be, int dtype, int ndim,
				  const int64_t *shape, struct ndarray *const *ops, int nops)
{
	int perm[ND_MAXDIM];
	int64_t psh[ND_MAXDIM], st;
	struct ndarray *r;
	int plain = !be->order_k || ndim < 2 || nops == 0;
	/* size-1 axes: NumPy's strides for them follow rules of its iterator
	 * not modelled here, so such results (and empty ones) stay C order */
	for (int k = 0; k < ndim && !plain; k++)
		plain = shape[k] <= 1;
	if (plain || !uf_k_order(ops, nops, ndim, shape, perm))
		return nd_new(ev, be, dtype, ndim, shape);
	for (int k = 0; k < ndim; k++)
		psh[k] = shape[perm[k]];
	r = nd_new(ev, be, dtype, ndim, psh);
	if (!r)
		return NULL;
	st = dt_size(dtype);
	for (int k = ndim - 1; k >= 0; k--) {
		r->shape[perm[k]] = shape[perm[k]];
		r->strides[perm[k]] = st;
		st *= shape[perm[k]] ? shape[perm[k]] : 1;
	}
	return r;
}

/* Core of every ufunc application: resolved, broadcast, evaluated. */
static struct ndarray *apply_ufunc(struct eval *ev, const struct backend *be, int uf, int nin,
				   struct value **in, struct ndarray *out, int force_dtype);

/* the ufunc over in; a new result of a matrix operand is a matrix, as
 * np.matrix's __array_wrap__ makes it (a 2-D one: broadcasting keeps two) */
static struct ndarray *apply(struct eval *ev, const struct backend *be, int uf, int nin,
			     struct value **in, struct ndarray *out, int force_dtype)
{
	struct ndarray *res = apply_ufunc(ev, be, uf, nin, in, out, force_dtype);
	if (res && !out && res->ndim == 2 && res->refcnt == 1)
		for (int i = 0; i < nin; i++)
			if (arr_is_matrix(in[i]))
				res->sub = ND_MATRIX;
	return res;
}

static struct ndarray *apply_ufunc(struct eval *ev, const struct backend *be, int uf, int nin,
				   struct value **in, struct ndarray *out, int force_dtype)
{
	const struct ufunc *u = &ufunc_table[uf];
	struct operand o[EW_MAXARGS];
	struct uf_operand uo[EW_MAXARGS] = {{0}};
	const struct ndarray *shp[EW_MAXARGS + 1];
	int dts[EW_MAXARGS], loop, odt, ndim, nshp = 0;
	int64_t shape[ND_MAXDIM];
	struct ndarray *res = NULL, *views[EW_MAXARGS] = {0};
	struct ew_tree tree, *t = &tree;   /* only the counts and the nodes pushed are set */
	struct ndarray zerod;
	int zerod_set = 0;
	const int nops = nin;

	if (nin != u->nin)
		return err_set(ev, TY_TypeError, "%s() takes from %d to %d positional arguments but %d were given",
			       u->name, u->nin, u->nin + u->nout, nin);
	if (u->nout != 1)   /* frexp: its two halves are applied instead (ufuncfn.c) */
		return err_set(ev, TY_ValueError, "Only single output ufuncs supported at this time");
	be = pick_backend(be, nin, in);
	for (int i = 0; i < nin; i++)
		if (operand_of(ev, be, in[i], &o[i]) < 0) {
			operands_free(o, i);
			return NULL;
		}
	if (out && (nd_backend(out) != be)) {
		err_set(ev, TY_TypeError, "Unsupported type <class 'numpy.ndarray'>");
		goto done;
	}
	if (out && !(out->flags & ND_WRITEABLE)) { /* a += 1, out= on np.frombuffer(bytes) */
		err_set(ev, TY_ValueError, "output array is read-only");
		goto done;
	}
	for (int i = 0; i < nin; i++) {
		uo[i].dtype = o[i].arr ? o[i].arr->dtype : o[i].sc.dtype;
		uo[i].pyclass = o[i].arr ? 0 : o[i].pyclass;
		uo[i].ival = o[i].sc.v.i;
		/* scalars take part as 0-d operands (NumPy lists them as "()"); zerod
		 * is cleared only when one is needed (it is large) */
		if (!o[i].arr && !zerod_set) {
			memset(&zerod, 0, sizeof zerod);
			zerod_set = 1;
		}
		shp[nshp++] = o[i].arr ? o[i].arr : &zerod;
	}
	if (force_dtype >= 0) {
		/* dtype=: the first loop whose output is that dtype and inputs cast same_kind */
		loop = -1;
		for (int l = 0; l < u->nloops && loop < 0; l++) {
			if (uf_loop_out(&u->loops[l]) != force_dtype)
				continue;
			loop = l;
			for (int i = 0; i < nin; i++) {
				dts[i] = uf_loop_in(&u->loops[l], i);
				if (!uo[i].pyclass && !dt_can_cast(uo[i].dtype, dts[i], "same_kind"))
					loop = -1;
			}
		}
		if (loop < 0) {
			err_set(ev, TY_TypeError, "No loop matching the specified signature and casting was found for ufunc %s", u->name);
			goto done;
		}
	} else {
		const struct npscalar *scp[EW_MAXARGS] = {0};
		const struct ndarray *arp[EW_MAXARGS] = {0};
		struct uf_plan pl;
		for (int i = 0; i < nin; i++) {
			scp[i] = o[i].arr ? NULL : &o[i].sc;
			arp[i] = o[i].arr;
		}
		if (uf_plan(ev, uf, nin, uo, scp, arp, &pl) < 0)
			goto done;
		uf = pl.uf;
		u = &ufunc_table[uf];
		nin = pl.nin;
		loop = pl.loop;
		for (int i = 0; i < nops; i++)
			dts[i] = pl.dts[i];
	}
	odt = uf_loop_out(&u->loops[loop]);
	if (arr_broadcast_shapes(ev, nshp, shp, &ndim, shape) < 0)
		goto done;
	if (out) {
		/* out's shape must be what the inputs broadcast to, or hold it */
		shp[nshp] = out;
		int nd2;
		int64_t sh2[ND_MAXDIM];
		if (arr_broadcast_shapes(ev, nshp + 1, shp, &nd2, sh2) < 0)
			goto done;
		if (nd2 != out->ndim || memcmp(sh2, out->shape, sizeof(int64_t) * nd2)) {
			char s1[256], s2[256];
			arr_format_shape_compact(s1, sizeof s1, out->ndim, out->shape);
			arr_format_shape_compact(s2, sizeof s2, ndim, shape);
			err_set(ev, TY_ValueError, "non-broadcastable output operand with shape %s doesn't match the broadcast shape %s", s1, s2);
			goto done;
		}
		if (!dt_can_cast(odt, out->dtype, "same_kind")) {
			err_set(ev, TY_UFuncTypeError,
				"Cannot cast ufunc '%s' output from dtype('%s') to dtype('%s') with casting rule 'same_kind'",
				u->name, dtype_table[odt].name, dtype_table[out->dtype].name);
			goto done;
		}
		ndim = out->ndim;
		memcpy(shape, out->shape, sizeof(int64_t) * ndim);
		res = nd_incref(out);
	}
	t->nnodes = t->narrays = t->nscalars = 0;
	{
		struct ew_node *un;
		int argn[EW_MAXARGS];
		for (int i = 0; i < nin; i++) {
			struct ew_node *n = &t->nodes[t->nnodes];
			memset(n, 0, sizeof *n);
			if (o[i].arr) {
				struct ndarray *src = o[i].arr;
				if (out && shares(src, out) && !same_layout(src, out)) {
					struct ndarray *c = arr_contiguous(ev, src);
					if (!c)
						goto fail;
					nd_decref(o[i].arr);
					o[i].arr = src = c;
				}
				/* an operand of the result's shape is its own view */
				views[i] = same_shape(src, ndim, shape) ? nd_incref(src)
									 : arr_broadcast_to(ev, src, ndim, shape);
				if (!views[i])
					goto fail;
				n->kind = EW_ARRAY;
				n->dtype = src->dtype;
				n->leaf = t->narrays;
				t->arrays[t->narrays++] = views[i];
				t->nnodes++;
				if (src->dtype != dts[i]) {
					struct ew_node *c = &t->nodes[t->nnodes];
					memset(c, 0, sizeof *c);
					c->kind = EW_CAST;
					c->dtype = dts[i];
					c->nargs = 1;
					c->args[0] = t->nnodes - 1;
					t->nnodes++;
				}
			} else {
				n->kind = EW_SCALAR;
				n->dtype = dts[i];
				n->leaf = t->nscalars;
				arr_scalar_cast(&o[i].sc, dts[i], &t->scalars[t->nscalars++]);
				t->nnodes++;
			}
			argn[i] = t->nnodes - 1;
		}
		if (!res) {
			res = uf_new_result(ev, be, odt, ndim, shape, t->arrays, t->narrays);
			if (!res)
				goto fail;
		}
		un = &t->nodes[t->nnodes];
		memset(un, 0, sizeof *un);
		un->kind = EW_UFUNC;
		un->dtype = odt;
		un->ufunc = uf;
		un->loop = loop;
		un->nargs = nin;
		for (int i = 0; i < nin; i++)
			un->args[i] = argn[i];
		t->nnodes++;
		if (res->dtype != odt) {
			struct ew_node *c = &t->nodes[t->nnodes];
			memset(c, 0, sizeof *c);
			c->kind = EW_CAST;
			c->dtype = res->dtype;
			c->nargs = 1;
			c->args[0] = t->nnodes - 1;
			t->nnodes++;
		}
	}
	if (!be->elementwise) {
		err_set(ev, TY_NotImplementedError, "elementwise operations are not supported by the %s backend", be->name);
		goto fail;
	}
	if (be->elementwise(ev, t, res) < 0)
		goto fail;
	goto done;
fail:
	nd_decref(res);
	res = NULL;
done:
	for (int i = 0; i < nops; i++)
		nd_decref(views[i]);
	operands_free(o, nops);
	return res;
}

struct ndarray *uf_apply_arrays(struct eval *ev, const struct backend *be, int uf,
				int nin, struct value **in, struct ndarray *out)
{
	return apply(ev, be, uf, nin, in, out, -1);
}

struct value *uf_apply(struct eval *ev, const struct backend *be, int uf, int nin,
		       struct value **in, struct value *out)
{
	struct ndarray *o = NULL, *r;
	if (out && out->type != VT_NONE) {
		if (out->type == VT_TUPLE && out->u.seq.n == 1)
			out = out->u.seq.items[0];
		o = arr_borrow(out);
		if (!o)
			return err_set(ev, TY_TypeError, "return arrays must be of ArrayType");
	}
	r = apply(ev, be, uf, nin, in, o, -1);
	if (!r)
		return NULL;
	if (o) {
		nd_decref(r);
		return val_incref(out);
	}
	return arr_result(ev, r);
}

/* ---- operators ---- */

static const char *const binop_ufunc[OP_COUNT] = {
	[OP_ADD] = "add", [OP_SUB] = "subtract", [OP_MUL] = "multiply",
	[OP_TRUEDIV] = "true_divide", [OP_FLOORDIV] = "floor_divide",
	[OP_MOD] = "remainder", [OP_POW] = "power", [OP_MATMUL] = "matmul",
	[OP_LSHIFT] = "left_shift", [OP_RSHIFT] = "right_shift",
	[OP_AND] = "bitwise_and", [OP_OR] = "bitwise_or", [OP_XOR] = "bitwise_xor",
	[OP_LT] = "less", [OP_LE] = "less_equal", [OP_EQ] = "equal",
	[OP_NE] = "not_equal", [OP_GT] = "greater", [OP_GE] = "greater_equal",
};
static const char *const binop_sym[OP_COUNT] = {
	"+", "-", "*", "/", "//", "%", "**", "@", "<<", ">>", "&", "|", "^",
	"<", "<=", "==", "!=", ">", ">=",
};

int uf_binop_index(int op)
{
	static int ufidx[OP_COUNT];
	static int init;
	if (!init) {
		for (int i = 0; i < OP_COUNT; i++)
			ufidx[i] = binop_ufunc[i] && i != OP_MATMUL ? uf_lookup(binop_ufunc[i]) : -1;
		init = 1;
	}
	return op >= 0 && op < OP_COUNT ? ufidx[op] : -1;
}

int uf_builtin_index(const struct value *f)
{
	/* arr_ufunc_funcs[0] is np.add: every plain ufunc shares its handler */
	if (f->type != VT_BUILTIN || f->u.bi.self || f->u.bi.fn != arr_ufunc_funcs[0].fn)
		return -1;
	return uf_lookup(f->u.bi.name);
}

static int is_operand(struct value *v)
{
	switch (v->type) {
	case VT_BOOL: case VT_INT: case VT_FLOAT: case VT_COMPLEX:
	case VT_SCALAR: case VT_NDARRAY: case VT_LIST: case VT_TUPLE:
		return 1;
	default:
		return 0;
	}
}

static int is_pyscalar_or_np(struct value *v)
{
	return v->type == VT_BOOL || v->type == VT_INT || v->type == VT_FLOAT || v->type == VT_COMPLEX ||
	       v->type == VT_SCALAR;
}

/* the @ operator: numerics' linalg.c registers it (uf_set_matmul) */
static struct value *(*matmul_hook)(struct eval *ev, struct value *l, struct value *r);

void uf_set_matmul(struct value *(*fn)(struct eval *ev, struct value *l, struct value *r))
{
	matmul_hook = fn;
}

/* a float64 operand of the scalar fast path: a np.float64 scalar, a Python
 * float or int (NEP 50: weak, taken as float64) */
static int f64_operand(const struct value *v, double *d)
{
	switch (v->type) {
	case VT_SCALAR:
		if (v->u.sc.dtype != DT_FLOAT64)
			return 0;
		*d = v->u.sc.v.f;
		return 1;
	case VT_FLOAT:
		*d = v->u.f;
		return 1;
	case VT_INT:
		*d = (double)v->u.i;
		return 1;
	default:
		return 0;
	}
}

/* NumPy's scalar math on np.float64 (a loop over x[i] in a cell): + - * /
 * ** of a float64 scalar and a float64 scalar or Python number, computed
 * here when no floating-point condition can arise (finite operands, a
 * normal or exact-zero-sum result); NULL leaves it to the ufunc, which
 * warns as NumPy does.  The results are the ufunc loops' (C's double
 * arithmetic and pow()). */
static struct value *f64_scalar_binop(enum binop op, struct value *l, struct value *r)
{
	double a, b, x;
	if (op != OP_ADD && op != OP_SUB && op != OP_MUL && op != OP_TRUEDIV && op != OP_POW)
		return NULL;
	if ((l->type != VT_SCALAR && r->type != VT_SCALAR) || !f64_operand(l, &a) || !f64_operand(r, &b))
		return NULL;
	if (!isfinite(a) || !isfinite(b))
		return NULL;
	switch (op) {
	case OP_ADD: x = a + b; break;
	case OP_SUB: x = a - b; break;
	case OP_MUL: x = a * b; break;
	case OP_TRUEDIV: x = a / b; break;
	default: x = pow(a, b); break;
	}
	if (!isfinite(x) || (x == 0 ? op != OP_ADD && op != OP_SUB : !isnormal(x)))
		return NULL;
	union scalar_data u = {.f = x};
	return val_scalar(DT_FLOAT64, u);
}

struct value *arr_binop(struct eval *ev, enum binop op, struct value *l, struct value *r, int inplace)
{
	static int ufidx[OP_COUNT];
	static int init;
	struct value *in[2] = {l, r};
	const struct backend *be = NULL;
	struct ndarray *la = arr_borrow(l), *ra = arr_borrow(r);

	if (!init) {
		for (int i = 0; i < OP_COUNT; i++)
			ufidx[i] = binop_ufunc[i] ? uf_lookup(binop_ufunc[i]) : -1;
		init = 1;
	}
	if (!is_operand(l) || !is_operand(r)) {
		if (op == OP_EQ)
			return val_bool(0);
		if (op == OP_NE)
			return val_bool(1);
		return err_set(ev, TY_TypeError, "unsupported operand type(s) for %s: '%s' and '%s'",
			       binop_sym[op], val_type_name(l), val_type_name(r));
	}
	if (op == OP_MATMUL) {
		if (!matmul_hook)
			return err_set(ev, TY_NotImplementedError, "matmul is not implemented");
		if (arr_is_matrix(l) || arr_is_matrix(r))
			return arr_matrix_wrap(ev, matmul_hook(ev, l, r), 0);
		return matmul_hook(ev, l, r);
	}
	/* m * x, x * m, m ** n, m *= x (np.dot, matrix_power); an array's a *= m and
	 * a ** m stay elementwise, as NumPy's do (a scalar's 2 ** m is a TypeError) */
	if ((op == OP_MUL && (arr_is_matrix(l) || (!inplace && arr_is_matrix(r)))) ||
	    (op == OP_POW && (arr_is_matrix(l) || (arr_is_matrix(r) && l->type != VT_NDARRAY))))
		return arr_matrix_binop(ev, op, l, r, inplace);
	/* mixing np and cp: CuPy's TypeError, whichever side is numpy */
	if (la && ra && nd_backend(la) != nd_backend(ra) &&
	    (arr_is_cupy(nd_backend(la)) != arr_is_cupy(nd_backend(ra)) ||
	     nd_device(la) != nd_device(ra)))
		return err_set(ev, TY_TypeError, "Unsupported type <class 'numpy.ndarray'>");
	if (la && arr_is_cupy(nd_backend(la)))
		be = nd_backend(la);
	else if (ra && arr_is_cupy(nd_backend(ra)))
		be = nd_backend(ra);
	else if (la)
		be = nd_backend(la);
	else if (ra)
		be = nd_backend(ra);
	else
		be = &backend_host;
	if (inplace && la) {
		struct ndarray *res = apply(ev, be, ufidx[op], 2, in, la, -1);
		if (!res)
			return NULL;
		nd_decref(res);
		return val_incref(l);
	}
	if ((l->type == VT_SCALAR || r->type == VT_SCALAR) && is_pyscalar_or_np(l) && is_pyscalar_or_np(r)) {
		struct value *fast = f64_scalar_binop(op, l, r);
		if (fast)
			return fast;
		/* NumPy's scalar math: its warnings say "scalar divide" */
		const char *saved = fpe_scalar_begin(binop_ufunc[op]);
		struct value *res = arr_result(ev, apply(ev, be, ufidx[op], 2, in, NULL, -1));
		fpe_scalar_end(saved);
		if (res && fpe_scalar_int_check(ev, binop_ufunc[op], l, r, res) < 0) {
			val_decref(res);
			return NULL;
		}
		return res;
	}
	return arr_result(ev, apply(ev, be, ufidx[op], 2, in, NULL, -1));
}

struct value *arr_unop(struct eval *ev, enum unop op, struct value *v)
{
	const char *name = op == UOP_NEG ? "negative" : op == UOP_POS ? "positive" :
			   op == UOP_INVERT ? "invert" : NULL;
	if (op == UOP_NOT) {
		int t = arr_truth(ev, v);
		return t < 0 ? NULL : val_bool(!t);
	}
	if (op == UOP_POS && v->type == VT_NDARRAY && v->u.arr->dtype == DT_BOOL)
		return err_set(ev, TY_TypeError, "ufunc 'positive' did not contain a loop with signature matching types <class 'numpy.dtypes.BoolDType'> -> None");
	if (op == UOP_NEG && v->type == VT_SCALAR && v->u.sc.dtype == DT_FLOAT64) {
		union scalar_data u = {.f = -v->u.sc.v.f};   /* no condition can arise */
		return val_scalar(DT_FLOAT64, u);
	}
	if (op == UOP_NEG && v->type == VT_SCALAR) {
		struct value *res = arr_result(ev, apply(ev, NULL, uf_lookup(name), 1, &v, NULL, -1));
		if (res && fpe_scalar_int_check(ev, "negative", v, NULL, res) < 0) {
			val_decref(res);
			return NULL;
		}
		return res;
	}
	return arr_result(ev, apply(ev, NULL, uf_lookup(name), 1, &v, NULL, -1));
}

/* arr_binop, where a Python int beyond int64 may meet an array or NumPy
 * scalar as NumPy 2 treats it: a float for inexact dtypes, a uint64 when it
 * fits one, +-inf for comparisons with integers (beyond every element),
 * else OverflowError */
static struct value *arr_binop_pyint(struct eval *ev, enum binop op, struct value *l,
				     struct value *r, int inplace)
{
	if (l->type != VT_BIGINT && r->type != VT_BIGINT)
		return arr_binop(ev, op, l, r, inplace);
	struct value *big = l->type == VT_BIGINT ? l : r, *arr = big == l ? r : l, *x = NULL;
	int dt = arr->type == VT_SCALAR ? arr->u.sc.dtype : arr->type == VT_NDARRAY ? arr->u.arr->dtype : -1;
	union scalar_data u = {0};
	double d;
	if (dt >= 0 && dt_is_inexact(dt)) {
		if (big_to_double(ev, big, &d) < 0)
			return NULL;
		x = val_float(d);
	} else if (dt == DT_UINT64 && big_sign(big) > 0 && big_bit_length(big) <= 64) {
		big_as_uint64(ev, big, &u.u);
		x = val_scalar(DT_UINT64, u);
	} else if (dt >= 0 && op >= OP_LT) {
		x = val_float(big_sign(big) > 0 ? INFINITY : -INFINITY);
	} else {
		return err_set(ev, TY_OverflowError, "Python int too large to convert to C long");
	}
	if (!x)
		return err_nomem(ev);
	struct value *out = arr_binop(ev, op, big == l ? x : l, big == r ? x : r, inplace);
	val_decref(x);
	return out;
}

/* abs(x) of an array or a NumPy scalar */
static struct value *arr_abs(struct eval *ev, struct value *v)
{
	if (v->type == VT_NDARRAY)
		return arr_ufunc_call(ev, nd_backend(v->u.arr), "absolute", 1, &v, NULL);
	/* NumPy's scalar math: abs(np.int8(-128)) warns (np.abs does not) */
	struct value *r = arr_ufunc_call(ev, &backend_host, "absolute", 1, &v, NULL);
	if (r && fpe_scalar_int_check(ev, "absolute", v, NULL, r) < 0) {
		val_decref(r);
		return NULL;
	}
	return r;
}

/* ufunc objects (np.add ...) are VT_BUILTIN: their repr and methods */
static char *ufunc_slot_repr(struct eval *ev, struct value *v)
{
	return ufm_repr(v);
}

/* NULL with no error for a builtin that is no ufunc (value.h) */
static struct value *ufunc_slot_getattr(struct eval *ev, struct value *v, const char *name)
{
	return ufm_is_ufunc(v) ? ufm_getattr(ev, v, name) : NULL;
}

/* arr_hooks: NumPy's cast of one item, and a ufunc called by name */
static void cast_item(int from, int to, const void *src, void *dst)
{
	uf_cast[from][to](src, 0, dst, 0, 1);
}

static struct value *ufunc_call(struct eval *ev, const struct backend *be, const char *name,
				int nin, struct value **in, struct value *out)
{
	int uf = uf_lookup(name);
	if (uf < 0)
		return err_set(ev, TY_NotImplementedError, "ufunc '%s' is not implemented", name);
	return uf_apply(ev, be, uf, nin, in, out);
}

void uf_register_slots(void)
{
	arr_hooks.cast_item = cast_item;
	arr_hooks.ufunc_call = ufunc_call;
	val_slots[VT_NDARRAY].binop = val_slots[VT_SCALAR].binop = arr_binop_pyint;
	val_slots[VT_NDARRAY].unop = val_slots[VT_SCALAR].unop = arr_unop;
	val_slots[VT_NDARRAY].abs = val_slots[VT_SCALAR].abs = arr_abs;
	val_slots[VT_BUILTIN].repr = ufunc_slot_repr;
	val_slots[VT_BUILTIN].getattr = ufunc_slot_getattr;
}
