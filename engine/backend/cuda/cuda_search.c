/*
 * cuda_search.c — sorted search on the device: struct backend's
 * searchsorted for the CUDA backend (contract in backend.h), which serves
 * cp.searchsorted, ndarray.searchsorted and cp.isin (lib/devsearch.c)
 * without copying either array to the host.
 *
 * One thread per query, a grid-stride loop; each does the binary search of
 * NumPy's npy_binsearch (left: the first i with !(a[i] < v); right: the
 * first i with v < a[i]) under NumPy's order, NaNs last.  Owns nothing
 * beyond the call.
 */
#include "config.h"
#include <stdio.h>
#include <string.h>
#include "array/arrapi.h"
#include "backend/backend.h"
#include "lang/error.h"
#include "backend/cuda/cuda_int.h"

#ifdef HAVE_CUDA

static const char ss_src[] =
	"extern \"C\" __global__ void lm_search(const LM_T *a, long long n, const LM_T *v,\n"
	"    long long m, int right, long long *out)\n"
	"{\n"
	"  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < m;\n"
	"       i += (long long)gridDim.x * blockDim.x) {\n"
	"    LM_T x = v[i];\n"
	"    long long lo = 0, hi = n;\n"
	"    while (lo < hi) {\n"
	"      long long mid = lo + ((hi - lo) >> 1);\n"
	"      LM_T y = a[mid];\n"
	"      int go = right ? !LM_LT(x, y) : LM_LT(y, x);\n"
	"      if (go) lo = mid + 1; else hi = mid;\n"
	"    }\n"
	"    out[i] = lo;\n"
	"  }\n"
	"}\n";

static const char *ss_type(int dt, int *flt)
{
	*flt = 0;
	switch (dt) {
	case DT_BOOL: case DT_UINT8: return "unsigned char";
	case DT_INT8: return "signed char";
	case DT_INT16: return "short";
	case DT_UINT16: return "unsigned short";
	case DT_INT32: return "int";
	case DT_UINT32: return "unsigned int";
	case DT_INT64: return "long long";
	case DT_UINT64: return "unsigned long long";
	case DT_FLOAT32: *flt = 1; return "float";
	case DT_FLOAT64: *flt = 1; return "double";
	default: return NULL;
	}
}

/* The search kernel for items of dtype dt (tests compile it without a
 * device); NULL for a dtype it does not order (complex, float16). */
const char *cuda_search_source(int dt, char *buf, size_t size)
{
	int flt;
	const char *t = ss_type(dt, &flt);
	if (!t)
		return NULL;
	snprintf(buf, size, "#define LM_T %s\n#define LM_LT(p, q) %s\n%s", t,
		 flt ? "((p) < (q) || ((q) != (q) && (p) == (p)))" : "((p) < (q))", ss_src);
	return buf;
}

int cuda_searchsorted(struct eval *ev, const struct ndarray *a, const struct ndarray *v, int right,
		      struct ndarray *out)
{
	char src[sizeof ss_src + 256];
	int64_t n = nd_size(a), m = nd_size(v);
	void *fn;

	if (cuda_cur->dead)
		return cuda_check_async(ev);
	if (a->dtype != v->dtype || !cuda_search_source(a->dtype, src, sizeof src))
		return err_set(ev, TY_RuntimeError, "searchsorted: a and v of one real dtype are needed"), -1;
	if (a->ndim != 1 || !nd_is_c_contiguous(a) || !nd_is_c_contiguous(v) || !nd_is_c_contiguous(out)
	    || out->dtype != DT_INT64 || nd_size(out) != m)
		return err_set(ev, TY_RuntimeError, "searchsorted: contiguous a (1-d), v and int64 out are needed"), -1;
	if (m == 0)
		return 0;
	if (!(fn = jit_get(ev, src, "lm_search", 0, NULL)))
		return -1;
	{
		const void *pa = nd_data(a), *pv = nd_data(v);
		void *po = nd_data(out);
		long long nn = n, mm = m;
		int r = right != 0;
		void *args[] = {&pa, &nn, &pv, &mm, &r, &po};
		unsigned grid[3] = {cuew_grid(m, 1), 1, 1}, block[3] = {256, 1, 1};
		return jit_launch(ev, fn, grid, block, 0, args);
	}
}

#endif /* HAVE_CUDA */
