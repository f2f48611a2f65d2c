/*
 * cuda_ukernel.c — CuPy's user kernels: ElementwiseKernel, ReductionKernel
 * (their CUDA C generated from the user's parameters and expressions),
 * RawKernel and RawModule (the user's own CUDA C), compiled by NVRTC through
 * cuda_jit.c and launched on the stream.
 *
 * Owns the kernel objects' C state (parsed parameters, options, compiled
 * handles).  Never computes on arrays itself: the generated kernels do.
 */
#include "config.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "array/arrapi.h"
#include "lang/args.h"
#include "backend/ukparse.h"
#include "lang/error.h"
#include "backend/cuda/cuda_int.h"

#ifdef HAVE_CUDA

static struct value *method(struct value *self, const char *name, builtin_fn fn)
{
	return val_builtin(name, fn, self, NULL);
}

/* ---- user kernels ---- */

struct ukernel {
	int kind;                   /* 'E' elementwise, 'R' reduction, 'K' raw */
	char *name;
	struct uk_param in[16], out[4];
	int nin, nout;
	char *op, *map, *reduce, *post, *identity, *preamble, *code;
	char **opts;
	int nopts;
	void *module;               /* RawModule / RawKernel */
	void *fn;                   /* RawKernel */
	int dev;                    /* the device module, fn and sig_fn belong to */
	char sig[96];               /* ElementwiseKernel: the last call's types ... */
	void *sig_fn;               /* ... and its kernel (skips codegen and hashing) */
};

static void uk_free(void *p)
{
	struct ukernel *k = p;
	free(k->name); free(k->op); free(k->map); free(k->reduce); free(k->post);
	free(k->identity); free(k->preamble); free(k->code);
	for (int i = 0; i < k->nopts; i++)
		free(k->opts[i]);
	free(k->opts);
	free(k);
}

static char *dupv(struct value *v)
{
	const char *s = v ? val_as_cstr(v) : NULL;
	return strdup(s ? s : "");
}

static const char *kty(int dt)
{
	static const char *t[DT_COUNT] = {"bool", "signed char", "short", "int", "long long",
		"unsigned char", "unsigned short", "unsigned int", "unsigned long long", "lm_half",
		"float", "double", "lm_cfloat", "lm_cdouble"};
	return t[dt];
}

/* the operands of a kernel call: arrays on the device or scalars */
struct karg { struct ndarray *a; struct npscalar s; int is_arr; int pyclass; };

static int to_karg(struct eval *ev, const struct backend *be, struct value *v, struct karg *k)
{
	memset(k, 0, sizeof *k);
	if (v->type == VT_NDARRAY) {
		struct ndarray *a = arr_borrow(v);
		/* CuPy's _preprocess_args: an array of another device is read
		 * through peer access (PerformanceWarning) or refused */
		if (nd_device(a) == DEV_CUDA && cuda_check_peer(ev, a) < 0)
			return -1;
		k->a = nd_incref(a);
		k->is_arr = 1;
		return 0;
	}
	switch (v->type) {
	case VT_BOOL: k->s.dtype = DT_BOOL; k->s.v.b = (uint8_t)v->u.i; k->pyclass = VT_BOOL; return 0;
	case VT_INT: k->s.dtype = DT_INT64; k->s.v.i = v->u.i; k->pyclass = VT_INT; return 0;
	case VT_FLOAT: k->s.dtype = DT_FLOAT64; k->s.v.f = v->u.f; k->pyclass = VT_FLOAT; return 0;
	case VT_COMPLEX: k->s.dtype = DT_COMPLEX128; k->s.v.c = v->u.c; k->pyclass = VT_COMPLEX; return 0;
	case VT_SCALAR: k->s = v->u.sc; return 0;
	default:
		k->a = arr_asarray(ev, be, v, -1);
		k->is_arr = 1;
		return k->a ? 0 : -1;
	}
}

/* ElementwiseKernel.__call__(*args, size=None) */
static struct value *ew_call(struct eval *ev, struct ukernel *k, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	const struct backend *be = backend_cuda(ev);
	struct karg ka[20];
	int nk = 0, types[8], ndim = 0, nout_given, V = 1;
	int64_t shape[ND_MAXDIM];
	struct ndarray *outs[4] = {0}, *views[20] = {0};
	struct value *res = NULL;
	void *fn;
	char *code = NULL;
	size_t cap = 0;
	FILE *f;

	if (!be)
		return err_occurred(ev) ? NULL : err_set(ev, TY_CUDARuntimeError, "cudaErrorNoDevice: no CUDA-capable device is detected");
	if (argc != k->nin && argc != k->nin + k->nout)
		return err_set(ev, TY_TypeError, "Wrong number of arguments for '%s'", k->name);
	nout_given = argc - k->nin;
	for (int i = 0; i < 8; i++)
		types[i] = -1;
	for (int i = 0; i < argc; i++) {
		if (to_karg(ev, be, argv[i], &ka[i]) < 0)
			goto out;
		if (ka[i].is_arr && nd_backend(ka[i].a) != be) {
			err_set(ev, TY_TypeError, "Unsupported type <class 'numpy.ndarray'>");
			nk = i + 1;
			goto out;
		}
		nk = i + 1;
	}
	/* placeholder types: from the arrays first, then scalars */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < argc; i++) {
			struct uk_param *p = i < k->nin ? &k->in[i] : &k->out[i - k->nin];
			if (p->dtype >= 0 || strlen(p->type) != 1)
				continue;
			int slot = (unsigned char)p->type[0] % 8;
			if (types[slot] < 0 && (pass == 1 || ka[i].is_arr))
				types[slot] = ka[i].is_arr ? ka[i].a->dtype : ka[i].s.dtype;
		}
	/* the broadcast shape of the array arguments */
	{
		const struct ndarray *arrs[20];
		int na = 0;
		for (int i = 0; i < argc; i++)
			if (ka[i].is_arr && !(i < k->nin ? k->in[i].raw : k->out[i - k->nin].raw))
				arrs[na++] = ka[i].a;
		if (na && arr_broadcast_shapes(ev, na, arrs, &ndim, shape) < 0)
			goto out;
	}
	for (int o = 0; o < k->nout; o++) {
		struct uk_param *p = &k->out[o];
		int dt = p->dtype >= 0 ? p->dtype : types[(unsigned char)p->type[0] % 8];
		if (dt < 0)
			dt = DT_FLOAT64;
		if (o < nout_given) {
			outs[o] = nd_incref(ka[k->nin + o].a);
			if (!outs[o]) {
				err_set(ev, TY_TypeError, "Output of '%s' must be an array", k->name);
				goto out;
			}
			int same = outs[o]->ndim == ndim;
			for (int d = 0; same && d < ndim; d++)
				same = outs[o]->shape[d] == shape[d];
			if (!same) {   /* the kernel would write past its end */
				err_set(ev, TY_ValueError, "Out shape is mismatched");
				goto out;
			}
		} else if (!(outs[o] = nd_new(ev, be, dt, ndim, shape))) {
			goto out;
		}
	}
	/* contiguous operands of the full shape (copies where needed) */
	int64_t n = 1;
	for (int d = 0; d < ndim; d++)
		n *= shape[d];
	for (int i = 0; i < k->nin; i++) {
		if (!ka[i].is_arr || k->in[i].raw) {
			continue;
		}
		struct ndarray *b = arr_broadcast_to(ev, ka[i].a, ndim, shape);
		if (!b)
			goto out;
		if (!nd_is_c_contiguous(b) || nd_size(b) != n || b->ndim != ndim || 0) {
			struct ndarray *c = nd_new(ev, be, b->dtype, ndim, shape);
			if (!c || be->copy(ev, c, b) < 0) {
				nd_decref(b);
				nd_decref(c);
				goto out;
			}
			nd_decref(b);
			b = c;
		} else {
			int zero = 0;
			for (int d = 0; d < ndim; d++)
				zero |= b->strides[d] == 0 && b->shape[d] > 1;
			if (zero) {
				struct ndarray *c = nd_new(ev, be, b->dtype, ndim, shape);
				if (!c || be->copy(ev, c, b) < 0) {
					nd_decref(b);
					nd_decref(c);
					goto out;
				}
				nd_decref(b);
				b = c;
			}
		}
		views[i] = b;
	}
	for (int o = 0; o < k->nout; o++)
		if (!nd_is_c_contiguous(outs[o])) {
			err_set(ev, TY_NotImplementedError, "ElementwiseKernel into a non-contiguous output");
			goto out;
		}
	/* vector width: 16 bytes over the widest array item, when all aligned */
	{
		int maxsz = 0, good = 1;
		for (int i = 0; i < k->nin; i++)
			if (views[i] && dt_size(views[i]->dtype) > maxsz)
				maxsz = dt_size(views[i]->dtype);
		for (int o = 0; o < k->nout; o++)
			if (dt_size(outs[o]->dtype) > maxsz)
				maxsz = dt_size(outs[o]->dtype);
		if (maxsz && maxsz <= 8 && n >= 1024) {
			V = 16 / maxsz;
			if (V > 4)
				V = 4;
			for (int i = 0; i < k->nin; i++)
				if (views[i] && (uintptr_t)nd_data(views[i]) % (V * dt_size(views[i]->dtype)))
					good = 0;
			for (int o = 0; o < k->nout; o++)
				if ((uintptr_t)nd_data(outs[o]) % (V * dt_size(outs[o]->dtype)))
					good = 0;
			if (!good)
				V = 1;
		} else {
			V = 1;
		}
	}
	/* the same types and layout as the last call: the same kernel */
	char sig[96];
	{
		int w = snprintf(sig, sizeof sig, "V%d", V);
		for (int i = 0; i < argc && w < (int)sizeof sig - 4; i++)
			w += snprintf(sig + w, sizeof sig - w, "%c%d", views[i] ? 'v' : ka[i].is_arr ? 'a' : 's',
				      ka[i].is_arr ? ka[i].a->dtype : ka[i].s.dtype);
		for (int o = 0; o < k->nout && w < (int)sizeof sig - 4; o++)
			w += snprintf(sig + w, sizeof sig - w, "o%d", outs[o]->dtype);
	}
	if (k->sig_fn && k->dev == cuda_cur->id && !strcmp(sig, k->sig)) {
		fn = k->sig_fn;
		goto launch;
	}
	/* the source */
	if (!(f = open_memstream(&code, &cap)))
		goto nomem;
	fprintf(f, "#include \"lumen.cuh\"\n");
	for (int s = 0; s < 8; s++)
		if (types[s] >= 0)
			for (int i = 0; i < k->nin + k->nout; i++) {
				struct uk_param *p = i < k->nin ? &k->in[i] : &k->out[i - k->nin];
				if (p->dtype < 0 && strlen(p->type) == 1 && (unsigned char)p->type[0] % 8 == s) {
					fprintf(f, "typedef %s %s;\n", kty(types[s]), p->type);
					break;
				}
			}
	/* lm_n, not n: a parameter may be called n; _ind.size() is CuPy's element count */
	/* the operation goes in as it is written, lines and // comments
	 * included (a one-line #define broke at its first newline) */
	fprintf(f, "%s\n", k->preamble);
	fprintf(f, "struct lm_ind { long long s; __device__ long long size() const { return s; } };\n");
	fprintf(f, "extern \"C\" __global__ void %s(long long lm_n", k->name);
	for (int i = 0; i < k->nin; i++) {
		int dt = k->in[i].dtype >= 0 ? k->in[i].dtype : types[(unsigned char)k->in[i].type[0] % 8];
		if (ka[i].is_arr)
			fprintf(f, ", %s %s *%s_p", k->in[i].raw ? "" : "const", kty(dt), k->in[i].name);
		else
			fprintf(f, ", %s %s", kty(dt), k->in[i].name);
	}
	for (int o = 0; o < k->nout; o++)
		fprintf(f, ", %s *%s_p", kty(outs[o]->dtype), k->out[o].name);
	fprintf(f, ")\n{\n  long long i0 = blockIdx.x * (long long)blockDim.x + threadIdx.x, st = (long long)gridDim.x * blockDim.x;\n"
		"  lm_ind _ind = {lm_n}; (void)_ind;\n");
	if (V > 1) {
		fprintf(f, "  long long nv = lm_n / %d;\n  for (long long j = i0; j < nv; j += st) {\n", V);
		for (int i = 0; i < k->nin; i++)
			if (views[i])
				fprintf(f, "    lm_vec<%s, %d> v_%s = ((const lm_vec<%s, %d> *)%s_p)[j];\n",
					kty(views[i]->dtype), V, k->in[i].name, kty(views[i]->dtype), V, k->in[i].name);
		for (int o = 0; o < k->nout; o++)
			fprintf(f, "    lm_vec<%s, %d> v_%s;\n", kty(outs[o]->dtype), V, k->out[o].name);
		fprintf(f, "#pragma unroll\n    for (int u = 0; u < %d; u++) {\n      long long i = j * %d + u; (void)i;\n", V, V);
		for (int i = 0; i < k->nin; i++)
			if (views[i])
				fprintf(f, "      %s %s = v_%s.v[u];\n", kty(views[i]->dtype), k->in[i].name, k->in[i].name);
		for (int o = 0; o < k->nout; o++)
			fprintf(f, "      %s &%s = v_%s.v[u];\n", kty(outs[o]->dtype), k->out[o].name, k->out[o].name);
		fprintf(f, "      {\n%s\n;}\n    }\n", k->op);
		for (int o = 0; o < k->nout; o++)
			fprintf(f, "    ((lm_vec<%s, %d> *)%s_p)[j] = v_%s;\n", kty(outs[o]->dtype), V, k->out[o].name, k->out[o].name);
		fprintf(f, "  }\n  for (long long i = nv * %d + i0; i < lm_n; i += st) {\n", V);
	} else {
		fprintf(f, "  for (long long i = i0; i < lm_n; i += st) {\n");
	}
	for (int i = 0; i < k->nin; i++)
		if (views[i])
			fprintf(f, "    %s %s = %s_p[i];\n", kty(views[i]->dtype), k->in[i].name, k->in[i].name);
		else if (ka[i].is_arr)
			fprintf(f, "    %s *%s = %s_p;\n", kty(ka[i].a->dtype), k->in[i].name, k->in[i].name);
	for (int o = 0; o < k->nout; o++)
		fprintf(f, "    %s &%s = %s_p[i];\n", kty(outs[o]->dtype), k->out[o].name, k->out[o].name);
	fprintf(f, "    {\n%s\n;}\n  }\n}\n", k->op);
	if (fclose(f) != 0 || !code)
		goto nomem;
	fn = jit_get(ev, code, k->name, k->nopts, (const char *const *)k->opts);
	if (!fn)
		goto out;
	snprintf(k->sig, sizeof k->sig, "%s", sig);
	k->sig_fn = fn;
	k->dev = cuda_cur->id;
launch:
	{
		void *args[24], *ptrs[24];
		union uk_val kp[24];
		long long nn = n;
		int na = 0;
		args[na++] = &nn;
		for (int i = 0; i < k->nin; i++) {
			int dt = k->in[i].dtype >= 0 ? k->in[i].dtype : types[(unsigned char)k->in[i].type[0] % 8];
			if (views[i]) {
				ptrs[na] = nd_data(views[i]);
				args[na] = &ptrs[na];
			} else if (ka[i].is_arr) {
				ptrs[na] = nd_data(ka[i].a);
				args[na] = &ptrs[na];
			} else {
				uk_pack_as(&ka[i].s, dt, &kp[na]);
				args[na] = &kp[na];
			}
			na++;
		}
		for (int o = 0; o < k->nout; o++) {
			ptrs[na] = nd_data(outs[o]);
			args[na] = &ptrs[na];
			na++;
		}
		unsigned grid[3] = {cuew_grid(n, V), 1, 1}, block[3] = {256, 1, 1};
		if (n && jit_launch(ev, fn, grid, block, 0, args) < 0)
			goto out;
	}
	if (k->nout == 1) {
		res = arr_wrap(ev, nd_incref(outs[0]));
	} else {
		struct value *items[4];
		for (int o = 0; o < k->nout; o++)
			items[o] = arr_wrap(ev, nd_incref(outs[o]));
		res = val_tuple_new(k->nout, items);
	}
	goto out;
nomem:
	err_nomem(ev);
out:
	free(code);
	for (int i = 0; i < nk; i++)
		nd_decref(ka[i].a);
	for (int i = 0; i < 20; i++)
		nd_decref(views[i]);
	for (int o = 0; o < 4; o++)
		nd_decref(outs[o]);
	return res;
}

/* ReductionKernel.__call__(x, axis=None, keepdims=False).  The input is
 * laid out as (kept axes..., reduced axes...) in a C-contiguous copy, an
 * (m, r) matrix: m == 1 reduces all of it with many blocks (lm_red, then
 * lm_fin folds the partials and applies post_map), else a warp per output
 * row (lm_warps: many rows, or short ones; the lanes fold through shared
 * memory under __syncwarp, which any reduce type allows) or a block per row
 * (lm_rows: few long rows) reduces its r items and applies post_map. */
static struct value *red_call(struct eval *ev, struct ukernel *k, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	const struct backend *be = backend_cuda(ev);
	struct karg ka;
	struct ndarray *x = NULL, *xt = NULL, *out = NULL;
	struct value *res = NULL, *axis_v = NULL;
	char *code = NULL;
	size_t cap = 0;
	FILE *f;
	void *fn, *fin, *part = NULL;
	int in_dt, out_dt, G = 0, keepdims = 0, perm[ND_MAXDIM], ond = 0, nk = 0, by_warp = 0;
	int64_t oshape[ND_MAXDIM], m = 1, r = 1;
	uint64_t mask;
	if (!be)
		return err_occurred(ev) ? NULL : err_set(ev, TY_CUDARuntimeError, "cudaErrorNoDevice: no CUDA-capable device is detected");
	if (k->nin != 1 || k->nout != 1 || argc != 1)
		return err_set(ev, TY_NotImplementedError, "ReductionKernel with %d inputs / %d arguments (one array supported)", k->nin, argc);
	for (int i = 0; kw && i < kw->n; i++) {
		if (!strcmp(kw->names[i], "axis"))
			axis_v = kw->vals[i];
		else if (!strcmp(kw->names[i], "keepdims"))
			keepdims = val_truth(ev, kw->vals[i]);
		else if (!strcmp(kw->names[i], "out") || !strcmp(kw->names[i], "stream"))
			return err_set(ev, TY_NotImplementedError, "ReductionKernel keyword '%s'", kw->names[i]);
		else
			return err_set(ev, TY_TypeError, "Wrong arguments: unexpected keyword argument '%s'", kw->names[i]);
	}
	if (to_karg(ev, be, argv[0], &ka) < 0)
		return NULL;
	if (!ka.is_arr)
		goto out;
	if (keepdims < 0 || arr_parse_axes(ev, axis_v, ka.a->ndim, &mask) < 0)
		goto out;
	/* kept axes first, then the reduced ones; the output's shape */
	for (int i = 0; i < ka.a->ndim; i++)
		if (!(mask >> i & 1)) {
			perm[nk++] = i;
			m *= ka.a->shape[i];
		}
	for (int i = 0, j = nk; i < ka.a->ndim; i++) {
		if (mask >> i & 1) {
			perm[j++] = i;
			r *= ka.a->shape[i];
		}
		if (!(mask >> i & 1) || keepdims)
			oshape[ond++] = mask >> i & 1 ? 1 : ka.a->shape[i];
	}
	/* the kernels read x as an (m, r) matrix: a C-contiguous layout is read
	 * in place (axis=-1 or None of a C array), any other is copied once */
	if (!(xt = arr_transpose(ev, ka.a, perm))
	    || !(x = nd_is_c_contiguous(xt) ? nd_incref(xt) : arr_contiguous(ev, xt)))
		goto out;
	in_dt = x->dtype;
	out_dt = k->out[0].dtype >= 0 ? k->out[0].dtype
		: (!strcmp(k->out[0].type, k->in[0].type) ? in_dt : DT_FLOAT64);
	if (!(out = nd_new(ev, be, out_dt, ond, oshape)))
		goto out;
	if (m == 0)
		goto done;
	if (!(f = open_memstream(&code, &cap)))
		goto out;
	fprintf(f, "#include \"lumen.cuh\"\n");
	if (k->in[0].dtype < 0)
		fprintf(f, "typedef %s %s;\n", kty(in_dt), k->in[0].type);
	if (k->out[0].dtype < 0 && strcmp(k->out[0].type, k->in[0].type))
		fprintf(f, "typedef %s %s;\n", kty(out_dt), k->out[0].type);
	fprintf(f, "%s\ntypedef %s lm_r;\n#define LM_MAP(%s) (%s)\n#define LM_RED(a, b) (%s)\n",
		k->preamble, kty(out_dt), k->in[0].name, k->map, k->reduce);
	/* a row's share of one thread: four accumulators in flight (a reduction
	 * is associative and commutative, as CuPy assumes), then folded */
	fprintf(f, "#define LM_ACC4(xr, first, step) lm_r acc = (lm_r)(%s), lm_a1 = acc, lm_a2 = acc, lm_a3 = acc; \\\n"
		"  { long long i = (first); \\\n"
		"    for (; i + 3 * (step) < r; i += 4 * (step)) { \\\n"
		"      lm_r b0 = (lm_r)LM_MAP(xr[i]), b1 = (lm_r)LM_MAP(xr[i + (step)]), \\\n"
		"           b2 = (lm_r)LM_MAP(xr[i + 2 * (step)]), b3 = (lm_r)LM_MAP(xr[i + 3 * (step)]); \\\n"
		"      { lm_r a = acc, b = b0; acc = (lm_r)LM_RED(a, b); } { lm_r a = lm_a1, b = b1; lm_a1 = (lm_r)LM_RED(a, b); } \\\n"
		"      { lm_r a = lm_a2, b = b2; lm_a2 = (lm_r)LM_RED(a, b); } { lm_r a = lm_a3, b = b3; lm_a3 = (lm_r)LM_RED(a, b); } } \\\n"
		"    for (; i < r; i += (step)) { lm_r a = acc, b = (lm_r)LM_MAP(xr[i]); acc = (lm_r)LM_RED(a, b); } \\\n"
		"    { lm_r a = acc, b = lm_a1; acc = (lm_r)LM_RED(a, b); } { lm_r a = lm_a2, b = lm_a3; lm_a2 = (lm_r)LM_RED(a, b); } \\\n"
		"    { lm_r a = acc, b = lm_a2; acc = (lm_r)LM_RED(a, b); } }\n", k->identity);
	fprintf(f, "#define LM_TREE(sm) for (int s = 128; s > 0; s >>= 1) { if (threadIdx.x < s) { lm_r a = sm[threadIdx.x], b = sm[threadIdx.x + s]; sm[threadIdx.x] = (lm_r)LM_RED(a, b); } __syncthreads(); }\n");
	fprintf(f, "__device__ __forceinline__ void lm_post(lm_r a, %s &%s)\n{\n%s;\n}\n",
		kty(out_dt), k->out[0].name, *k->post ? k->post : "(void)0");
	if (m == 1) {
		fprintf(f, "extern \"C\" __global__ void lm_red(const %s *x, lm_r *part, long long n)\n{\n"
			"  __shared__ lm_r sm[256]; lm_r acc = (lm_r)(%s);\n"
			"  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {\n"
			"    lm_r b = (lm_r)LM_MAP(x[i]); lm_r a = acc; acc = (lm_r)LM_RED(a, b); }\n"
			"  sm[threadIdx.x] = acc; __syncthreads();\n"
			"  LM_TREE(sm)\n"
			"  if (!threadIdx.x) part[blockIdx.x] = sm[0];\n}\n",
			kty(in_dt), k->identity);
		fprintf(f, "extern \"C\" __global__ void lm_fin(const lm_r *part, %s *out, int np)\n{\n"
			"  __shared__ lm_r sm[256]; lm_r acc = (lm_r)(%s);\n"
			"  for (int i = threadIdx.x; i < np; i += 256) { lm_r a = acc, b = part[i]; acc = (lm_r)LM_RED(a, b); }\n"
			"  sm[threadIdx.x] = acc; __syncthreads();\n"
			"  LM_TREE(sm)\n"
			"  if (!threadIdx.x) lm_post(sm[0], out[0]);\n}\n",
			kty(out_dt), k->identity);
	} else if ((by_warp = r <= 1024)) {   /* short rows: a warp each; long ones: a block */
		fprintf(f, "extern \"C\" __global__ void lm_warps(const %s *__restrict__ x, %s *out, long long m, long long r)\n{\n"
			"  __shared__ lm_r sm[256];\n"
			"  int lane = threadIdx.x & 31; lm_r *w = sm + (threadIdx.x - lane);\n"
			"  for (long long row = blockIdx.x * 8LL + (threadIdx.x >> 5); row < m; row += gridDim.x * 8LL) {\n"
			"    const %s *xr = x + row * r;\n"
			"    LM_ACC4(xr, lane, 32)\n"
			"    w[lane] = acc; __syncwarp();\n"
			"    for (int s = 16; s > 0; s >>= 1) {\n"
			"      if (lane < s) { lm_r a = w[lane], b = w[lane + s]; w[lane] = (lm_r)LM_RED(a, b); }\n"
			"      __syncwarp(); }\n"
			"    if (!lane) lm_post(w[0], out[row]);\n"
			"    __syncwarp();\n  }\n}\n",
			kty(in_dt), kty(out_dt), kty(in_dt));
	} else {
		fprintf(f, "extern \"C\" __global__ void lm_rows(const %s *x, %s *out, long long m, long long r)\n{\n"
			"  __shared__ lm_r sm[256];\n"
			"  for (long long row = blockIdx.x; row < m; row += gridDim.x) {\n"
			"    const %s *xr = x + row * r;\n"
			"    LM_ACC4(xr, threadIdx.x, 256)\n"
			"    sm[threadIdx.x] = acc; __syncthreads();\n"
			"    LM_TREE(sm)\n"
			"    if (!threadIdx.x) lm_post(sm[0], out[row]);\n"
			"    __syncthreads();\n  }\n}\n",
			kty(in_dt), kty(out_dt), kty(in_dt));
	}
	if (fclose(f) != 0 || !code)
		goto out;
	if (m == 1) {
		long long n = nd_size(x);
		int np;
		void *px = nd_data(x), *po = nd_data(out);
		if (!(fn = jit_get(ev, code, "lm_red", k->nopts, (const char *const *)k->opts))
		    || !(fin = jit_get(ev, code, "lm_fin", k->nopts, (const char *const *)k->opts)))
			goto out;
		np = (int)cuew_grid(n, 1);
		G = np;
		if (!(part = pool_alloc(ev, (size_t)G * 16)))
			goto out;
		void *a1[] = {&px, &part, &n}, *a2[] = {&part, &po, &np};
		unsigned g1[3] = {(unsigned)G, 1, 1}, g2[3] = {1, 1, 1}, b[3] = {256, 1, 1};
		if (jit_launch(ev, fn, g1, b, 0, a1) < 0 || jit_launch(ev, fin, g2, b, 0, a2) < 0)
			goto out;
	} else {
		long long mm = m, rr = r, nb = by_warp ? (m + 7) / 8 : m;
		void *px = nd_data(x), *po = nd_data(out), *a1[] = {&px, &po, &mm, &rr};
		unsigned g1[3] = {(unsigned)(nb < 65535 ? nb : 65535), 1, 1}, b[3] = {256, 1, 1};
		if (!(fn = jit_get(ev, code, by_warp ? "lm_warps" : "lm_rows", k->nopts, (const char *const *)k->opts))
		    || jit_launch(ev, fn, g1, b, 0, a1) < 0)
			goto out;
	}
done:
	res = arr_wrap(ev, nd_incref(out));
out:
	if (part)
		pool_free(part, (size_t)G * 16);
	free(code);
	nd_decref(ka.a);
	nd_decref(xt);
	nd_decref(x);
	nd_decref(out);
	return res;
}

/* RawKernel.__call__(grid, block, args, *, shared_mem=0) */
static struct value *raw_call(struct eval *ev, struct ukernel *k, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct value *gv, *bv, *av, *shv = NULL, *res = NULL;
	unsigned g[3], b[3];
	int64_t shmem = 0;
	void *args[64];
	union uk_val kp[64];
	void *ptrs[64];
	const struct backend *be = backend_cuda(ev);
	if (!be)
		return err_occurred(ev) ? NULL : err_set(ev, TY_CUDARuntimeError, "cudaErrorNoDevice: no CUDA-capable device is detected");
	if (args_parse(ev, k->name, argc, argv, kw, "grid,block,args|$shared_mem", &gv, &bv, &av, &shv) < 0
	    || args_int(ev, shv, 0, &shmem) < 0)
		return NULL;
	if (uk_dims(ev, gv, g, "grid") < 0 || uk_dims(ev, bv, b, "block") < 0)
		return NULL;
	/* CuPy iterates args: a tuple or list, or a device array whose rows
	 * (pointers to them) are the arguments, as `args=(x)` gives */
	struct ndarray *rows = NULL;
	size_t nargs;
	if (av->type == VT_NDARRAY && nd_device(arr_borrow(av)) == DEV_CUDA) {
		rows = arr_borrow(av);
		if (rows->ndim == 0)
			return err_set(ev, TY_TypeError, "iteration over a 0-d array");
		nargs = (size_t)rows->shape[0];
	} else if (av->type != VT_TUPLE && av->type != VT_LIST)
		return err_set(ev, TY_TypeError, "args must be a tuple");
	else if ((nargs = av->u.seq.n) > 64)
		return err_set(ev, TY_ValueError, "too many kernel arguments");
	if ((k->module || k->fn) && k->dev != cuda_cur->id) {
		/* made on another device: the module again for this one (CuPy
		 * compiles a RawKernel per device; the memory cache keeps both) */
		if (!k->code)
			return err_set(ev, TY_NotImplementedError, "a kernel of RawModule.get_function made on device %d, "
				       "called on device %d: call get_function there", k->dev, cuda_cur->id);
		k->fn = NULL;
		if (!(k->module = jit_module(ev, k->code, k->nopts, (const char *const *)k->opts, 0)))
			return NULL;
		k->dev = cuda_cur->id;
	}
	if (!k->module && k->code && !(k->module = jit_module(ev, k->code, k->nopts, (const char *const *)k->opts, 0)))
		return NULL;
	k->dev = cuda_cur->id;
	if (!k->fn && !(k->fn = jit_module_function(ev, k->module, k->name)))
		return NULL;
	{
		int np = jit_param_count(k->fn);
		if (rows) {
			/* the kernel reads its first np rows (CuPy passes them all) */
			if (np < 0)
				np = nargs < 64 ? (int)nargs : 64;
			if ((size_t)np > nargs)
				return err_set(ev, TY_TypeError, "%s() takes %d kernel arguments (%zu given)",
					       k->name, np, nargs);
			nargs = (size_t)np;
			if (nargs > 64)
				return err_set(ev, TY_ValueError, "too many kernel arguments");
		} else if (np >= 0 && np != (int)nargs)
			return err_set(ev, TY_TypeError, "%s() takes %d kernel arguments (%zu given)",
				       k->name, np, nargs);
	}
	for (size_t i = 0; i < nargs; i++) {
		if (rows) {
			ptrs[i] = (char *)nd_data(rows) + (int64_t)i * rows->strides[0];
			args[i] = &ptrs[i];
			continue;
		}
		struct value *x = av->u.seq.items[i];
		if (x->type == VT_NDARRAY) {
			struct ndarray *a = arr_borrow(x);
			if (nd_device(a) != DEV_CUDA) {
				/* a one-element NumPy array is its item, in its dtype */
				if (nd_size(a) != 1 || a->dtype < 0 || a->dtype >= DT_COUNT)
					return err_set(ev, TY_TypeError, "Unsupported type <class 'numpy.ndarray'>");
				struct npscalar sc;
				arr_scalar_load(a->dtype, nd_data(a), &sc);
				uk_pack_as(&sc, sc.dtype, &kp[i]);
				args[i] = &kp[i];
				continue;
			}
			ptrs[i] = nd_data(a);
			args[i] = &ptrs[i];
		} else {
			struct karg ka;
			if (to_karg(ev, be, x, &ka) < 0)
				return NULL;
			if (ka.is_arr) {
				nd_decref(ka.a);
				return err_set(ev, TY_TypeError, "Unsupported type %s", val_type_name(x));
			}
			uk_pack_as(&ka.s, ka.s.dtype, &kp[i]);
			args[i] = &kp[i];
		}
	}
	/* a driver that cannot count parameters: missing ones read zeros, never
	 * past the array */
	static const unsigned char zeros[64];
	for (size_t i = nargs; i < 64; i++)
		args[i] = (void *)zeros;
	if (jit_launch(ev, k->fn, g, b, (size_t)shmem, args) < 0)
		return NULL;
	res = val_none();
	return res;
}

static struct value *uk_call(struct eval *ev, struct value *self, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	struct ukernel *k = self->u.obj.p;
	switch (k->kind) {
	case 'E': return ew_call(ev, k, argc, argv, kw);
	case 'R': return red_call(ev, k, argc, argv, kw);
	case 'K': return raw_call(ev, k, argc, argv, kw);
	default: return err_set(ev, TY_TypeError, "'RawModule' object is not callable");
	}
}

static struct value *mod_getfn(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw);

/* The module of a RawKernel / RawModule on the current device, compiled by
 * NVRTC now if it was not: CuPy compiles lazily, at compile(),
 * get_function() or the first launch (raw_call), so NVRTCError shows there.
 * 0, or -1 with the error set (no device: CUDARuntimeError). */
static int uk_module(struct eval *ev, struct ukernel *k)
{
	struct value *n = cudaobj_need_dev(ev);
	if (!n)
		return -1;
	val_decref(n);
	if (k->module && k->dev == cuda_cur->id)
		return 0;
	if (!k->code) {
		err_set(ev, TY_CUDARuntimeError, "module not loaded");
		return -1;
	}
	void *mod = jit_module(ev, k->code, k->nopts, (const char *const *)k->opts, 0);
	if (!mod)
		return -1;
	k->module = mod;
	k->fn = NULL;
	k->dev = cuda_cur->id;
	return 0;
}

/* RawModule.compile() / RawKernel.compile(): NVRTC compiles the code now
 * (its errors are raised here, as CuPy's); None */
static struct value *uk_compile(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct ukernel *k = bi->self->u.obj.p;
	struct value *log = NULL;
	if (args_parse(ev, "compile", argc, argv, kw, "|log_stream", &log) < 0)
		return NULL;
	if (uk_module(ev, k) < 0)
		return NULL;
	return val_none();
}

static struct value *uk_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct ukernel *k = self->u.obj.p;
	if ((k->kind == 'K' || k->kind == 'M') && !strcmp(name, "compile"))
		return method(self, name, uk_compile);
	if (!strcmp(name, "name"))
		return val_cstr(k->name ? k->name : "");
	if (k->kind == 'M' && !strcmp(name, "get_function"))
		return method(self, name, mod_getfn);
	if (k->kind == 'M' && !strcmp(name, "get_global"))
		return method(self, name, uk_get_global);
	if (k->kind == 'K' && !strcmp(name, "code"))
		return val_cstr(k->code ? k->code : "");
	return NULL;
}

static char *uk_repr(struct eval *ev, struct value *self)
{
	struct ukernel *k = self->u.obj.p;
	char *s = malloc(160);
	const char *c = k->kind == 'E' ? "ElementwiseKernel" : k->kind == 'R' ? "ReductionKernel"
		: k->kind == 'K' ? "RawKernel" : "RawModule";
	if (s)
		snprintf(s, 160, "<cupy._core.%s object: %s>", c, k->name ? k->name : "");
	return s;
}

static const char *const uk_attrs[] = {"name", "get_function", "get_global", "compile", NULL};
static const struct objtype ukernel_type = {
	"Kernel", uk_free, uk_getattr, NULL, uk_call, uk_repr, NULL, NULL, uk_attrs,
};

static int take_opts(struct eval *ev, struct ukernel *k, struct value *o)
{
	if (!o || o->type == VT_NONE)
		return 0;
	if (o->type != VT_TUPLE && o->type != VT_LIST)
		return err_set(ev, TY_TypeError, "options must be a tuple of str"), -1;
	k->opts = calloc(o->u.seq.n + 1, sizeof *k->opts);
	if (!k->opts)
		return err_nomem(ev), -1;
	for (size_t i = 0; i < o->u.seq.n; i++) {
		const char *s = val_as_cstr(o->u.seq.items[i]);
		if (!s)
			return err_set(ev, TY_TypeError, "options must be a tuple of str"), -1;
		k->opts[k->nopts++] = strdup(s);
	}
	return 0;
}

struct value *uk_fn_elementwise(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	struct value *in, *out, *op, *name = NULL, *rd = NULL, *pre = NULL, *opts = NULL, *lp = NULL, *rp = NULL, *nb = NULL;
	struct ukernel *k;
	if (args_parse(ev, "ElementwiseKernel", argc, argv, kw,
		       "in_params,out_params,operation|name,reduce_dims,preamble,no_return,return_tuple,loop_prep,options",
		       &in, &out, &op, &name, &rd, &pre, &nb, &rp, &lp, &opts) < 0)
		return NULL;
	if (!val_as_cstr(in) || !val_as_cstr(out) || !val_as_cstr(op))
		return err_set(ev, TY_TypeError, "ElementwiseKernel() params and operation must be str");
	if (!(k = calloc(1, sizeof *k)))
		return err_nomem(ev);
	k->kind = 'E';
	if ((k->nin = uk_parse_params(ev, val_as_cstr(in), k->in, 16)) < 0
	    || (k->nout = uk_parse_params(ev, val_as_cstr(out), k->out, 4)) < 0 || take_opts(ev, k, opts) < 0) {
		uk_free(k);
		return NULL;
	}
	k->name = name ? dupv(name) : strdup("kernel");
	k->op = dupv(op);
	k->preamble = dupv(pre);
	return val_object_new(&ukernel_type, k);
}

struct value *uk_fn_reduction(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	struct value *in, *out, *map, *red, *post, *ident, *name = NULL, *rt = NULL, *rd = NULL, *pre = NULL, *opts = NULL;
	struct ukernel *k;
	if (args_parse(ev, "ReductionKernel", argc, argv, kw,
		       "in_params,out_params,map_expr,reduce_expr,post_map_expr,identity|name,reduce_type,reduce_dims,preamble,options",
		       &in, &out, &map, &red, &post, &ident, &name, &rt, &rd, &pre, &opts) < 0)
		return NULL;
	if (!(k = calloc(1, sizeof *k)))
		return err_nomem(ev);
	k->kind = 'R';
	if ((k->nin = uk_parse_params(ev, val_as_cstr(in) ? val_as_cstr(in) : "", k->in, 16)) < 0
	    || (k->nout = uk_parse_params(ev, val_as_cstr(out) ? val_as_cstr(out) : "", k->out, 4)) < 0
	    || take_opts(ev, k, opts) < 0) {
		uk_free(k);
		return NULL;
	}
	k->name = name ? dupv(name) : strdup("reduce_kernel");
	k->map = dupv(map);
	k->reduce = dupv(red);
	k->post = dupv(post);
	k->identity = ident && ident->type != VT_NONE ? dupv(ident) : strdup("0");
	if (!*k->identity) {
		free(k->identity);
		k->identity = strdup("0");
	}
	k->preamble = dupv(pre);
	/* the expressions go into one-line #defines: their newlines are spaces */
	for (char **e = (char *[]){k->map, k->reduce, k->identity, NULL}; *e; e++)
		for (char *c = *e; *c; c++)
			if (*c == '\n' || *c == '\r')
				*c = ' ';
	return val_object_new(&ukernel_type, k);
}

struct value *uk_fn_rawkernel(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	struct value *code, *name, *opts = NULL, *backend = NULL, *tr = NULL, *jit = NULL;
	struct ukernel *k;
	if (args_parse(ev, "RawKernel", argc, argv, kw, "code,name|options,backend,translate_cucomplex,enable_cooperative_groups,jitify",
		       &code, &name, &opts, &backend, &tr, &jit, &jit) < 0)
		return NULL;
	if (!val_as_cstr(code) || !val_as_cstr(name))
		return err_set(ev, TY_TypeError, "RawKernel() code and name must be str");
	if (!(k = calloc(1, sizeof *k)))
		return err_nomem(ev);
	k->kind = 'K';
	k->code = dupv(code);
	k->name = dupv(name);
	if (take_opts(ev, k, opts) < 0) {
		uk_free(k);
		return NULL;
	}
	/* compiled lazily, as CuPy's: at compile() (uk_module) or the first
	 * launch (raw_call), where NVRTCError shows */
	return val_object_new(&ukernel_type, k);
}

struct value *uk_fn_rawmodule(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	struct value *code = NULL, *path = NULL, *opts = NULL, *backend = NULL, *tr = NULL, *ne = NULL, *jit = NULL;
	struct ukernel *k;
	if (args_parse(ev, "RawModule", argc, argv, kw, "|code,path,options,backend,translate_cucomplex,enable_cooperative_groups,name_expressions,jitify",
		       &code, &path, &opts, &backend, &tr, &jit, &ne, &jit) < 0)
		return NULL;
	if (!code || !val_as_cstr(code))
		return err_set(ev, TY_NotImplementedError, "RawModule(path=...): give code=");
	if (!(k = calloc(1, sizeof *k)))
		return err_nomem(ev);
	k->kind = 'M';
	k->code = dupv(code);
	k->name = strdup("module");
	struct value *v = val_object_new(&ukernel_type, k);
	if (!v || take_opts(ev, k, opts) < 0) {
		val_decref(v);
		return NULL;
	}
	/* compiled lazily, as CuPy's: at compile() or get_function() (uk_module) */
	return v;
}

static struct value *mod_getfn(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct ukernel *m = bi->self->u.obj.p, *k;
	struct value *name;
	void *fn;
	if (args_parse(ev, "get_function", argc, argv, kw, "name", &name) < 0)
		return NULL;
	if (!val_as_cstr(name))
		return err_set(ev, TY_TypeError, "get_function() name must be str");
	if (uk_module(ev, m) < 0)   /* compiled now, or again for the current device */
		return NULL;
	if (!(fn = jit_module_function(ev, m->module, val_as_cstr(name))))
		return NULL;
	if (!(k = calloc(1, sizeof *k)))
		return err_nomem(ev);
	k->kind = 'K';
	k->name = dupv(name);
	k->module = m->module;
	k->fn = fn;
	k->dev = m->dev;
	k->code = m->code ? strdup(m->code) : NULL;   /* to load it on another device */
	if (m->nopts && (k->opts = calloc(m->nopts + 1, sizeof *k->opts)))
		for (int i = 0; i < m->nopts; i++)
			k->opts[k->nopts++] = strdup(m->opts[i]);
	return val_object_new(&ukernel_type, k);
}

#endif /* HAVE_CUDA */
