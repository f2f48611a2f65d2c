/*
 * cuda_ew.c — generated kernels: an elementwise expression tree (backend.h)
 * printed as CUDA C from the ufunc table's expressions (ufunc.h), and the
 * same tree feeding a reduction in one kernel.  Specialised by the tree's
 * shape, dtypes, ndim after collapsing axes and each operand's layout
 * (contiguous with vector loads when aligned, uniform, strided); scalars are
 * kernel parameters and never in the cache key.  Grid-stride loops, 8 blocks
 * per SM of 256 threads.
 *
 * Owns only scratch memory for partial results.  Never resolves types: the
 * tree arrives resolved.
 */
#include "config.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "backend/backend.h"
#include "lang/error.h"
#include "lang/strbuf.h"
#include "ufunc/ufunc.h"
#include "backend/cuda/cuda_int.h"

#ifdef HAVE_CUDA

enum { M_CONTIG, M_UNIFORM, M_STRIDED };

/* ---- types ---- */
static const char *ct(int dt) /* compute type */
{
	static const char *t[DT_COUNT] = {"bool", "int8_t", "int16_t", "int32_t", "int64_t",
		"uint8_t", "uint16_t", "uint32_t", "uint64_t", "float", "float", "double",
		"lm_cfloat", "lm_cdouble"};
	return t[dt];
}
static const char *st(int dt) /* storage type */
{
	return dt == DT_BOOL ? "uint8_t" : dt == DT_FLOAT16 ? "lm_half" : ct(dt);
}
/* the kernel parameter type a scalar travels as */
static const char *pt(int dt)
{
	switch (dtype_table[dt].kind) {
	case DK_UINT: return "unsigned long long";
	case DK_FLOAT: return "double";
	case DK_COMPLEX: return "lm_cdouble";
	default: return "long long";
	}
}

/* storage -> compute */
static void load_conv(struct sbuf *b, int dt, const char *x)
{
	if (dt == DT_BOOL)
		sb_printf(b, "((%s) != 0)", x);
	else if (dt == DT_FLOAT16)
		sb_printf(b, "lm_h2f(%s)", x);
	else
		sb_printf(b, "(%s)", x);
}

/* compute value x of dtype `from` as dtype `to` (NumPy's casts) */
static void cast(struct sbuf *b, int from, int to, const char *x)
{
	char kf = dtype_table[from].kind, kt = dtype_table[to].kind;
	if (from == to || (from == DT_FLOAT16 && to == DT_FLOAT32)) {
		sb_printf(b, "(%s)", x);
		return;
	}
	if (kt == DK_BOOL) {
		if (kf == DK_COMPLEX)
			sb_printf(b, "((%s).re != 0 || (%s).im != 0)", x, x);
		else
			sb_printf(b, "((%s) != 0)", x);
		return;
	}
	if (kt == DK_COMPLEX) {
		if (kf == DK_COMPLEX)
			sb_printf(b, "%s(%s)", ct(to), x);
		else
			sb_printf(b, "%s((%s)(%s), 0)", ct(to), to == DT_COMPLEX64 ? "float" : "double", x);
		return;
	}
	if (kf == DK_COMPLEX) {
		char re[512];
		snprintf(re, sizeof re, "(%s).re", x);
		cast(b, from == DT_COMPLEX64 ? DT_FLOAT32 : DT_FLOAT64, to, re);
		return;
	}
	if (kf == DK_FLOAT && (kt == DK_INT || kt == DK_UINT)) {
		switch (to) {
		case DT_INT64: sb_printf(b, "lm_cvt64(%s)", x); return;
		case DT_UINT64: sb_printf(b, "lm_cvtu64(%s)", x); return;
		case DT_UINT32: sb_printf(b, "(uint32_t)lm_cvt64(%s)", x); return;
		default: sb_printf(b, "(%s)lm_cvt32(%s)", ct(to), x); return;
		}
	}
	if (to == DT_FLOAT16) {
		sb_printf(b, "lm_hround((float)(%s))", x);
		return;
	}
	sb_printf(b, "((%s)(%s))", ct(to), x);
}

/* compute -> storage */
static void store_conv(struct sbuf *b, int dt, const char *x)
{
	if (dt == DT_BOOL)
		sb_printf(b, "(uint8_t)(%s)", x);
	else if (dt == DT_FLOAT16)
		sb_printf(b, "lm_f2h(%s)", x);
	else
		sb_printf(b, "(%s)", x);
}

/* expr with in0/in1/in2 replaced by the given names */
static void subst(struct sbuf *b, const char *e, const char *const *names, int n)
{
	const char *p = e;
	while (*p) {
		if ((p[0] == 'i' && p[1] == 'n' && p[2] >= '0' && p[2] < '0' + n)
		    && (p == e || !(p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') || (p[-1] >= 'A' && p[-1] <= 'Z') || (p[-1] >= '0' && p[-1] <= '9')))
		    && !(p[3] == '_' || (p[3] >= 'a' && p[3] <= 'z') || (p[3] >= 'A' && p[3] <= 'Z') || (p[3] >= '0' && p[3] <= '9'))) {
			sb_printf(b, "(%s)", names[p[2] - '0']);
			p += 3;
		} else {
			sb_printf(b, "%c", *p++);
		}
	}
}

/* ---- the layout of every operand after collapsing axes ---- */
#define NOPS (EW_MAXNODES + 1)
struct layout {
	int nd;
	int64_t shape[ND_MAXDIM];
	int64_t str[NOPS][ND_MAXDIM];
	int nops;
	int mode[NOPS];
};

/* Drops size-1 axes and merges neighbours every operand walks as one. */
static void collapse(struct layout *L, int nd, const int64_t *shape, int nops,
		     const int64_t *const *strides, const int *itemsize)
{
	int k = 0;
	L->nops = nops;
	for (int d = 0; d < nd; d++) {
		if (shape[d] == 1)
			continue;
		int merge = k > 0;
		for (int o = 0; merge && o < nops; o++)
			if (L->str[o][k - 1] != strides[o][d] * shape[d])
				merge = 0;
		if (merge) {
			L->shape[k - 1] *= shape[d];
			for (int o = 0; o < nops; o++)
				L->str[o][k - 1] = strides[o][d];
		} else {
			L->shape[k] = shape[d];
			for (int o = 0; o < nops; o++)
				L->str[o][k] = strides[o][d];
			k++;
		}
	}
	if (k == 0) { /* one element: a 1-d walk of length 1 */
		L->shape[0] = 1;
		for (int o = 0; o < nops; o++)
			L->str[o][0] = 0;
		k = 1;
	}
	L->nd = k;
	for (int o = 0; o < nops; o++) {
		int zero = 1;
		for (int d = 0; d < k; d++)
			zero &= L->str[o][d] == 0;
		if (zero)
			L->mode[o] = M_UNIFORM;
		else if (k == 1 && L->str[o][0] == itemsize[o])
			L->mode[o] = M_CONTIG;
		else
			L->mode[o] = M_STRIDED;
	}
}

unsigned cuew_grid(int64_t n, int per_thread)
{
	int64_t want = (n / (per_thread > 0 ? per_thread : 1) + 255) / 256;
	int64_t cap = (int64_t)cuda_cur->sms * 8;
	if (want < 1)
		want = 1;
	return (unsigned)(want < cap ? want : cap);
}

/* ---- emitting a tree ----
 * The loads of array leaves are given per leaf as text by the caller
 * (`leafx[l]`: an expression of the leaf's storage type). */
static void emit_nodes(struct sbuf *b, const struct ew_tree *t, char leafx[][96], const char *pfx)
{
	for (int k = 0; k < t->nnodes; k++) {
		const struct ew_node *n = &t->nodes[k];
		char nm[3][256];
		const char *names[3];
		sb_printf(b, "\t\t%s %sv%d = ", ct(n->dtype), pfx, k);
		switch (n->kind) {
		case EW_ARRAY: {
			int adt = t->arrays[n->leaf]->dtype;
			struct sbuf tmp = {0};
			load_conv(&tmp, adt, leafx[n->leaf]);
			if (!tmp.oom)
				cast(b, adt, n->dtype, tmp.s);
			else
				b->oom = 1;
			free(tmp.s);
			break;
		}
		case EW_SCALAR: {
			char s[32];
			snprintf(s, sizeof s, "s%d", n->leaf);
			cast(b, t->scalars[n->leaf].dtype, n->dtype, s);
			break;
		}
		case EW_CAST: {
			char s[32];
			snprintf(s, sizeof s, "%sv%d", pfx, n->args[0]);
			cast(b, t->nodes[n->args[0]].dtype, n->dtype, s);
			break;
		}
		case EW_UFUNC: {
			const struct uf_loop *lp = &ufunc_table[n->ufunc].loops[n->loop];
			int odt = uf_loop_out(lp);
			struct sbuf e = {0};
			for (int i = 0; i < n->nargs; i++) {
				int cdt = t->nodes[n->args[i]].dtype, idt = uf_loop_in(lp, i);
				char v[32];
				snprintf(v, sizeof v, "%sv%d", pfx, n->args[i]);
				if (cdt == idt || idt < 0) {
					snprintf(nm[i], sizeof nm[i], "%s", v);
				} else {
					/* a child of another dtype: cast it where it is used */
					struct sbuf c = {0};
					cast(&c, cdt, idt, v);
					snprintf(nm[i], sizeof nm[i], "%s", c.s ? c.s : v);
					free(c.s);
				}
				names[i] = nm[i];
			}
			subst(&e, lp->cexpr, names, n->nargs);
			if (e.oom) {
				b->oom = 1;
			} else if (odt == DT_BOOL) {
				struct sbuf e2 = {0};
				sb_printf(&e2, "((%s) != 0)", e.s);
				cast(b, DT_BOOL, n->dtype, e2.s ? e2.s : "0");
				free(e2.s);
			} else if (odt == DT_FLOAT16) {
				struct sbuf e2 = {0};
				sb_printf(&e2, "lm_hround((float)(%s))", e.s);
				cast(b, DT_FLOAT16, n->dtype, e2.s ? e2.s : "0");
				free(e2.s);
			} else {
				cast(b, odt, n->dtype, e.s);
			}
			free(e.s);
			break;
		}
		}
		sb_printf(b, ";\n");
	}
}

/* NVRTC options of every generated ufunc tree: no FMA contraction, so a
 * fused tree (a*b + c) rounds after each node exactly as the unfused
 * kernels do (user ElementwiseKernels keep NVRTC's defaults, as CuPy). */
static const char *const tree_opts[] = {"--fmad=false"};

/* the cache key of a tree: kinds, dtypes, loops, layouts; never values */
struct key { unsigned char b[2048]; size_t n; };
static void key_add(struct key *k, const void *p, size_t n)
{
	if (k->n + n <= sizeof k->b) {
		memcpy(k->b + k->n, p, n);
		k->n += n;
	} else {
		k->n = sizeof k->b + 1;
	}
}
static void key_tree(struct key *k, const struct ew_tree *t)
{
	key_add(k, &t->nnodes, sizeof t->nnodes);
	for (int i = 0; i < t->nnodes; i++) {
		const struct ew_node *n = &t->nodes[i];
		int v[8] = {n->kind, n->dtype, n->ufunc, n->loop, n->nargs, n->args[0], n->args[1], n->args[2]};
		if (n->kind == EW_ARRAY)
			v[2] = t->arrays[n->leaf]->dtype, v[3] = n->leaf;
		else if (n->kind == EW_SCALAR)
			v[2] = t->scalars[n->leaf].dtype, v[3] = n->leaf;
		key_add(k, v, sizeof v);
	}
}

/* packs the scalars as their parameter type */
union sparam { long long i; unsigned long long u; double f; double c[2]; };
static void pack_scalars(const struct ew_tree *t, union sparam *sp)
{
	for (int i = 0; i < t->nscalars; i++) {
		const struct npscalar *s = &t->scalars[i];
		switch (dtype_table[s->dtype].kind) {
		case DK_BOOL: sp[i].i = s->v.b; break;
		case DK_INT: sp[i].i = s->v.i; break;
		case DK_UINT: sp[i].u = s->v.u; break;
		case DK_FLOAT: sp[i].f = s->v.f; break;
		default: sp[i].c[0] = __real__ s->v.c; sp[i].c[1] = __imag__ s->v.c; break;
		}
	}
}

static void emit_head(struct sbuf *b)
{
	sb_printf(b, "#include \"lumen.cuh\"\n#define UF_DEV static __device__ __forceinline__\n"
		  "#include \"uf_helpers.h\"\n");
}

/* scalar params and uniform leaves, loaded once per thread */
static void emit_params(struct sbuf *b, const struct ew_tree *t, const struct layout *L)
{
	for (int l = 0; l < t->narrays; l++)
		sb_printf(b, ", const %s *a%d", L->mode[l] == M_STRIDED ? "char" : st(t->arrays[l]->dtype), l);
	for (int s = 0; s < t->nscalars; s++)
		sb_printf(b, ", %s s%d", pt(t->scalars[s].dtype), s);
}

/* ---- elementwise ---- */

struct ewp { /* the strided operands' shapes and strides, as the kernel sees them */
	long long v[ND_MAXDIM * (NOPS + 1)];
	int n;
};

int cuew_elementwise(struct eval *ev, const struct ew_tree *t, struct ndarray *out)
{
	int64_t n = nd_size(out);
	struct layout L;
	const int64_t *strides[NOPS];
	int items[NOPS];
	int nops = t->narrays + 1, O = t->narrays;
	int V = 1, maxsz = dt_size(out->dtype), idx32, nstr = 0;
	struct key k;
	void *fn;
	struct ewp P;
	union sparam sp[EW_MAXNODES];
	void *args[2 * EW_MAXNODES + 8];
	void *ptrs[NOPS];
	int na = 0;

	if (n == 0)
		return 0;
	if (t->nnodes < 1 || t->nnodes > EW_MAXNODES)
		return err_set(ev, TY_ValueError, "bad expression tree"), -1;
	for (int l = 0; l < t->narrays; l++) {
		strides[l] = t->arrays[l]->strides;
		items[l] = dt_size(t->arrays[l]->dtype);
		ptrs[l] = nd_data(t->arrays[l]);
	}
	strides[O] = out->strides;
	items[O] = dt_size(out->dtype);
	ptrs[O] = nd_data(out);
	collapse(&L, out->ndim, out->shape, nops, strides, items);
	if (L.mode[O] == M_UNIFORM) /* writing one element many times: treat as strided */
		L.mode[O] = M_STRIDED;

	/* vector loads when every operand is contiguous/uniform and aligned */
	int allc = 1;
	for (int o = 0; o < nops; o++) {
		if (L.mode[o] == M_STRIDED)
			allc = 0;
		if (L.mode[o] == M_CONTIG && items[o] > maxsz)
			maxsz = items[o];
	}
	if (allc && maxsz < 16) {
		V = 16 / maxsz;
		if (V > 8)
			V = 8;
		for (int o = 0; o < nops; o++)
			if (L.mode[o] == M_CONTIG && ((uintptr_t)ptrs[o] % ((uintptr_t)V * items[o])))
				V = 1;
		if (n < 4 * V)
			V = 1;
	}
	idx32 = n < ((int64_t)1 << 31) - (int64_t)cuda_cur->sms * 8 * 256 * 16;
	for (int o = 0; o < nops; o++)
		nstr += L.mode[o] == M_STRIDED;

	/* cache key */
	{
		int hd[6] = {'E', V, idx32, L.nd, out->dtype, nstr};
		k.n = 0;
		key_add(&k, hd, sizeof hd);
		for (int o = 0; o < nops; o++)
			key_add(&k, &L.mode[o], sizeof(int));
		key_tree(&k, t);
	}
	fn = k.n <= sizeof k.b ? jit_lookup(k.b, k.n) : NULL;
	if (!fn) {
		struct sbuf b = {0};
		const char *IT = idx32 ? "unsigned int" : "long long";
		char leafx[EW_MAXNODES][96];
		int si;
		emit_head(&b);
		if (nstr)
			sb_printf(&b, "struct P { %s shape[%d]; long long st[%d][%d]; };\n", IT, L.nd, nstr, L.nd);
		sb_printf(&b, "extern \"C\" __global__ void __launch_bounds__(256) lm_ew(%s *out",
			  L.mode[O] == M_STRIDED ? "char" : st(out->dtype));
		emit_params(&b, t, &L);
		sb_printf(&b, ", %s n%s)\n{\n", IT, nstr ? ", const P p" : "");
		sb_printf(&b, "\t%s i0 = (%s)blockIdx.x * blockDim.x + threadIdx.x, step = (%s)gridDim.x * blockDim.x;\n",
			  IT, IT, IT);
		if (V > 1) {
			/* vector body */
			sb_printf(&b, "\t%s nv = n / %d;\n\tfor (%s j = i0; j < nv; j += step) {\n", IT, V, IT);
			for (int l = 0; l < t->narrays; l++) {
				if (L.mode[l] == M_CONTIG) {
					sb_printf(&b, "\t\tlm_vec<%s, %d> va%d = ((const lm_vec<%s, %d> *)a%d)[j];\n",
						  st(t->arrays[l]->dtype), V, l, st(t->arrays[l]->dtype), V, l);
					snprintf(leafx[l], sizeof leafx[l], "va%d.v[u]", l);
				} else {
					snprintf(leafx[l], sizeof leafx[l], "a%d[0]", l);
				}
			}
			sb_printf(&b, "\t\tlm_vec<%s, %d> vo;\n#pragma unroll\n\t\tfor (int u = 0; u < %d; u++) {\n",
				  st(out->dtype), V, V);
			emit_nodes(&b, t, leafx, "");
			{
				char r[32];
				struct sbuf c = {0};
				snprintf(r, sizeof r, "v%d", t->nnodes - 1);
				cast(&c, t->nodes[t->nnodes - 1].dtype, out->dtype, r);
				sb_printf(&b, "\t\tvo.v[u] = ");
				store_conv(&b, out->dtype, c.s ? c.s : "0");
				sb_printf(&b, ";\n\t\t}\n\t\t((lm_vec<%s, %d> *)out)[j] = vo;\n\t}\n", st(out->dtype), V);
				free(c.s);
			}
			sb_printf(&b, "\tfor (%s i = nv * %d + i0; i < n; i += step) {\n", IT, V);
		} else {
			sb_printf(&b, "\tfor (%s i = i0; i < n; i += step) {\n", IT);
		}
		/* scalar body */
		si = 0;
		if (nstr) {
			sb_printf(&b, "\t\t%s r = i;\n", IT);
			for (int o = 0; o < nops; o++)
				if (L.mode[o] == M_STRIDED)
					sb_printf(&b, "\t\tlong long o%d = 0;\n", o);
			for (int d = L.nd - 1; d >= 0; d--) {
				if (d)
					sb_printf(&b, "\t\t{ %s c = r %% p.shape[%d]; r /= p.shape[%d];", IT, d, d);
				else
					sb_printf(&b, "\t\t{ %s c = r;", IT);
				si = 0;
				for (int o = 0; o < nops; o++)
					if (L.mode[o] == M_STRIDED)
						sb_printf(&b, " o%d += (long long)c * p.st[%d][%d];", o, si++, d);
				sb_printf(&b, " }\n");
			}
		}
		for (int l = 0; l < t->narrays; l++) {
			const char *s = st(t->arrays[l]->dtype);
			if (L.mode[l] == M_CONTIG)
				snprintf(leafx[l], sizeof leafx[l], "a%d[i]", l);
			else if (L.mode[l] == M_UNIFORM)
				snprintf(leafx[l], sizeof leafx[l], "a%d[0]", l);
			else
				snprintf(leafx[l], sizeof leafx[l], "*(const %s *)(a%d + o%d)", s, l, l);
		}
		emit_nodes(&b, t, leafx, "");
		{
			char r[32];
			struct sbuf c = {0};
			snprintf(r, sizeof r, "v%d", t->nnodes - 1);
			cast(&c, t->nodes[t->nnodes - 1].dtype, out->dtype, r);
			if (L.mode[O] == M_STRIDED)
				sb_printf(&b, "\t\t*(%s *)(out + o%d) = ", st(out->dtype), O);
			else
				sb_printf(&b, "\t\tout[i] = ");
			store_conv(&b, out->dtype, c.s ? c.s : "0");
			sb_printf(&b, ";\n\t}\n}\n");
			free(c.s);
		}
		if (b.oom) {
			free(b.s);
			return err_nomem(ev), -1;
		}
		if (getenv("LUMEN_SHOW_KERNELS"))
			fprintf(stderr, "%s\n", b.s);
		fn = jit_get(ev, b.s, "lm_ew", 1, tree_opts);
		free(b.s);
		if (!fn)
			return -1;
		if (k.n <= sizeof k.b)
			jit_remember(k.b, k.n, fn);
	}

	if (jit_dry_run)
		return 0;
	/* arguments */
	pack_scalars(t, sp);
	args[na++] = &ptrs[O];
	for (int l = 0; l < t->narrays; l++)
		args[na++] = &ptrs[l];
	for (int s = 0; s < t->nscalars; s++)
		args[na++] = &sp[s];
	unsigned n32 = (unsigned)n;
	long long n64 = n;
	args[na++] = idx32 ? (void *)&n32 : (void *)&n64;
	if (nstr) {
		/* struct P: shape (IT) then strides (long long) */
		unsigned *u = (unsigned *)P.v;
		int w = 0;
		if (idx32) {
			for (int d = 0; d < L.nd; d++)
				u[d] = (unsigned)L.shape[d];
			w = (L.nd + 1) / 2; /* long longs after the shape, 8-byte aligned */
		} else {
			for (int d = 0; d < L.nd; d++)
				P.v[d] = L.shape[d];
			w = L.nd;
		}
		for (int o = 0; o < nops; o++)
			if (L.mode[o] == M_STRIDED)
				for (int d = 0; d < L.nd; d++)
					P.v[w++] = L.str[o][d];
		args[na++] = &P;
	}
	{
		unsigned grid[3] = {cuew_grid(n, V), 1, 1}, block[3] = {256, 1, 1};
		return jit_launch(ev, fn, grid, block, 0, args);
	}
}

/* ---- reductions ---- */

/* The accumulator and its rules for one reduction as CUDA C. */
static void emit_acc(struct sbuf *b, int op, int vdt, int odt)
{
	const char *A = ct(odt), *VT = ct(vdt);
	int flt = dt_is_float(odt);
	switch (op) {
	case RED_ARGMAX: case RED_ARGMIN:
		sb_printf(b, "struct lm_acc { %s v; long long i; };\n", VT);
		sb_printf(b, "static __device__ __forceinline__ lm_acc lm_id() { lm_acc a; a.v = 0; a.i = -1; return a; }\n");
		sb_printf(b, "static __device__ __forceinline__ lm_acc lm_make(%s v, long long i) { lm_acc a; a.v = v; a.i = i; return a; }\n", VT);
		sb_printf(b, "static __device__ __forceinline__ lm_acc lm_comb(lm_acc a, lm_acc b)\n{\n"
			  "\tif (b.i < 0) return a;\n\tif (a.i < 0) return b;\n");
		if (dt_is_float(vdt))
			sb_printf(b, "\tbool an = a.v != a.v, bn = b.v != b.v;\n"
				  "\tif (an || bn) return (bn && (!an || b.i < a.i)) ? b : a;\n");
		sb_printf(b, "\treturn (b.v %s a.v || (b.v == a.v && b.i < a.i)) ? b : a;\n}\n",
			  op == RED_ARGMAX ? ">" : "<");
		sb_printf(b, "#define LM_OUT(a) ((long long)(a).i)\n");
		return;
	default:
		break;
	}
	sb_printf(b, "typedef %s lm_acc;\n", A);
	sb_printf(b, "#define LM_OUT(a) (a)\n");
	switch (op) {
	case RED_SUM: case RED_NANSUM:
		sb_printf(b, "static __device__ __forceinline__ lm_acc lm_id() { return lm_acc(0); }\n"
			  "static __device__ __forceinline__ lm_acc lm_comb(lm_acc a, lm_acc b) { return a + b; }\n");
		break;
	case RED_PROD:
		sb_printf(b, "static __device__ __forceinline__ lm_acc lm_id() { return lm_acc(1); }\n"
			  "static __device__ __forceinline__ lm_acc lm_comb(lm_acc a, lm_acc b) { return a * b; }\n");
		break;
	case RED_ANY:
		sb_printf(b, "static __device__ __forceinline__ lm_acc lm_id() { return false; }\n"
			  "static __device__ __forceinline__ lm_acc lm_comb(lm_acc a, lm_acc b) { return a || b; }\n");
		break;
	case RED_ALL:
		sb_printf(b, "static __device__ __forceinline__ lm_acc lm_id() { return true; }\n"
			  "static __device__ __forceinline__ lm_acc lm_comb(lm_acc a, lm_acc b) { return a && b; }\n");
		break;
	case RED_MAX: case RED_MIN: case RED_NANMAX: case RED_NANMIN: {
		int mx = op == RED_MAX || op == RED_NANMAX, nan = op == RED_NANMAX || op == RED_NANMIN;
		const char *id;
		char buf[64];
		if (flt)
			id = nan ? "NAN" : (mx ? "-INFINITY" : "INFINITY");
		else if (odt == DT_BOOL)
			id = mx ? "false" : "true";
		else if (dt_is_int(odt)) {
			if (dtype_table[odt].kind == DK_UINT)
				id = mx ? "0" : "(lm_acc)~0ULL";
			else {
				int bits = dt_size(odt) * 8;
				if (bits == 64)
					id = mx ? "(-9223372036854775807LL - 1)" : "9223372036854775807LL";
				else {
					snprintf(buf, sizeof buf, "(lm_acc)%s%lld", mx ? "-" : "",
						 mx ? (1LL << (bits - 1)) : (1LL << (bits - 1)) - 1);
					id = buf;
				}
			}
		} else
			id = "0";
		sb_printf(b, "static __device__ __forceinline__ lm_acc lm_id() { return %s; }\n", id);
		if (nan && flt)
			sb_printf(b, "static __device__ __forceinline__ lm_acc lm_comb(lm_acc a, lm_acc b) { return (a != a || b %s a) ? b : a; }\n",
				  mx ? ">" : "<");
		else if (flt)
			sb_printf(b, "static __device__ __forceinline__ lm_acc lm_comb(lm_acc a, lm_acc b) { return (b %s a || b != b) ? b : a; }\n",
				  mx ? ">" : "<");
		else
			sb_printf(b, "static __device__ __forceinline__ lm_acc lm_comb(lm_acc a, lm_acc b) { return (b %s a) ? b : a; }\n",
				  mx ? ">" : "<");
		break;
	}
	}
	sb_printf(b, "static __device__ __forceinline__ lm_acc lm_make(lm_acc v, long long i) { return v; }\n");
	(void)VT;
}

/* value of the root -> what the accumulator takes */
static void emit_elem(struct sbuf *b, const struct ew_tree *t, int op, int odt)
{
	int rdt = t->nodes[t->nnodes - 1].dtype;
	char r[32];
	snprintf(r, sizeof r, "v%d", t->nnodes - 1);
	sb_printf(b, "\t\t");
	switch (op) {
	case RED_ARGMAX: case RED_ARGMIN:
		sb_printf(b, "%s x = %s;\n", ct(rdt), r);
		return;
	case RED_ANY: case RED_ALL:
		sb_printf(b, "lm_acc x = ");
		cast(b, rdt, DT_BOOL, r);
		sb_printf(b, ";\n");
		return;
	default:
		sb_printf(b, "lm_acc x = ");
		cast(b, rdt, odt, r);
		sb_printf(b, ";\n");
		if (op == RED_NANSUM && dt_is_inexact(odt))
			sb_printf(b, "\t\tif (x != x) x = lm_acc(0);\n");
		return;
	}
}

/* one group's values (G threads: 32 or 256) reduced through shared memory;
 * the result is in sm[base] */
static void emit_group_reduce(struct sbuf *b, int G)
{
	const char *sync = G == 32 ? "__syncwarp()" : "__syncthreads()";
	sb_printf(b, "\t\tsm[threadIdx.x] = acc; %s;\n", sync);
	sb_printf(b, "\t\tfor (int s = %d; s > 0; s >>= 1) { if (lane < s) sm[threadIdx.x] = lm_comb(sm[threadIdx.x], sm[threadIdx.x + s]); %s; }\n",
		  G / 2, sync);
}

enum { P_FLAT, P_INNER, P_OUTER };

struct redl {
	int kd, rd;                 /* kept / reduced dims after collapsing */
	int64_t kshape[ND_MAXDIM], rshape[ND_MAXDIM];
	int64_t kst[EW_MAXNODES][ND_MAXDIM], rst[EW_MAXNODES][ND_MAXDIM];
	int mode[EW_MAXNODES];      /* for the flat plan */
};

static void collapse_part(int nd, const int64_t *shape, int nl, int64_t (*st)[ND_MAXDIM],
			  const int *dims, int nd_in, int64_t *oshape, int *ond,
			  int64_t (*ost)[ND_MAXDIM])
{
	int k = 0;
	for (int j = 0; j < nd_in; j++) {
		int d = dims[j];
		if (shape[d] == 1)
			continue;
		int merge = k > 0;
		for (int l = 0; merge && l < nl; l++)
			if (ost[l][k - 1] != st[l][d] * shape[d])
				merge = 0;
		if (merge) {
			oshape[k - 1] *= shape[d];
			for (int l = 0; l < nl; l++)
				ost[l][k - 1] = st[l][d];
		} else {
			oshape[k] = shape[d];
			for (int l = 0; l < nl; l++)
				ost[l][k] = st[l][d];
			k++;
		}
	}
	*ond = k;
}

/* offsets of leaf l for index variable `var` over dims (shape sh, strides
 * st<which>) as CUDA statements accumulating into o<l> */
static void emit_offsets(struct sbuf *b, const char *IT, const char *var, int nd, const char *sh,
			 const char *stn, int nl)
{
	if (nd == 0)
		return;
	sb_printf(b, "\t\t{ %s r_ = %s;\n", IT, var);
	for (int d = nd - 1; d >= 0; d--) {
		if (d)
			sb_printf(b, "\t\t  { %s c = r_ %% p.%s[%d]; r_ /= p.%s[%d];", IT, sh, d, sh, d);
		else
			sb_printf(b, "\t\t  { %s c = r_;", IT);
		for (int l = 0; l < nl; l++)
			sb_printf(b, " o%d += (long long)c * p.%s[%d][%d];", l, stn, l, d);
		sb_printf(b, " }\n");
	}
	sb_printf(b, "\t\t}\n");
}

int cuew_reduce(struct eval *ev, const struct ew_tree *t, int op, uint64_t axes,
		struct ndarray *out)
{
	const struct ndarray *a0 = t->narrays ? t->arrays[0] : out;
	int nd = a0->ndim, nl = t->narrays;
	int kdims[ND_MAXDIM], rdims[ND_MAXDIM], nk = 0, nr = 0;
	int64_t M = 1, R = 1;
	static struct redl L;   /* large; the engine runs cells on one thread */
	static int64_t lst[EW_MAXNODES][ND_MAXDIM];
	int plan, V = 1, idx32, G = 256, K = 1, odt = out->dtype, vdt;
	struct ndarray *dst = out;
	struct key k;
	void *fn, *fin = NULL;
	union sparam sp[EW_MAXNODES];
	void *ptrs[EW_MAXNODES], *args[2 * EW_MAXNODES + 12];
	int na = 0, r = -1;
	void *part = NULL;
	size_t partsz = 0;

	if (t->nnodes < 1 || t->nnodes > EW_MAXNODES)
		return err_set(ev, TY_ValueError, "bad expression tree"), -1;
	vdt = t->nodes[t->nnodes - 1].dtype;
	if ((op == RED_MAX || op == RED_MIN || op == RED_NANMAX || op == RED_NANMIN
	     || op == RED_ARGMAX || op == RED_ARGMIN) && dt_is_complex(vdt))
		return err_set(ev, TY_NotImplementedError, "complex min/max/argmin/argmax on the GPU"), -1;
	for (int d = 0; d < nd; d++) {
		if ((axes >> d) & 1) {
			rdims[nr++] = d;
			R *= a0->shape[d];
		} else {
			kdims[nk++] = d;
			M *= a0->shape[d];
		}
	}
	if (M == 0)
		return 0;
	if (R == 0) {
		struct npscalar v = {odt, {0}};
		if (op == RED_PROD || op == RED_ALL) {
			if (dt_is_complex(odt)) v.v.c = 1;
			else if (dt_is_float(odt)) v.v.f = 1;
			else v.v.i = 1;
		} else if (op != RED_SUM && op != RED_NANSUM && op != RED_ANY) {
			return err_set(ev, TY_ValueError, "zero-size array to reduction operation %s which has no identity",
				       op == RED_MAX || op == RED_NANMAX ? "maximum" : op == RED_MIN || op == RED_NANMIN ? "minimum"
				       : op == RED_ARGMAX ? "argmax" : "argmin"), -1;
		}
		return backend_cuda(ev)->fill(ev, out, &v);
	}
	if (!nd_is_c_contiguous(out) || out->dtype != odt) {
		dst = nd_new(ev, nd_backend(out), odt, out->ndim, out->shape);
		if (!dst)
			return -1;
	}
	for (int l = 0; l < nl; l++) {
		memcpy(lst[l], t->arrays[l]->strides, sizeof(int64_t) * nd);
		ptrs[l] = nd_data(t->arrays[l]);
	}
	collapse_part(nd, a0->shape, nl, lst, kdims, nk, L.kshape, &L.kd, L.kst);
	collapse_part(nd, a0->shape, nl, lst, rdims, nr, L.rshape, &L.rd, L.rst);

	/* the plan */
	if (L.kd == 0) {
		plan = P_FLAT;
		int maxsz = 0, allc = 1;
		for (int l = 0; l < nl; l++) {
			int zero = 1;
			for (int d = 0; d < L.rd; d++)
				zero &= L.rst[l][d] == 0;
			L.mode[l] = zero ? M_UNIFORM
				: (L.rd == 1 && L.rst[l][0] == dt_size(t->arrays[l]->dtype)) ? M_CONTIG : M_STRIDED;
			if (L.mode[l] == M_STRIDED)
				allc = 0;
			if (L.mode[l] == M_CONTIG && dt_size(t->arrays[l]->dtype) > maxsz)
				maxsz = dt_size(t->arrays[l]->dtype);
		}
		if (allc && maxsz && maxsz < 16) {
			V = 16 / maxsz;
			if (V > 8)
				V = 8;
			for (int l = 0; l < nl; l++)
				if (L.mode[l] == M_CONTIG && (uintptr_t)ptrs[l] % ((uintptr_t)V * dt_size(t->arrays[l]->dtype)))
					V = 1;
			if (R < 64 * V)
				V = 1;
		}
		K = (int)cuew_grid(R, V);
	} else {
		/* which is innermost in memory: a kept or a reduced axis? */
		int64_t smin_k = INT64_MAX, smin_r = INT64_MAX;
		for (int l = 0; l < nl; l++) {
			for (int d = 0; d < L.kd; d++)
				if (L.kst[l][d] && llabs(L.kst[l][d]) < smin_k)
					smin_k = llabs(L.kst[l][d]);
			for (int d = 0; d < L.rd; d++)
				if (L.rst[l][d] && llabs(L.rst[l][d]) < smin_r)
					smin_r = llabs(L.rst[l][d]);
		}
		plan = smin_r < smin_k ? P_INNER : P_OUTER;
		if (plan == P_INNER) {
			G = R <= 128 ? 32 : 256;
			int64_t groups = M * G / 256 + 1;
			if (groups < cuda_cur->sms * 4 && R >= 4096) {
				K = (int)((cuda_cur->sms * 8 + groups - 1) / groups);
				if (K > R / 1024)
					K = (int)(R / 1024);
				if (K < 1)
					K = 1;
			}
		} else {
			int64_t gx = (M + 255) / 256;
			if (gx < cuda_cur->sms * 4 && R >= 64) {
				K = (int)((cuda_cur->sms * 8 + gx - 1) / gx);
				if (K > R / 16)
					K = (int)(R / 16);
				if (K > 4096)
					K = 4096;
				if (K < 1)
					K = 1;
			}
		}
	}
	idx32 = M * R < ((int64_t)1 << 31) - (int64_t)cuda_cur->sms * 8 * 256 * 16 * (K + 1);

	{
		/* K itself is a launch parameter; only whether partials are used is
		 * part of the kernel */
		int hd[10] = {'R', op, plan, V, idx32, L.kd, L.rd, odt, G, K > 1};
		k.n = 0;
		key_add(&k, hd, sizeof hd);
		if (plan == P_FLAT)
			for (int l = 0; l < nl; l++)
				key_add(&k, &L.mode[l], sizeof(int));
		key_tree(&k, t);
	}

	fn = k.n <= sizeof k.b ? jit_lookup(k.b, k.n) : NULL;
	if (fn) {
		unsigned char k2[sizeof k.b + 1];
		memcpy(k2, k.b, k.n);
		k2[k.n] = 'F';
		fin = jit_lookup(k2, k.n + 1);
		if (!fin)
			fn = NULL;
	}
	if (!fn) {
		struct sbuf b = {0};
		const char *IT = idx32 ? "unsigned int" : "long long";
		char leafx[EW_MAXNODES][96];
		emit_head(&b);
		emit_acc(&b, op, vdt, odt);
		sb_printf(&b, "struct P { %s kshape[%d]; %s rshape[%d]; long long kst[%d][%d]; long long rst[%d][%d]; };\n",
			  IT, L.kd ? L.kd : 1, IT, L.rd ? L.rd : 1, nl ? nl : 1, L.kd ? L.kd : 1,
			  nl ? nl : 1, L.rd ? L.rd : 1);
		/* the partials' second pass: one block per output, or a thread per output */
		sb_printf(&b, "extern \"C\" __global__ void __launch_bounds__(256) lm_fin(%s *out, const lm_acc *part, %s M, int K, int byblock)\n{\n"
			  "\t__shared__ lm_acc sm[256];\n\tint lane = threadIdx.x;\n"
			  "\tif (byblock) {\n\t\tfor (%s o = blockIdx.x; o < M; o += gridDim.x) {\n"
			  "\t\tlm_acc acc = lm_id();\n\t\tfor (int q = threadIdx.x; q < K; q += 256) acc = lm_comb(acc, part[(long long)q * M + o]);\n",
			  st(op == RED_ARGMAX || op == RED_ARGMIN ? DT_INT64 : odt), IT, IT);
		emit_group_reduce(&b, 256);
		sb_printf(&b, "\t\tif (!threadIdx.x) out[o] = ");
		store_conv(&b, op == RED_ARGMAX || op == RED_ARGMIN ? DT_INT64 : odt, "LM_OUT(sm[0])");
		sb_printf(&b, ";\n\t\t__syncthreads();\n\t\t}\n\t\treturn;\n\t}\n"
			  "\tfor (%s o = blockIdx.x * blockDim.x + threadIdx.x; o < M; o += gridDim.x * blockDim.x) {\n"
			  "\t\tlm_acc acc = lm_id();\n\t\tfor (int q = 0; q < K; q++) acc = lm_comb(acc, part[(long long)q * M + o]);\n"
			  "\t\tout[o] = ", IT);
		store_conv(&b, op == RED_ARGMAX || op == RED_ARGMIN ? DT_INT64 : odt, "LM_OUT(acc)");
		sb_printf(&b, ";\n\t}\n}\n");

		/* the main kernel: writes out[o] (K == 1) or part[ky * M + o] */
		sb_printf(&b, "extern \"C\" __global__ void __launch_bounds__(256) lm_red(%s *out, lm_acc *part",
			  st(op == RED_ARGMAX || op == RED_ARGMIN ? DT_INT64 : odt));
		{
			static struct layout lay;
			for (int l = 0; l < nl; l++)
				lay.mode[l] = plan == P_FLAT ? L.mode[l] : M_STRIDED;
			emit_params(&b, t, &lay);
		}
		sb_printf(&b, ", %s M, %s R, %s rchunk, const P p)\n{\n\t__shared__ lm_acc sm[256];\n", IT, IT, IT);
		if (plan == P_FLAT) {
			/* M == 1: blocks share R; each writes its partial */
			sb_printf(&b, "\tint lane = threadIdx.x;\n\tlm_acc acc = lm_id();\n"
				  "\t%s i0 = (%s)blockIdx.x * blockDim.x + threadIdx.x, step = (%s)gridDim.x * blockDim.x;\n",
				  IT, IT, IT);
			if (V > 1) {
				sb_printf(&b, "\t%s nv = R / %d;\n\tfor (%s j = i0; j < nv; j += step) {\n", IT, V, IT);
				for (int l = 0; l < nl; l++) {
					if (L.mode[l] == M_CONTIG) {
						sb_printf(&b, "\t\tlm_vec<%s, %d> va%d = ((const lm_vec<%s, %d> *)a%d)[j];\n",
							  st(t->arrays[l]->dtype), V, l, st(t->arrays[l]->dtype), V, l);
						snprintf(leafx[l], sizeof leafx[l], "va%d.v[u]", l);
					} else {
						snprintf(leafx[l], sizeof leafx[l], "a%d[0]", l);
					}
				}
				sb_printf(&b, "#pragma unroll\n\t\tfor (int u = 0; u < %d; u++) {\n", V);
				emit_nodes(&b, t, leafx, "");
				emit_elem(&b, t, op, odt);
				sb_printf(&b, "\t\tacc = lm_comb(acc, lm_make(x, (long long)j * %d + u));\n\t\t}\n\t}\n", V);
				sb_printf(&b, "\tfor (%s i = nv * %d + i0; i < R; i += step) {\n", IT, V);
			} else {
				sb_printf(&b, "\tfor (%s i = i0; i < R; i += step) {\n", IT);
			}
			for (int l = 0; l < nl; l++) {
				const char *s = st(t->arrays[l]->dtype);
				if (L.mode[l] == M_CONTIG)
					snprintf(leafx[l], sizeof leafx[l], "a%d[i]", l);
				else if (L.mode[l] == M_UNIFORM)
					snprintf(leafx[l], sizeof leafx[l], "a%d[0]", l);
				else
					snprintf(leafx[l], sizeof leafx[l], "*(const %s *)(a%d + o%d)", s, l, l);
			}
			{
				int any = 0;
				for (int l = 0; l < nl; l++)
					if (L.mode[l] == M_STRIDED) {
						sb_printf(&b, "\t\tlong long o%d = 0;\n", l);
						any = 1;
					} else {
						sb_printf(&b, "\t\tlong long o%d = 0; (void)o%d;\n", l, l);
					}
				if (any)
					emit_offsets(&b, IT, "i", L.rd, "rshape", "rst", nl);
			}
			emit_nodes(&b, t, leafx, "");
			emit_elem(&b, t, op, odt);
			sb_printf(&b, "\t\tacc = lm_comb(acc, lm_make(x, (long long)i));\n\t}\n");
			emit_group_reduce(&b, 256);
			sb_printf(&b, "\tif (!threadIdx.x) part[blockIdx.x] = sm[0];\n}\n");
		} else {
			for (int l = 0; l < nl; l++)
				snprintf(leafx[l], sizeof leafx[l], "*(const %s *)(a%d + o%d)", st(t->arrays[l]->dtype), l, l);
			if (plan == P_INNER) {
				/* a group of G threads per output; blockIdx.y splits R */
				sb_printf(&b, "\tint lane = threadIdx.x %% %d;\n"
					  "\t%s gid = ((%s)blockIdx.x * blockDim.x + threadIdx.x) / %d, ng = ((%s)gridDim.x * blockDim.x) / %d;\n"
					  "\t%s r0 = (%s)blockIdx.y * rchunk, r1 = r0 + rchunk < R ? r0 + rchunk : R;\n"
					  "\tfor (%s ob = ((%s)blockIdx.x * blockDim.x) / %d; ob < M; ob += ng) {\n"
					  "\t\t%s o = ob + (gid - ((%s)blockIdx.x * blockDim.x) / %d);\n"
					  "\t\tlm_acc acc = lm_id();\n"
					  "\t\tif (o < M) {\n",
					  G, IT, IT, G, IT, G, IT, IT, IT, IT, G, IT, IT, G);
				for (int l = 0; l < nl; l++)
					sb_printf(&b, "\t\tlong long k%d = 0;\n", l);
				/* kept offsets into k<l> */
				if (L.kd) {
					sb_printf(&b, "\t\t{ %s r_ = o;\n", IT);
					for (int d = L.kd - 1; d >= 0; d--) {
						if (d)
							sb_printf(&b, "\t\t  { %s c = r_ %% p.kshape[%d]; r_ /= p.kshape[%d];", IT, d, d);
						else
							sb_printf(&b, "\t\t  { %s c = r_;", IT);
						for (int l = 0; l < nl; l++)
							sb_printf(&b, " k%d += (long long)c * p.kst[%d][%d];", l, l, d);
						sb_printf(&b, " }\n");
					}
					sb_printf(&b, "\t\t}\n");
				}
				sb_printf(&b, "\t\tfor (%s ri = r0 + lane; ri < r1; ri += %d) {\n", IT, G);
				for (int l = 0; l < nl; l++)
					sb_printf(&b, "\t\tlong long o%d = k%d;\n", l, l);
				emit_offsets(&b, IT, "ri", L.rd, "rshape", "rst", nl);
				emit_nodes(&b, t, leafx, "");
				emit_elem(&b, t, op, odt);
				sb_printf(&b, "\t\tacc = lm_comb(acc, lm_make(x, (long long)ri));\n\t\t}\n\t\t}\n");
				emit_group_reduce(&b, G);
				sb_printf(&b, "\t\tif (!lane && o < M) {\n\t\t\tif (gridDim.y > 1) part[(long long)blockIdx.y * M + o] = sm[threadIdx.x];\n"
					  "\t\t\telse out[o] = ");
				store_conv(&b, op == RED_ARGMAX || op == RED_ARGMIN ? DT_INT64 : odt, "LM_OUT(sm[threadIdx.x])");
				sb_printf(&b, ";\n\t\t}\n\t\t%s;\n\t}\n}\n", G == 32 ? "__syncwarp()" : "__syncthreads()");
			} else {
				/* a thread per output; blockIdx.y splits R */
				sb_printf(&b, "\t%s r0 = (%s)blockIdx.y * rchunk, r1 = r0 + rchunk < R ? r0 + rchunk : R;\n"
					  "\tfor (%s o = (%s)blockIdx.x * blockDim.x + threadIdx.x; o < M; o += (%s)gridDim.x * blockDim.x) {\n"
					  "\t\tlm_acc acc = lm_id();\n", IT, IT, IT, IT, IT);
				for (int l = 0; l < nl; l++)
					sb_printf(&b, "\t\tlong long k%d = 0;\n", l);
				if (L.kd) {
					sb_printf(&b, "\t\t{ %s r_ = o;\n", IT);
					for (int d = L.kd - 1; d >= 0; d--) {
						if (d)
							sb_printf(&b, "\t\t  { %s c = r_ %% p.kshape[%d]; r_ /= p.kshape[%d];", IT, d, d);
						else
							sb_printf(&b, "\t\t  { %s c = r_;", IT);
						for (int l = 0; l < nl; l++)
							sb_printf(&b, " k%d += (long long)c * p.kst[%d][%d];", l, l, d);
						sb_printf(&b, " }\n");
					}
					sb_printf(&b, "\t\t}\n");
				}
				sb_printf(&b, "\t\tfor (%s ri = r0; ri < r1; ri++) {\n", IT);
				for (int l = 0; l < nl; l++)
					sb_printf(&b, "\t\tlong long o%d = k%d;\n", l, l);
				emit_offsets(&b, IT, "ri", L.rd, "rshape", "rst", nl);
				emit_nodes(&b, t, leafx, "");
				emit_elem(&b, t, op, odt);
				sb_printf(&b, "\t\tacc = lm_comb(acc, lm_make(x, (long long)ri));\n\t\t}\n"
					  "\t\tif (gridDim.y > 1) part[(long long)blockIdx.y * M + o] = acc;\n\t\telse out[o] = ");
				store_conv(&b, op == RED_ARGMAX || op == RED_ARGMIN ? DT_INT64 : odt, "LM_OUT(acc)");
				sb_printf(&b, ";\n\t}\n\t(void)sm;\n}\n");
			}
		}
		if (b.oom) {
			free(b.s);
			goto out;
		}
		if (getenv("LUMEN_SHOW_KERNELS"))
			fprintf(stderr, "%s\n", b.s);
		fn = jit_get(ev, b.s, "lm_red", 1, tree_opts);
		fin = fn ? jit_get(ev, b.s, "lm_fin", 1, tree_opts) : NULL;
		free(b.s);
		if (!fn || !fin)
			goto out;
		if (k.n <= sizeof k.b) {
			unsigned char k2[sizeof k.b + 1];
			jit_remember(k.b, k.n, fn);
			memcpy(k2, k.b, k.n);
			k2[k.n] = 'F';
			jit_remember(k2, k.n + 1, fin);
		}
	}

	if (jit_dry_run) {
		r = 0;
		goto out;
	}
	/* launch */
	{
		static struct { long long v[4 * ND_MAXDIM + 2 * EW_MAXNODES * ND_MAXDIM + 8]; } P;
		unsigned *u = (unsigned *)P.v;
		int w = 0, kd1 = L.kd ? L.kd : 1, rd1 = L.rd ? L.rd : 1, nl1 = nl ? nl : 1;
		unsigned grid[3] = {1, 1, 1}, block[3] = {256, 1, 1};
		long long M64 = M, R64 = R, ch64;
		unsigned M32 = (unsigned)M, R32 = (unsigned)R, ch32;
		int64_t rchunk = R;
		void *outp = nd_data(dst);
		size_t accsz = 32;

		memset(&P, 0, sizeof P);
		/* shapes (IT), padded to 8 bytes, then strides */
		if (idx32) {
			for (int d = 0; d < L.kd; d++) u[d] = (unsigned)L.kshape[d];
			for (int d = 0; d < L.rd; d++) u[kd1 + d] = (unsigned)L.rshape[d];
			w = (kd1 + rd1 + 1) / 2;
		} else {
			for (int d = 0; d < L.kd; d++) P.v[d] = L.kshape[d];
			for (int d = 0; d < L.rd; d++) P.v[kd1 + d] = L.rshape[d];
			w = kd1 + rd1;
		}
		for (int l = 0; l < nl1; l++)
			for (int d = 0; d < kd1; d++)
				P.v[w++] = l < nl && d < L.kd ? L.kst[l][d] : 0;
		for (int l = 0; l < nl1; l++)
			for (int d = 0; d < rd1; d++)
				P.v[w++] = l < nl && d < L.rd ? L.rst[l][d] : 0;

		if (plan == P_FLAT) {
			grid[0] = K;
		} else if (plan == P_INNER) {
			int64_t blocks = (M * G + 255) / 256;
			int64_t cap = (int64_t)cuda_cur->sms * 8;
			grid[0] = (unsigned)(blocks < cap ? blocks : cap);
			grid[1] = K;
			rchunk = (R + K - 1) / K;
		} else {
			grid[0] = (unsigned)((M + 255) / 256 < cuda_cur->sms * 8 ? (M + 255) / 256 : cuda_cur->sms * 8);
			grid[1] = K;
			rchunk = (R + K - 1) / K;
		}
		if (K > 1 || plan == P_FLAT) {
			partsz = (size_t)K * M * accsz;
			if (!(part = pool_alloc(ev, partsz)))
				goto out;
		}
		ch64 = rchunk;
		ch32 = (unsigned)rchunk;
		pack_scalars(t, sp);
		args[na++] = &outp;
		args[na++] = &part;
		for (int l = 0; l < nl; l++)
			args[na++] = &ptrs[l];
		for (int s = 0; s < t->nscalars; s++)
			args[na++] = &sp[s];
		args[na++] = idx32 ? (void *)&M32 : (void *)&M64;
		args[na++] = idx32 ? (void *)&R32 : (void *)&R64;
		args[na++] = idx32 ? (void *)&ch32 : (void *)&ch64;
		args[na++] = &P;
		if (jit_launch(ev, fn, grid, block, 0, args) < 0)
			goto out;
		if (part) {
			int Kq = (int)K, byblock = M < 2048;
			void *fargs[5] = {&outp, &part, idx32 ? (void *)&M32 : (void *)&M64, &Kq, &byblock};
			unsigned g2[3] = {byblock ? (unsigned)M : cuew_grid(M, 1), 1, 1};
			if (jit_launch(ev, fin, g2, block, 0, fargs) < 0)
				goto out;
		}
	}
	r = 0;
	if (dst != out)
		r = backend_cuda(ev)->copy(ev, out, dst);
out:
	if (part)
		pool_free(part, partsz);
	if (dst != out)
		nd_decref(dst);
	return r;
}

#endif /* HAVE_CUDA */
