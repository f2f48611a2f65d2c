/*
 * host_ukernel.c — CuPy's ElementwiseKernel, ReductionKernel, RawKernel and RawModule in
 * host mode: plain C/C++ code wrapped in a loop (a RawKernel walks its grid one thread after
 * another), compiled by the system C++ compiler ($CXX, else c++) into a shared object cached
 * on disk by a hash of its source, and dlopen'd.  __shared__ / __syncthreads are a named
 * NotImplementedError.  Owns the handles of what it loaded.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "lang/value.h"
#include "lang/error.h"
#include "lang/eval.h"
#include "lang/args.h"
#include "array/arrapi.h"
#include "array/arrfuncs.h"
#include "array/ndarray.h"
#include "array/dtype.h"
#include "backend/backend.h"
#include "backend/ukparse.h"

extern char **environ;

/* the C++ type of a dtype */
static const char *ctype(int dt)
{
	static const char *const t[DT_COUNT] = {"bool", "signed char", "short", "int", "long long",
		"unsigned char", "unsigned short", "unsigned int", "unsigned long long", "_Float16",
		"float", "double", "std::complex<float>", "std::complex<double>"};
	return t[dt];
}

/* what CUDA C the kernels may use, on the host */
static const char prelude[] =
	"#include <math.h>\n#include <stdint.h>\n#include <cmath>\n#include <complex>\n#include <algorithm>\n"
	"using std::min; using std::max; using std::abs;\n"
	"#define __device__\n#define __global__\n#define __host__\n#define __forceinline__ inline\n"
	"#define __restrict__ __restrict\n"
	"typedef std::complex<float> complex64; typedef std::complex<double> complex128;\n"
	"struct lm_dim3 { unsigned x, y, z; };\n"
	"static lm_dim3 threadIdx, blockIdx, blockDim, gridDim;\n"
	"template <class T> static inline T atomicAdd(T *p, T v) { T o = *p; *p = o + v; return o; }\n"
	"template <class T> static inline T atomicSub(T *p, T v) { T o = *p; *p = o - v; return o; }\n"
	"template <class T> static inline T atomicMax(T *p, T v) { T o = *p; if (v > o) *p = v; return o; }\n"
	"template <class T> static inline T atomicMin(T *p, T v) { T o = *p; if (v < o) *p = v; return o; }\n"
	"template <class T> static inline T atomicExch(T *p, T v) { T o = *p; *p = v; return o; }\n"
	"template <class T> static inline T atomicCAS(T *p, T c, T v) { T o = *p; if (o == c) *p = v; return o; }\n"
	"struct lm_ptr { void *p; template <class T> operator T *() const { return (T *)p; } };\n";

/* ---- compiling and loading ---- */

static uint64_t fnv(const char *s, uint64_t h)
{
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h;
}

static int cache_dir(char *buf, size_t n)
{
	const char *d = getenv("LUMEN_KERNEL_CACHE"), *x, *home;
	if (d && *d && strcmp(d, "0"))
		snprintf(buf, n, "%s/host", d);
	else if (!d && (x = getenv("XDG_CACHE_HOME")) && *x)
		snprintf(buf, n, "%s/lumen/host-kernels", x);
	else if (!d && (home = getenv("HOME")) && *home)
		snprintf(buf, n, "%s/.cache/lumen/host-kernels", home);
	else
		snprintf(buf, n, "%s/lumen-host-kernels-%d", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
			 (int)getuid());
	char tmp[1024];
	snprintf(tmp, sizeof tmp, "%s", buf);
	for (char *p = tmp + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			mkdir(tmp, 0755);
			*p = '/';
		}
	if (mkdir(tmp, 0755) < 0 && errno != EEXIST)
		return -1;
	return 0;
}

static char *read_all(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return NULL;
	char *s = malloc(4097);
	size_t n = s ? fread(s, 1, 4096, f) : 0;
	fclose(f);
	if (s)
		s[n] = 0;
	return s;
}

/* The shared object of src (compiled now or found in the cache), dlopen'd:
 * its handle, or NULL with the error set. */
static void *load(struct eval *ev, const char *src)
{
	const char *cxx = getenv("CXX");
	if (!cxx || !*cxx)
		cxx = "c++";
	char dir[900], so[1024], cpp[1024], tso[1024], errf[1024];
	if (cache_dir(dir, sizeof dir) < 0)
		return err_set(ev, TY_OSError, "no directory for host kernels (%s)", dir);
	uint64_t h = fnv(cxx, fnv(src, 0xcbf29ce484222325ULL));
	snprintf(so, sizeof so, "%s/%016llx.so", dir, (unsigned long long)h);
	void *dl = dlopen(so, RTLD_NOW | RTLD_LOCAL);
	if (dl)
		return dl;
	snprintf(cpp, sizeof cpp, "%s/%016llx-%d.cpp", dir, (unsigned long long)h, (int)getpid());
	snprintf(tso, sizeof tso, "%s/%016llx-%d.so", dir, (unsigned long long)h, (int)getpid());
	snprintf(errf, sizeof errf, "%s/%016llx-%d.err", dir, (unsigned long long)h, (int)getpid());
	FILE *f = fopen(cpp, "w");
	if (!f || fputs(src, f) < 0 || fclose(f) != 0)
		return err_set(ev, TY_OSError, "cannot write %s", cpp);
	char *argv[] = { (char *)cxx, "-O3", "-std=c++17", "-shared", "-fPIC", "-w", "-o", tso, cpp, NULL };
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, errf, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	pid_t pid;
	int e = posix_spawnp(&pid, cxx, &fa, NULL, argv, environ), st = 0;
	posix_spawn_file_actions_destroy(&fa);
	if (e) {
		unlink(cpp);
		unlink(errf);
		return err_set(ev, TY_NotImplementedError,
			       "user kernels in host mode are compiled by the system C++ compiler: "
			       "'%s' was not found (set CXX)", cxx);
	}
	/* the compiler is waited for interruptibly: Ctrl-C kills it */
	for (;;) {
		pid_t r = waitpid(pid, &st, WNOHANG);
		if (r == pid || (r < 0 && errno != EINTR))
			break;
		if (ev->interrupt) {
			kill(pid, SIGKILL);
			while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
				;
			unlink(cpp);
			unlink(errf);
			unlink(tso);
			ev_check_interrupt(ev);
			return NULL;
		}
		usleep(10000);
	}
	unlink(cpp);
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		char *msg = read_all(errf);
		unlink(errf);
		unlink(tso);
		err_set(ev, TY_NVRTCError, "%s", msg && *msg ? msg : "the host compiler failed");
		free(msg);
		return NULL;
	}
	unlink(errf);
	if (rename(tso, so) < 0) {
		unlink(tso);
		return err_set(ev, TY_OSError, "cannot write %s", so);
	}
	if (!(dl = dlopen(so, RTLD_NOW | RTLD_LOCAL)))
		return err_set(ev, TY_OSError, "%s", dlerror());
	return dl;
}

/* ---- the kernel objects ---- */

struct hkernel {
	int kind;                   /* 'E' elementwise, 'R' reduction, 'K' raw, 'M' module */
	char *name, *op, *map, *reduce, *post, *identity, *preamble, *code, *reduce_type;
	struct uk_param in[16], out[4];
	int nin, nout;
	char sig[160];              /* the last call's types and its loaded code */
	void *dl, *fn;
};

static void hk_free(void *p)
{
	struct hkernel *k = p;
	if (k->dl)
		dlclose(k->dl);
	free(k->name); free(k->op); free(k->map); free(k->reduce); free(k->post);
	free(k->identity); free(k->preamble); free(k->code); free(k->reduce_type);
	free(k);
}

static char *dupv(struct value *v)
{
	const char *s = v ? val_as_cstr(v) : NULL;
	return strdup(s ? s : "");
}

/* Loads src and finds sym, kept as the kernel's code for calls of signature
 * sig; 0, or -1 with the error set. */
static int use_code(struct eval *ev, struct hkernel *k, const char *sig, const char *src, const char *sym)
{
	void *dl = load(ev, src);
	if (!dl)
		return -1;
	void *fn = dlsym(dl, sym);
	if (!fn) {
		dlclose(dl);
		err_set(ev, TY_NVRTCError, "the host kernel has no symbol %s", sym);
		return -1;
	}
	if (k->dl)
		dlclose(k->dl);
	k->dl = dl;
	k->fn = fn;
	snprintf(k->sig, sizeof k->sig, "%s", sig);
	return 0;
}

/* an argument: a cp array (host mode: host memory) or a scalar */
struct harg { struct ndarray *a; struct npscalar s; int is_arr; int64_t off; };

static int to_harg(struct eval *ev, struct value *v, struct harg *h)
{
	memset(h, 0, sizeof *h);
	switch (v->type) {
	case VT_NDARRAY: {
		struct ndarray *a = arr_borrow(v);
		if (!arr_is_cupy(nd_backend(a))) {
			err_set(ev, TY_TypeError, "Unsupported type <class 'numpy.ndarray'>");
			return -1;
		}
		h->a = nd_incref(a);
		h->is_arr = 1;
		return 0;
	}
	case VT_BOOL: h->s.dtype = DT_BOOL; h->s.v.b = (uint8_t)v->u.i; return 0;
	case VT_INT: h->s.dtype = DT_INT64; h->s.v.i = v->u.i; return 0;
	case VT_FLOAT: h->s.dtype = DT_FLOAT64; h->s.v.f = v->u.f; return 0;
	case VT_COMPLEX: h->s.dtype = DT_COMPLEX128; h->s.v.c = v->u.c; return 0;
	case VT_SCALAR: h->s = v->u.sc; return 0;
	default:
		err_set(ev, TY_TypeError, "Unsupported type %s", val_type_name(v));
		return -1;
	}
}

static int placeholder_slot(const struct uk_param *p)
{
	return p->dtype < 0 && strlen(p->type) == 1 ? (unsigned char)p->type[0] % 8 : -1;
}

static int param_dt(const struct uk_param *p, const int types[8])
{
	if (p->dtype >= 0)
		return p->dtype;
	int s = placeholder_slot(p);
	return s >= 0 ? types[s] : -1;
}

/* ElementwiseKernel.__call__(*args, size=None) */
static struct value *ew_call(struct eval *ev, struct hkernel *k, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	const struct backend *be = &backend_host_cupy;
	struct harg ha[20];
	struct ndarray *outs[4] = {0}, *views[20] = {0};
	struct value *res = NULL;
	int nh = 0, types[8], ndim = 0, nout_given;
	int64_t shape[ND_MAXDIM], size = -1;
	char *src = NULL;
	size_t cap = 0;
	for (int i = 0; kw && i < kw->n; i++) {
		if (strcmp(kw->names[i], "size"))
			return err_set(ev, TY_TypeError, "Wrong arguments: unexpected keyword argument '%s'",
				       kw->names[i]);
		if (kw->vals[i]->type != VT_NONE && val_as_int64(ev, kw->vals[i], &size) < 0)
			return NULL;
	}
	if (argc != k->nin && argc != k->nin + k->nout)
		return err_set(ev, TY_TypeError, "Wrong number of arguments for '%s'", k->name);
	nout_given = argc - k->nin;
	for (int i = 0; i < 8; i++)
		types[i] = -1;
	for (int i = 0; i < argc; i++, nh++)
		if (to_harg(ev, argv[i], &ha[i]) < 0)
			goto out;
	/* the placeholder types: from the arrays first, then the scalars */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < argc; i++) {
			const struct uk_param *p = i < k->nin ? &k->in[i] : &k->out[i - k->nin];
			int s = placeholder_slot(p);
			if (s >= 0 && types[s] < 0 && (pass == 1 || ha[i].is_arr))
				types[s] = ha[i].is_arr ? ha[i].a->dtype : ha[i].s.dtype;
		}
	{
		const struct ndarray *arrs[20];
		int na = 0;
		for (int i = 0; i < argc; i++)
			if (ha[i].is_arr && !(i < k->nin ? k->in[i].raw : k->out[i - k->nin].raw))
				arrs[na++] = ha[i].a;
		if (na && arr_broadcast_shapes(ev, na, arrs, &ndim, shape) < 0)
			goto out;
		if (!na) {
			if (size < 0) {
				err_set(ev, TY_ValueError, "Loop size is undecided");
				goto out;
			}
			ndim = 1;
			shape[0] = size;
		}
	}
	for (int o = 0; o < k->nout; o++) {
		int dt = param_dt(&k->out[o], types);
		if (dt < 0)
			dt = DT_FLOAT64;
		if (o < nout_given) {
			if (!ha[k->nin + o].is_arr) {
				err_set(ev, TY_TypeError, "Output of '%s' must be an array", k->name);
				goto out;
			}
			outs[o] = nd_incref(ha[k->nin + o].a);
			int same = outs[o]->ndim == ndim;
			for (int d = 0; same && d < ndim; d++)
				same = outs[o]->shape[d] == shape[d];
			if (!same) {
				err_set(ev, TY_ValueError, "Out shape is mismatched");
				goto out;
			}
			if (!nd_is_c_contiguous(outs[o])) {
				err_set(ev, TY_NotImplementedError, "ElementwiseKernel into a non-contiguous output");
				goto out;
			}
		} else if (!(outs[o] = nd_new(ev, be, dt, ndim, shape))) {
			goto out;
		}
	}
	int64_t n = 1;
	for (int d = 0; d < ndim; d++)
		n *= shape[d];
	/* contiguous inputs of the full shape (copies where needed) */
	for (int i = 0; i < k->nin; i++) {
		if (!ha[i].is_arr || k->in[i].raw)
			continue;
		struct ndarray *b = arr_broadcast_to(ev, ha[i].a, ndim, shape);
		if (!b)
			goto out;
		int zero = 0;
		for (int d = 0; d < ndim; d++)
			zero |= b->strides[d] == 0 && b->shape[d] > 1;
		if (!nd_is_c_contiguous(b) || zero) {
			struct ndarray *c = nd_new(ev, be, b->dtype, ndim, shape);
			if (!c || be->copy(ev, c, b) < 0) {
				nd_decref(b);
				nd_decref(c);
				goto out;
			}
			nd_decref(b);
			b = c;
		}
		views[i] = b;
	}
	char sig[160];
	{
		int w = snprintf(sig, sizeof sig, "E");
		for (int i = 0; i < argc && w < (int)sizeof sig - 8; i++)
			w += snprintf(sig + w, sizeof sig - (size_t)w, "%c%d", views[i] ? 'v' : ha[i].is_arr ? 'a' : 's',
				      ha[i].is_arr ? ha[i].a->dtype : ha[i].s.dtype);
		for (int o = 0; o < k->nout && w < (int)sizeof sig - 8; o++)
			w += snprintf(sig + w, sizeof sig - (size_t)w, "o%d", outs[o]->dtype);
	}
	if (!k->fn || strcmp(sig, k->sig)) {
		FILE *f = open_memstream(&src, &cap);
		if (!f) {
			err_nomem(ev);
			goto out;
		}
		fputs(prelude, f);
		for (int s = 0; s < 8; s++)
			if (types[s] >= 0)
				for (int i = 0; i < k->nin + k->nout; i++) {
					const struct uk_param *p = i < k->nin ? &k->in[i] : &k->out[i - k->nin];
					if (placeholder_slot(p) == s) {
						fprintf(f, "typedef %s %s;\n", ctype(types[s]), p->type);
						break;
					}
				}
		/* lm_n, not n: a parameter may be called n; _ind.size() is CuPy's element count */
		fprintf(f, "%s\nstruct lm_ind { long long s; long long size() const { return s; } };\n"
			"extern \"C\" void lm_kernel(long long lm_n, void **lm_p)\n{\n  lm_ind _ind = {lm_n}; (void)_ind;\n",
			k->preamble);
		for (int i = 0; i < k->nin; i++) {
			int dt = param_dt(&k->in[i], types);
			if (ha[i].is_arr)
				fprintf(f, "  %s *%s_p = (%s *)lm_p[%d];\n", ctype(ha[i].a->dtype), k->in[i].name,
					ctype(ha[i].a->dtype), i);
			else
				fprintf(f, "  const %s %s = *(const %s *)lm_p[%d];\n", ctype(dt), k->in[i].name,
					ctype(dt), i);
		}
		for (int o = 0; o < k->nout; o++)
			fprintf(f, "  %s *%s_p = (%s *)lm_p[%d];\n", ctype(outs[o]->dtype), k->out[o].name,
				ctype(outs[o]->dtype), k->nin + o);
		fprintf(f, "  for (long long i = 0; i < lm_n; i++) {\n");
		for (int i = 0; i < k->nin; i++)
			if (views[i])
				fprintf(f, "    const %s %s = %s_p[i];\n", ctype(views[i]->dtype), k->in[i].name,
					k->in[i].name);
			else if (ha[i].is_arr)
				fprintf(f, "    %s *%s = %s_p;\n", ctype(ha[i].a->dtype), k->in[i].name, k->in[i].name);
		for (int o = 0; o < k->nout; o++)
			fprintf(f, "    %s &%s = %s_p[i];\n", ctype(outs[o]->dtype), k->out[o].name, k->out[o].name);
		fprintf(f, "    { %s; }\n  }\n}\n", k->op);
		if (fclose(f) != 0 || !src) {
			err_nomem(ev);
			goto out;
		}
		if (use_code(ev, k, sig, src, "lm_kernel") < 0)
			goto out;
	}
	{
		void *p[24];
		union uk_val hv[24];
		for (int i = 0; i < k->nin; i++) {
			if (views[i])
				p[i] = nd_data(views[i]);
			else if (ha[i].is_arr)
				p[i] = nd_data(ha[i].a);
			else {
				uk_pack_as(&ha[i].s, param_dt(&k->in[i], types), &hv[i]);
				p[i] = &hv[i];
			}
		}
		for (int o = 0; o < k->nout; o++)
			p[k->nin + o] = nd_data(outs[o]);
		((void (*)(long long, void **))k->fn)((long long)n, p);
	}
	if (k->nout == 1) {
		res = arr_wrap(ev, nd_incref(outs[0]));
	} else {
		struct value *items[4];
		for (int o = 0; o < k->nout; o++)
			items[o] = arr_wrap(ev, nd_incref(outs[o]));
		res = val_tuple_new((size_t)k->nout, items);
	}
out:
	free(src);
	for (int i = 0; i < nh; i++)
		nd_decref(ha[i].a);
	for (int i = 0; i < 20; i++)
		nd_decref(views[i]);
	for (int o = 0; o < 4; o++)
		nd_decref(outs[o]);
	return res;
}

/* ReductionKernel.__call__(x, axis=None, keepdims=False): x laid out as an
 * (m, r) matrix of kept by reduced axes, each row folded in order */
static struct value *red_call(struct eval *ev, struct hkernel *k, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	const struct backend *be = &backend_host_cupy;
	struct harg ha = {0};
	struct ndarray *x = NULL, *xt = NULL, *out = NULL;
	struct value *res = NULL, *axis_v = NULL;
	int keepdims = 0, perm[ND_MAXDIM], nk = 0, ond = 0;
	int64_t oshape[ND_MAXDIM], m = 1, r = 1;
	uint64_t mask;
	char *src = NULL;
	size_t cap = 0;
	if (k->nin != 1 || k->nout != 1 || argc != 1)
		return err_set(ev, TY_NotImplementedError,
			       "ReductionKernel with %d inputs / %d arguments (one array supported)", k->nin, argc);
	for (int i = 0; kw && i < kw->n; i++) {
		if (!strcmp(kw->names[i], "axis"))
			axis_v = kw->vals[i];
		else if (!strcmp(kw->names[i], "keepdims"))
			keepdims = val_truth(ev, kw->vals[i]);
		else if (!strcmp(kw->names[i], "out") || !strcmp(kw->names[i], "stream"))
			return err_set(ev, TY_NotImplementedError, "ReductionKernel keyword '%s'", kw->names[i]);
		else
			return err_set(ev, TY_TypeError, "Wrong arguments: unexpected keyword argument '%s'",
				       kw->names[i]);
	}
	if (to_harg(ev, argv[0], &ha) < 0)
		return NULL;
	if (!ha.is_arr) {
		err_set(ev, TY_TypeError, "ReductionKernel argument must be an array");
		goto out;
	}
	if (keepdims < 0 || arr_parse_axes(ev, axis_v, ha.a->ndim, &mask) < 0)
		goto out;
	for (int i = 0; i < ha.a->ndim; i++)
		if (!(mask >> i & 1)) {
			perm[nk++] = i;
			m *= ha.a->shape[i];
		}
	for (int i = 0, j = nk; i < ha.a->ndim; i++) {
		if (mask >> i & 1) {
			perm[j++] = i;
			r *= ha.a->shape[i];
		}
		if (!(mask >> i & 1) || keepdims)
			oshape[ond++] = mask >> i & 1 ? 1 : ha.a->shape[i];
	}
	if (!(xt = arr_transpose(ev, ha.a, perm)) ||
	    !(x = nd_is_c_contiguous(xt) ? nd_incref(xt) : arr_contiguous(ev, xt)))
		goto out;
	int in_dt = x->dtype;
	int out_dt = k->out[0].dtype >= 0 ? k->out[0].dtype
		: (!strcmp(k->out[0].type, k->in[0].type) ? in_dt : DT_FLOAT64);
	int red_dt = out_dt;
	if (k->reduce_type && *k->reduce_type && (red_dt = dt_from_string(k->reduce_type)) < 0) {
		if (!strcmp(k->reduce_type, k->in[0].type))
			red_dt = in_dt;
		else {
			err_set(ev, TY_ValueError, "reduce_type %s is not a dtype", k->reduce_type);
			goto out;
		}
	}
	if (!(out = nd_new(ev, be, out_dt, ond, oshape)))
		goto out;
	char sig[64];
	snprintf(sig, sizeof sig, "R%d.%d.%d", in_dt, out_dt, red_dt);
	if (!k->fn || strcmp(sig, k->sig)) {
		FILE *f = open_memstream(&src, &cap);
		if (!f) {
			err_nomem(ev);
			goto out;
		}
		fputs(prelude, f);
		if (k->in[0].dtype < 0)
			fprintf(f, "typedef %s %s;\n", ctype(in_dt), k->in[0].type);
		if (k->out[0].dtype < 0 && strcmp(k->out[0].type, k->in[0].type))
			fprintf(f, "typedef %s %s;\n", ctype(out_dt), k->out[0].type);
		fprintf(f, "%s\ntypedef %s lm_r;\n", k->preamble, ctype(red_dt));
		fprintf(f, "extern \"C\" void lm_kernel(long long m, long long r, const %s *lm_x, %s *lm_out)\n{\n"
			"  for (long long row = 0; row < m; row++) {\n"
			"    lm_r lm_acc = (lm_r)(%s);\n"
			"    for (long long lm_j = 0; lm_j < r; lm_j++) {\n"
			"      long long i = row * r + lm_j; (void)i;\n"
			"      const %s %s = lm_x[i];\n"
			"      lm_r b = (lm_r)(%s); lm_r a = lm_acc;\n"
			"      lm_acc = (lm_r)(%s);\n    }\n"
			"    { lm_r a = lm_acc; %s &%s = lm_out[row]; %s; }\n  }\n}\n",
			ctype(in_dt), ctype(out_dt), k->identity, ctype(in_dt), k->in[0].name, k->map,
			k->reduce, ctype(out_dt), k->out[0].name, *k->post ? k->post : "(void)0");
		if (fclose(f) != 0 || !src) {
			err_nomem(ev);
			goto out;
		}
		if (use_code(ev, k, sig, src, "lm_kernel") < 0)
			goto out;
	}
	((void (*)(long long, long long, const void *, void *))k->fn)((long long)m, (long long)r,
								      nd_data(x), nd_data(out));
	res = arr_wrap(ev, nd_incref(out));
out:
	free(src);
	nd_decref(ha.a);
	nd_decref(xt);
	nd_decref(x);
	nd_decref(out);
	return res;
}

/* a RawKernel argument that is a one-element NumPy array: 1 with its item
 * in h (CuPy passes it as that scalar), else 0 */
static int raw_host_item(struct value *v, struct harg *h)
{
	if (v->type != VT_NDARRAY)
		return 0;
	struct ndarray *a = arr_borrow(v);
	if (arr_is_cupy(nd_backend(a)) || nd_size(a) != 1 || a->dtype < 0 || a->dtype >= DT_COUNT)
		return 0;
	memset(h, 0, sizeof *h);
	arr_scalar_load(a->dtype, nd_data(a), &h->s);
	return 1;
}

/* RawKernel(grid, block, args, shared_mem=0): every thread of the grid in
 * turn, threadIdx and the rest set for each */
static struct value *raw_call(struct eval *ev, struct hkernel *k, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct value *gv, *bv, *av, *shv = NULL;
	unsigned g[3], b[3];
	int64_t shmem = 0;
	char *src = NULL;
	size_t cap = 0;
	struct value *res = NULL;
	if (args_parse(ev, k->name, argc, argv, kw, "grid,block,args|$shared_mem", &gv, &bv, &av, &shv) < 0 ||
	    args_int(ev, shv, 0, &shmem) < 0)
		return NULL;
	if (uk_dims(ev, gv, g, "grid") < 0 || uk_dims(ev, bv, b, "block") < 0)
		return NULL;
	/* CuPy iterates args: a tuple or list, or a cp array whose rows
	 * (pointers to them) are the arguments, as `args=(x)` gives; the
	 * kernel reads as many as it has parameters */
	struct ndarray *rows = NULL;
	size_t na;
	if (av->type == VT_NDARRAY && arr_is_cupy(nd_backend(arr_borrow(av)))) {
		rows = arr_borrow(av);
		if (rows->ndim == 0)
			return err_set(ev, TY_TypeError, "iteration over a 0-d array");
		int np = uk_count_params(k->code, k->name);
		if (np < 0)
			return err_set(ev, TY_NotImplementedError, "args given as an array: the parameters of "
				       "__global__ %s were not found in the code", k->name);
		if ((int64_t)np > rows->shape[0])
			return err_set(ev, TY_TypeError, "%s() takes %d kernel arguments (%lld given)", k->name, np,
				       (long long)rows->shape[0]);
		na = (size_t)np;
	} else if (av->type != VT_TUPLE && av->type != VT_LIST)
		return err_set(ev, TY_TypeError, "args must be a tuple");
	else
		na = av->u.seq.n;
	if (na > 64)
		return err_set(ev, TY_ValueError, "too many kernel arguments");
	struct harg ha[64];
	size_t nh = 0;
	char sig[160];
	int w = snprintf(sig, sizeof sig, "K");
	for (; nh < na; nh++) {
		if (rows) {
			memset(&ha[nh], 0, sizeof ha[nh]);
			ha[nh].a = nd_incref(rows);
			ha[nh].is_arr = 1;
			ha[nh].off = (int64_t)nh * rows->strides[0];
		} else if (raw_host_item(av->u.seq.items[nh], &ha[nh])) {
			/* a one-element NumPy array: its item, in its dtype (CuPy) */
		} else if (to_harg(ev, av->u.seq.items[nh], &ha[nh]) < 0)
			goto out;
		if (w < (int)sizeof sig - 8)
			w += snprintf(sig + w, sizeof sig - (size_t)w, "%c%d", ha[nh].is_arr ? 'a' : 's',
				      ha[nh].is_arr ? ha[nh].a->dtype : ha[nh].s.dtype);
	}
	if (!k->fn || strcmp(sig, k->sig)) {
		FILE *f = open_memstream(&src, &cap);
		if (!f) {
			err_nomem(ev);
			goto out;
		}
		/* the grid is walked one block after another; an interrupt (*lm_stop)
		 * ends the walk between blocks */
		fprintf(f, "%s\n%s\nextern \"C\" void lm_launch(void **lm_p, const unsigned *g, const unsigned *b,\n"
			"                          volatile const int *lm_stop)\n{\n"
			"  gridDim = {g[0], g[1], g[2]}; blockDim = {b[0], b[1], b[2]};\n"
			"  for (unsigned gz = 0; gz < g[2]; gz++) for (unsigned gy = 0; gy < g[1]; gy++)\n"
			"  for (unsigned gx = 0; gx < g[0]; gx++) if (!*lm_stop) for (unsigned tz = 0; tz < b[2]; tz++)\n"
			"  for (unsigned ty = 0; ty < b[1]; ty++) for (unsigned tx = 0; tx < b[0]; tx++) {\n"
			"    blockIdx = {gx, gy, gz}; threadIdx = {tx, ty, tz};\n    %s(", prelude, k->code, k->name);
		for (size_t i = 0; i < na; i++) {
			if (ha[i].is_arr)
				fprintf(f, "%slm_ptr{lm_p[%zu]}", i ? ", " : "", i);
			else
				fprintf(f, "%s*(const %s *)lm_p[%zu]", i ? ", " : "", ctype(ha[i].s.dtype), i);
		}
		fprintf(f, ");\n  }\n}\n");
		if (fclose(f) != 0 || !src) {
			err_nomem(ev);
			goto out;
		}
		if (use_code(ev, k, sig, src, "lm_launch") < 0)
			goto out;
	}
	{
		void *p[64];
		union uk_val hv[64];
		for (size_t i = 0; i < na; i++) {
			if (ha[i].is_arr) {
				p[i] = (char *)nd_data(ha[i].a) + ha[i].off;
			} else {
				uk_pack_as(&ha[i].s, ha[i].s.dtype, &hv[i]);
				p[i] = &hv[i];
			}
		}
		((void (*)(void **, const unsigned *, const unsigned *, volatile const int *))k->fn)(
			p, g, b, (volatile const int *)&ev->interrupt);
	}
	if (ev_check_interrupt(ev))
		goto out;
	res = val_none();
out:
	free(src);
	for (size_t i = 0; i < nh; i++)
		nd_decref(ha[i].a);
	return res;
}

static const struct objtype hkernel_type;

static struct value *hk_call(struct eval *ev, struct value *self, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	struct hkernel *k = self->u.obj.p;
	switch (k->kind) {
	case 'E': return ew_call(ev, k, argc, argv, kw);
	case 'R': return red_call(ev, k, argc, argv, kw);
	case 'K': return raw_call(ev, k, argc, argv, kw);
	default: return err_set(ev, TY_TypeError, "'RawModule' object is not callable");
	}
}

/* code a sequential walk of the threads cannot run */
static int check_raw_code(struct eval *ev, const char *code)
{
	if (strstr(code, "__syncthreads") || strstr(code, "__shared__") || strstr(code, "__syncwarp") ||
	    strstr(code, "__shfl")) {
		err_set(ev, TY_NotImplementedError,
			"RawKernel in host mode: __shared__ memory and __syncthreads/__syncwarp/__shfl need "
			"a GPU's threads running together");
		return -1;
	}
	return 0;
}

static struct value *hk_new(struct eval *ev, int kind, const char *code, const char *name)
{
	struct hkernel *k = calloc(1, sizeof *k);
	if (!k)
		return err_nomem(ev);
	k->kind = kind;
	k->code = strdup(code);
	k->name = strdup(name);
	struct value *v = val_object_new(&hkernel_type, k);
	return v ? v : err_nomem(ev);
}

static struct value *mod_getfn(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct hkernel *m = bi->self->u.obj.p;
	struct value *name;
	if (args_parse(ev, "get_function", argc, argv, kw, "name", &name) < 0)
		return NULL;
	if (!val_as_cstr(name))
		return err_set(ev, TY_TypeError, "get_function() name must be str");
	return hk_new(ev, 'K', m->code, val_as_cstr(name));
}

/* RawModule.compile() / RawKernel.compile(): the code compiled now (the
 * launch compiles it again with its thread loop, from the disk cache's
 * neighbour): errors show here, as with CuPy */
static struct value *hk_compile(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct hkernel *k = bi->self->u.obj.p;
	struct value *log = NULL;
	if (args_parse(ev, "compile", argc, argv, kw, "|log_stream", &log) < 0)
		return NULL;
	size_t n = strlen(prelude) + strlen(k->code) + 2;
	char *src = malloc(n);
	if (!src)
		return err_nomem(ev);
	snprintf(src, n, "%s\n%s", prelude, k->code);
	void *dl = load(ev, src);
	free(src);
	if (!dl)
		return NULL;
	dlclose(dl);
	return val_none();
}

static struct value *hk_getattr(struct eval *ev, struct value *self, const char *name)
{
	(void)ev;
	struct hkernel *k = self->u.obj.p;
	if ((k->kind == 'K' || k->kind == 'M') && !strcmp(name, "compile"))
		return val_builtin(name, hk_compile, self, NULL);
	if (!strcmp(name, "name"))
		return val_cstr(k->name ? k->name : "");
	if (k->kind == 'M' && !strcmp(name, "get_function"))
		return val_builtin(name, mod_getfn, self, NULL);
	if (k->kind == 'M' && !strcmp(name, "get_global"))
		return val_builtin(name, uk_get_global, self, NULL);
	if ((k->kind == 'K' || k->kind == 'M') && !strcmp(name, "code"))
		return val_cstr(k->code ? k->code : "");
	return NULL;
}

static char *hk_repr(struct eval *ev, struct value *self)
{
	(void)ev;
	struct hkernel *k = self->u.obj.p;
	const char *c = k->kind == 'E' ? "ElementwiseKernel" : k->kind == 'R' ? "ReductionKernel"
		: k->kind == 'K' ? "RawKernel" : "RawModule";
	char *s = malloc(160);
	if (s)
		snprintf(s, 160, "<cupy._core.%s object: %s>", c, k->name ? k->name : "");
	return s;
}

static const char *const hk_attrs[] = {"code", "compile", "get_function", "get_global", "name", NULL};
static const struct objtype hkernel_type = {
	.name = "Kernel", .free = hk_free, .getattr = hk_getattr, .call = hk_call, .repr = hk_repr,
	.attrs = hk_attrs,
};

/* NVRTC's options mean nothing to the host compiler: accepted, unused */
static int check_opts(struct eval *ev, struct value *o)
{
	if (!o || o->type == VT_NONE)
		return 0;
	if (o->type != VT_TUPLE && o->type != VT_LIST) {
		err_set(ev, TY_TypeError, "options must be a tuple of str");
		return -1;
	}
	for (size_t i = 0; i < o->u.seq.n; i++)
		if (!val_as_cstr(o->u.seq.items[i])) {
			err_set(ev, TY_TypeError, "options must be a tuple of str");
			return -1;
		}
	return 0;
}

static struct value *fn_elementwise(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	struct value *in, *out, *op, *name = NULL, *rd = NULL, *pre = NULL, *opts = NULL, *lp = NULL,
		*rp = NULL, *nb = NULL;
	if (args_parse(ev, "ElementwiseKernel", argc, argv, kw,
		       "in_params,out_params,operation|name,reduce_dims,preamble,no_return,return_tuple,loop_prep,options",
		       &in, &out, &op, &name, &rd, &pre, &nb, &rp, &lp, &opts) < 0)
		return NULL;
	if (!val_as_cstr(in) || !val_as_cstr(out) || !val_as_cstr(op))
		return err_set(ev, TY_TypeError, "ElementwiseKernel() params and operation must be str");
	if (check_opts(ev, opts) < 0)
		return NULL;
	struct hkernel *k = calloc(1, sizeof *k);
	if (!k)
		return err_nomem(ev);
	k->kind = 'E';
	if ((k->nin = uk_parse_params(ev, val_as_cstr(in), k->in, 16)) < 0 ||
	    (k->nout = uk_parse_params(ev, val_as_cstr(out), k->out, 4)) < 0) {
		hk_free(k);
		return NULL;
	}
	k->name = name ? dupv(name) : strdup("kernel");
	k->op = dupv(op);
	k->preamble = dupv(pre);
	struct value *v = val_object_new(&hkernel_type, k);
	return v ? v : err_nomem(ev);
}

static struct value *fn_reduction(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	struct value *in, *out, *map, *red, *post, *ident, *name = NULL, *rt = NULL, *rd = NULL,
		*pre = NULL, *opts = NULL;
	if (args_parse(ev, "ReductionKernel", argc, argv, kw,
		       "in_params,out_params,map_expr,reduce_expr,post_map_expr,identity|name,reduce_type,reduce_dims,preamble,options",
		       &in, &out, &map, &red, &post, &ident, &name, &rt, &rd, &pre, &opts) < 0)
		return NULL;
	if (check_opts(ev, opts) < 0)
		return NULL;
	struct hkernel *k = calloc(1, sizeof *k);
	if (!k)
		return err_nomem(ev);
	k->kind = 'R';
	if ((k->nin = uk_parse_params(ev, val_as_cstr(in) ? val_as_cstr(in) : "", k->in, 16)) < 0 ||
	    (k->nout = uk_parse_params(ev, val_as_cstr(out) ? val_as_cstr(out) : "", k->out, 4)) < 0) {
		hk_free(k);
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
	k->reduce_type = rt && rt->type != VT_NONE ? dupv(rt) : NULL;
	k->preamble = dupv(pre);
	struct value *v = val_object_new(&hkernel_type, k);
	return v ? v : err_nomem(ev);
}

static struct value *fn_rawkernel(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	struct value *code, *name, *opts = NULL, *backend = NULL, *tr = NULL, *jit = NULL;
	if (args_parse(ev, "RawKernel", argc, argv, kw,
		       "code,name|options,backend,translate_cucomplex,enable_cooperative_groups,jitify",
		       &code, &name, &opts, &backend, &tr, &jit, &jit) < 0)
		return NULL;
	if (!val_as_cstr(code) || !val_as_cstr(name))
		return err_set(ev, TY_TypeError, "RawKernel() code and name must be str");
	if (check_opts(ev, opts) < 0 || check_raw_code(ev, val_as_cstr(code)) < 0)
		return NULL;
	return hk_new(ev, 'K', val_as_cstr(code), val_as_cstr(name));
}

static struct value *fn_rawmodule(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	struct value *code = NULL, *path = NULL, *opts = NULL, *backend = NULL, *tr = NULL, *ne = NULL,
		*jit = NULL;
	if (args_parse(ev, "RawModule", argc, argv, kw,
		       "|code,path,options,backend,translate_cucomplex,enable_cooperative_groups,name_expressions,jitify",
		       &code, &path, &opts, &backend, &tr, &jit, &ne, &jit) < 0)
		return NULL;
	if (!code || !val_as_cstr(code))
		return err_set(ev, TY_NotImplementedError, "RawModule(path=...): give code=");
	if (check_opts(ev, opts) < 0 || check_raw_code(ev, val_as_cstr(code)) < 0)
		return NULL;
	return hk_new(ev, 'M', val_as_cstr(code), "module");
}

const struct arr_func arr_host_ukernel_funcs[] = {
	{"ElementwiseKernel", fn_elementwise,
	 "ElementwiseKernel(in_params, out_params, operation, name='kernel', reduce_dims=True, preamble='', no_return=False, return_tuple=False, loop_prep='', options=())",
	 "A user-defined elementwise kernel.  In host mode the operation (C/C++) is compiled by the\n"
	 "system C++ compiler at its first call and cached on disk."},
	{"ReductionKernel", fn_reduction,
	 "ReductionKernel(in_params, out_params, map_expr, reduce_expr, post_map_expr, identity, name='reduce_kernel', reduce_type=None, reduce_dims=True, preamble='', options=())",
	 "A user-defined reduction kernel (one input; axis=, keepdims=).  Host mode: compiled by\n"
	 "the system C++ compiler."},
	{"RawKernel", fn_rawkernel, "RawKernel(code, name, options=(), backend='nvrtc')",
	 "A CUDA C kernel: kernel(grid, block, args, shared_mem=0).  In host mode plain C code runs\n"
	 "every thread of the grid in turn; __shared__ and __syncthreads need a GPU."},
	{"RawModule", fn_rawmodule, "RawModule(code=None, path=None, options=(), backend='nvrtc', name_expressions=None)",
	 "A CUDA C module: get_function(name) gives a RawKernel (host mode: as RawKernel)."},
	{NULL, NULL, NULL, NULL},
};
