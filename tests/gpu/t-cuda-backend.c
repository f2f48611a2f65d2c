/*
 * t-cuda-backend.c — the CUDA backend against the host backend: transfers,
 * every ufunc loop, layouts, casts, reductions, scans, sorts, matmul,
 * cuRAND/cuFFT/cuSOLVER, the pool (out-of-memory recovery), NVRTC errors,
 * bad launches, and last a sticky error (an out-of-bounds write) that must
 * leave a clear message.  Skips without a device.
 */
#include "config.h"
#include <complex.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>

#ifdef HAVE_CUDA
#include "array/arrapi.h"
#include "backend/backend.h"
#include "lang/error.h"
#include "lang/eval.h"
#include "engine.h"
#include "numerics/fft.h"
#include "numerics/linalg.h"
#include "random/random.h"
#include "ufunc/ufunc.h"
#include "backend/cuda/cuda_int.h"

/* cuda_index.c / cuda_rand.c: the kernels' sources, compiled here too */
const char *cuda_index_source(int item, int unit, char *buf, size_t size);
const char *cuda_uniform_source(int dt, char *buf, size_t size);
/* cuda_transfer.c / cuda_rand.c, cuda_solver.c: the knobs read again, the SVD's fallback count */
void xfer_knobs_reread(void);
size_t xfer_pinned_bytes(void);
void cuda_rand_knobs_reread(void);

static struct eval *ev;
static const struct backend *cu;
static int nt, nfail;
static char last_msg[512];
static int last_type;

static int take_err(void)
{
	struct value *e;
	last_msg[0] = 0;
	last_type = -1;
	if (!err_occurred(ev))
		return 0;
	e = err_fetch(ev);
	if (e && e->type == VT_EXCEPTION) {
		last_type = e->u.exc.type;
		snprintf(last_msg, sizeof last_msg, "%s", e->u.exc.msg ? e->u.exc.msg : "");
	}
	val_decref(e);
	err_clear(ev);
	return 1;
}

static void ok(int cond, const char *what)
{
	printf("%sok %d - %s\n", cond ? "" : "not ", ++nt, what);
	if (!cond) {
		nfail++;
		if (take_err())
			printf("#   error: %s\n", last_msg);
	}
	take_err();
	fflush(stdout);
}

/* ---- helpers ---- */
static struct ndarray *hnew(int dt, int nd, const int64_t *sh) { return nd_new(ev, &backend_host, dt, nd, sh); }
static struct ndarray *dnew(int dt, int nd, const int64_t *sh) { return nd_new(ev, cu, dt, nd, sh); }

static unsigned long long rs = 88172645463325252ULL;
static double urand(void)
{
	rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17;
	return (rs >> 11) * (1.0 / 9007199254740992.0);
}

/* fills a contiguous host array with values suited to its dtype */
static void hfill(struct ndarray *a, double lo, double hi)
{
	int64_t n = nd_size(a);
	char *p = nd_data(a);
	for (int64_t i = 0; i < n; i++) {
		double x = lo + (hi - lo) * urand();
		switch (a->dtype) {
		case DT_BOOL: ((uint8_t *)p)[i] = x > (lo + hi) / 2; break;
		case DT_INT8: ((int8_t *)p)[i] = (int8_t)x; break;
		case DT_INT16: ((int16_t *)p)[i] = (int16_t)x; break;
		case DT_INT32: ((int32_t *)p)[i] = (int32_t)x; break;
		case DT_INT64: ((int64_t *)p)[i] = (int64_t)x; break;
		case DT_UINT8: ((uint8_t *)p)[i] = (uint8_t)fabs(x); break;
		case DT_UINT16: ((uint16_t *)p)[i] = (uint16_t)fabs(x); break;
		case DT_UINT32: ((uint32_t *)p)[i] = (uint32_t)fabs(x); break;
		case DT_UINT64: ((uint64_t *)p)[i] = (uint64_t)fabs(x); break;
		case DT_FLOAT16: {
			_Float16 h = (_Float16)x;
			memcpy(p + 2 * i, &h, 2);
			break;
		}
		case DT_FLOAT32: ((float *)p)[i] = (float)x; break;
		case DT_FLOAT64: ((double *)p)[i] = x; break;
		case DT_COMPLEX64: ((float _Complex *)p)[i] = (float)x + I * (float)(lo + (hi - lo) * urand()); break;
		case DT_COMPLEX128: ((double _Complex *)p)[i] = x + I * (lo + (hi - lo) * urand()); break;
		}
	}
}

static struct ndarray *to_dev(const struct ndarray *h)
{
	struct ndarray *d = dnew(h->dtype, h->ndim, h->shape);
	if (d && cu->from_host(ev, d, nd_data(h)) < 0) {
		nd_decref(d);
		return NULL;
	}
	return d;
}

static struct ndarray *to_hostc(const struct ndarray *d)
{
	struct ndarray *h = hnew(d->dtype, d->ndim, d->shape);
	if (h && cu->to_host(ev, nd_data(h), d) < 0) {
		nd_decref(h);
		return NULL;
	}
	return h;
}

static double getd(const struct ndarray *a, int64_t i, double *im)
{
	const char *p = nd_data(a);
	*im = 0;
	switch (a->dtype) {
	case DT_BOOL: return ((const uint8_t *)p)[i];
	case DT_INT8: return ((const int8_t *)p)[i];
	case DT_INT16: return ((const int16_t *)p)[i];
	case DT_INT32: return ((const int32_t *)p)[i];
	case DT_INT64: return (double)((const int64_t *)p)[i];
	case DT_UINT8: return ((const uint8_t *)p)[i];
	case DT_UINT16: return ((const uint16_t *)p)[i];
	case DT_UINT32: return ((const uint32_t *)p)[i];
	case DT_UINT64: return (double)((const uint64_t *)p)[i];
	case DT_FLOAT16: { _Float16 h; memcpy(&h, p + 2 * i, 2); return h; }
	case DT_FLOAT32: return ((const float *)p)[i];
	case DT_FLOAT64: return ((const double *)p)[i];
	case DT_COMPLEX64: *im = cimagf(((const float _Complex *)p)[i]); return crealf(((const float _Complex *)p)[i]);
	default: *im = cimag(((const double _Complex *)p)[i]); return creal(((const double _Complex *)p)[i]);
	}
}

static int close_to(double a, double b, double rtol, double atol)
{
	if (isnan(a) || isnan(b))
		return isnan(a) && isnan(b);
	if (isinf(a) || isinf(b))
		return a == b;
	return fabs(a - b) <= atol + rtol * fabs(b);
}

static double tol_of(int dt)
{
	switch (dt) {
	case DT_FLOAT16: return 2e-3;
	case DT_FLOAT32: case DT_COMPLEX64: return 2e-5;
	case DT_FLOAT64: case DT_COMPLEX128: return 1e-12;
	default: return 0;
	}
}

/* host h (contiguous) vs device d; first mismatch printed */
static int same(const struct ndarray *h0, const struct ndarray *d, double rtol)
{
	/* host results keep their operands' layout (order='K'): read both in C order */
	struct ndarray *h = arr_contiguous(ev, h0);
	struct ndarray *dh = d && h ? to_hostc(d) : NULL;
	int64_t n = h ? nd_size(h) : -1;
	int good = dh && nd_size(dh) == n;
	double atol = rtol ? rtol : 0;
	for (int64_t i = 0; good && i < n; i++) {
		double ai, bi, a = getd(h, i, &ai), b = getd(dh, i, &bi);
		if (!close_to(b, a, rtol, atol) || !close_to(bi, ai, rtol, atol)) {
			printf("#   at %lld: host %.9g%+.9gj device %.9g%+.9gj\n", (long long)i, a, ai, b, bi);
			good = 0;
		}
	}
	nd_decref(dh);
	nd_decref(h);
	return good;
}

static struct value *V(struct ndarray *a) { return val_ndarray_new(nd_incref(a)); }

/* runs ufunc uf on host arrays hs and their device copies; compares */
static int check_ufunc(int uf, int loop, int64_t n)
{
	const struct ufunc *u = &ufunc_table[uf];
	const struct uf_loop *lp = &u->loops[loop];
	struct ndarray *h[3] = {0}, *d[3] = {0}, *hr = NULL, *dr = NULL;
	struct value *hv[3] = {0}, *dv[3] = {0};
	int good = 1, herr;
	for (int i = 0; i < u->nin; i++) {
		int dt = uf_loop_in(lp, i);
		h[i] = hnew(dt, 1, &n);
		if (dt_is_int(dt))
			hfill(h[i], i == 1 ? 1 : -20, 20);
		else if (dt == DT_BOOL)
			hfill(h[i], 0, 1);
		else
			hfill(h[i], -3, 3);
		d[i] = to_dev(h[i]);
		hv[i] = V(h[i]);
		dv[i] = V(d[i]);
	}
	hr = uf_apply_arrays(ev, &backend_host, uf, u->nin, hv, NULL);
	herr = take_err();
	if (!herr) {
		dr = uf_apply_arrays(ev, cu, uf, u->nin, dv, NULL);
		if (!dr) {
			take_err();
			printf("#   %s %s: device error %s\n", u->name, lp->sig, last_msg);
			good = 0;
		} else {
			good = same(hr, dr, tol_of(hr->dtype) * (strstr(u->name, "arc") || strstr(u->name, "power") ? 50 : 4));
			if (!good)
				printf("#   %s %s differs\n", u->name, lp->sig);
		}
	}
	for (int i = 0; i < u->nin; i++) {
		nd_decref(h[i]);
		nd_decref(d[i]);
		val_decref(hv[i]);
		val_decref(dv[i]);
	}
	nd_decref(hr);
	nd_decref(dr);
	return good;
}

static struct ew_tree *leaf_tree(struct ew_tree *t, struct ndarray *a)
{
	memset(t, 0, sizeof *t);
	t->narrays = 1;
	t->arrays[0] = a;
	t->nodes[0].kind = EW_ARRAY;
	t->nodes[0].dtype = a->dtype;
	t->nnodes = 1;
	return t;
}

static int check_reduce(int dt, int op, int nd, const int64_t *sh, uint64_t axes, double lo, double hi)
{
	static struct ew_tree th, td;
	int64_t osh[ND_MAXDIM];
	int odt = op == RED_ARGMAX || op == RED_ARGMIN ? DT_INT64 : op == RED_ANY || op == RED_ALL ? DT_BOOL : dt;
	struct ndarray *h = hnew(dt, nd, sh), *d, *ho, *dout;
	int good;
	if (op == RED_SUM && dt_is_int(dt))
		odt = DT_INT64;
	hfill(h, lo, hi);
	if (op >= RED_NANSUM && dt_is_float(dt)) {
		for (int64_t i = 0; i < nd_size(h); i += 7)
			if (dt == DT_FLOAT32) ((float *)nd_data(h))[i] = NAN;
			else if (dt == DT_FLOAT64) ((double *)nd_data(h))[i] = NAN;
	}
	d = to_dev(h);
	for (int i = 0; i < nd; i++)
		osh[i] = (axes >> i) & 1 ? 1 : sh[i];
	ho = hnew(odt, nd, osh);
	dout = dnew(odt, nd, osh);
	backend_host.reduce(ev, leaf_tree(&th, h), op, axes, ho);
	if (take_err()) {
		printf("#   host reduce failed: %s\n", last_msg);
		good = 1;
	} else {
		good = cu->reduce(ev, leaf_tree(&td, d), op, axes, dout) == 0
			&& same(ho, dout, dt_is_float(odt) ? 1e-4 : 0);
	}
	nd_decref(h); nd_decref(d); nd_decref(ho); nd_decref(dout);
	return good;
}

static int cmpf(const void *a, const void *b)
{
	float x = *(const float *)a, y = *(const float *)b;
	return x < y ? -1 : x > y;
}

static void setd(struct ndarray *a, int64_t i, double re, double im)
{
	switch (a->dtype) {
	case DT_FLOAT32: ((float *)nd_data(a))[i] = (float)re; break;
	case DT_FLOAT64: ((double *)nd_data(a))[i] = re; break;
	case DT_COMPLEX64: ((float _Complex *)nd_data(a))[i] = (float)re + I * (float)im; break;
	default: ((double _Complex *)nd_data(a))[i] = re + I * im; break;
	}
}

/* An m×n column-major test matrix: random for rank >= min(m, n), of the
 * given rank below that, graded for rank -1 (column j scaled by
 * 10^(-6 j / n): singular values over six decades). */
static struct ndarray *svd_input(int dt, int m, int n, int rank)
{
	int k = m < n ? m : n, cx = dt_is_complex(dt);
	int64_t sa = (int64_t)m * n;
	struct ndarray *ha = hnew(dt, 1, &sa);
	if (rank >= k || rank < 0) {
		hfill(ha, -1, 1);
		for (int64_t i = 0; rank < 0 && i < sa; i++) {
			double im, re = getd(ha, i, &im), sc = pow(10, -6.0 * (double)(i / m) / n);
			setd(ha, i, re * sc, im * sc);
		}
	} else {
		double _Complex *b = malloc(sizeof *b * m * rank), *c = malloc(sizeof *c * rank * n);
		for (int i = 0; i < m * rank; i++)
			b[i] = urand() - 0.5 + (cx ? I * (urand() - 0.5) : 0);
		for (int i = 0; i < rank * n; i++)
			c[i] = urand() - 0.5 + (cx ? I * (urand() - 0.5) : 0);
		for (int i = 0; i < m; i++)
			for (int j = 0; j < n; j++) {
				double _Complex t = 0;
				for (int l = 0; l < rank; l++)
					t += b[i + l * m] * c[l + j * rank];
				setd(ha, i + (int64_t)j * m, creal(t), cimag(t));
			}
		free(b);
		free(c);
	}
	return ha;
}

/* cuSOLVER's SVD of an m×n column-major matrix of the given rank (rank >=
 * min(m, n): a random one) against LAPACK's promises: A = U S V^H to tol
 * relative to max|A|, U and V^H orthonormal to tol, S descending, >= 0. */
static int check_svd(int dt, int m, int n, int rank, char job, double tol)
{
	const struct backend_linalg *lb = cu->linalg;
	int k = m < n ? m : n, uc = job == 'A' ? m : k, vr = job == 'A' ? n : k;
	int rdt = dt == DT_COMPLEX128 ? DT_FLOAT64 : dt == DT_COMPLEX64 ? DT_FLOAT32 : dt;
	int64_t sa = (int64_t)m * n, su = (int64_t)m * uc, sv = (int64_t)vr * n, sk = k;
	struct ndarray *ha = svd_input(dt, m, n, rank), *da, *du, *dvt, *ds, *hu = NULL, *hv = NULL, *hs = NULL;
	double amax = 0, rerr = 0, oerr = 0, im;
	int info = -1, good;
	for (int64_t i = 0; i < sa; i++) {
		double re = getd(ha, i, &im);
		amax = fmax(amax, cabs(re + I * im));
	}
	da = to_dev(ha);
	du = dnew(dt, 1, &su);
	dvt = dnew(dt, 1, &sv);
	ds = dnew(rdt, 1, &sk);
	good = lb && lb->gesdd(ev, dt, 1, m, n, nd_data(da), nd_data(ds), job == 'N' ? NULL : nd_data(du),
			       job == 'N' ? NULL : nd_data(dvt), job, &info) == 0 && info == 0
		&& (hs = to_hostc(ds)) && (job == 'N' || ((hu = to_hostc(du)) && (hv = to_hostc(dvt))));
	for (int l = 0; good && l < k; l++) {
		double x = getd(hs, l, &im), y = l + 1 < k ? getd(hs, l + 1, &im) : 0;
		good = x >= y && y >= 0;
	}
	if (good && job != 'N') {
		for (int i = 0; i < m; i++)
			for (int j = 0; j < n; j++) {
				double _Complex t = 0;
				for (int l = 0; l < k; l++) {
					double ui, ur = getd(hu, i + (int64_t)l * m, &ui), vi, vre = getd(hv, l + (int64_t)j * vr, &vi);
					t += (ur + I * ui) * getd(hs, l, &im) * (vre + I * vi);
				}
				double ai, ar = getd(ha, i + (int64_t)j * m, &ai);
				rerr = fmax(rerr, cabs(t - (ar + I * ai)) / amax);
			}
		for (int p = 0; p < uc; p++)          /* U^H U = I (uc columns) */
			for (int q = 0; q < uc; q++) {
				double _Complex t = 0;
				for (int i = 0; i < m; i++) {
					double pi, pr = getd(hu, i + (int64_t)p * m, &pi), qi, qr = getd(hu, i + (int64_t)q * m, &qi);
					t += (pr - I * pi) * (qr + I * qi);
				}
				oerr = fmax(oerr, cabs(t - (p == q)));
			}
		for (int p = 0; p < vr; p++)          /* V^H V = I: the rows of vt */
			for (int q = 0; q < vr; q++) {
				double _Complex t = 0;
				for (int j = 0; j < n; j++) {
					double pi, pr = getd(hv, p + (int64_t)j * vr, &pi), qi, qr = getd(hv, q + (int64_t)j * vr, &qi);
					t += (pr + I * pi) * (qr - I * qi);
				}
				oerr = fmax(oerr, cabs(t - (p == q)));
			}
		good = rerr < tol && oerr < tol;
	}
	printf("#   svd %s %dx%d rank %d job %c: reconstruction %.2e, orthogonality %.2e\n",
	       dtype_table[dt].name, m, n, rank < k ? rank : k, job, rerr, oerr);
	nd_decref(ha); nd_decref(da); nd_decref(du); nd_decref(dvt); nd_decref(ds);
	nd_decref(hu); nd_decref(hv); nd_decref(hs);
	return good;
}

/* The singular values alone (job 'N') against those of job 'S' on the same
 * matrix, to tol relative to the largest. */
static int check_svd_values(int dt, int m, int n, int rank, double tol)
{
	const struct backend_linalg *lb = cu->linalg;
	int k = m < n ? m : n, info1 = -1, info2 = -1, good;
	int64_t sk = k, su = (int64_t)m * k, sv = (int64_t)k * n;
	struct ndarray *ha = svd_input(dt, m, n, rank), *d1 = to_dev(ha), *d2 = to_dev(ha);
	struct ndarray *s1 = dnew(dt, 1, &sk), *s2 = dnew(dt, 1, &sk), *du = dnew(dt, 1, &su), *dv = dnew(dt, 1, &sv);
	struct ndarray *h1 = NULL, *h2 = NULL;
	double err = 0, im;
	good = lb->gesdd(ev, dt, 1, m, n, nd_data(d1), nd_data(s1), NULL, NULL, 'N', &info1) == 0 && info1 == 0
		&& lb->gesdd(ev, dt, 1, m, n, nd_data(d2), nd_data(s2), nd_data(du), nd_data(dv), 'S', &info2) == 0
		&& info2 == 0 && (h1 = to_hostc(s1)) && (h2 = to_hostc(s2));
	for (int l = 0; good && l < k; l++)
		err = fmax(err, fabs(getd(h1, l, &im) - getd(h2, l, &im)) / getd(h2, 0, &im));
	printf("#   svd %s %dx%d values only against with vectors: %.2e\n", dtype_table[dt].name, m, n, err);
	good = good && err < tol;
	nd_decref(ha); nd_decref(d1); nd_decref(d2); nd_decref(s1); nd_decref(s2); nd_decref(du); nd_decref(dv);
	nd_decref(h1); nd_decref(h2);
	return good;
}

/* A NaN in the matrix: gesdd reports no convergence (info > 0), as LAPACK's
 * callers expect, with vectors and without. */
static int check_svd_nan(int dt, int m, int n)
{
	const struct backend_linalg *lb = cu->linalg;
	int k = m < n ? m : n, info1 = 0, info2 = 0, rc1, rc2;
	int64_t sk = k, su = (int64_t)m * k, sv = (int64_t)k * n;
	struct ndarray *ha = svd_input(dt, m, n, k), *d1, *d2;
	struct ndarray *s = dnew(dt, 1, &sk), *du = dnew(dt, 1, &su), *dv = dnew(dt, 1, &sv);
	setd(ha, 7, NAN, 0);
	d1 = to_dev(ha);
	d2 = to_dev(ha);
	rc1 = lb->gesdd(ev, dt, 1, m, n, nd_data(d1), nd_data(s), NULL, NULL, 'N', &info1);
	rc2 = lb->gesdd(ev, dt, 1, m, n, nd_data(d2), nd_data(s), nd_data(du), nd_data(dv), 'S', &info2);
	printf("#   svd %s %dx%d with a NaN: rc %d %d, info %d %d\n", dtype_table[dt].name, m, n, rc1, rc2, info1, info2);
	nd_decref(ha); nd_decref(d1); nd_decref(d2); nd_decref(s); nd_decref(du); nd_decref(dv);
	return rc1 == 0 && rc2 == 0 && info1 > 0 && info2 > 0;
}

int main(void)
{
	char dir[] = "/tmp/lumen-kcache-XXXXXX", what[160];
	engine_init_layers();
	ev = ev_new();
	if (!ev || !mkdtemp(dir)) {
		puts("1..0 # SKIP no evaluator");
		return 0;
	}
	setenv("LUMEN_KERNEL_CACHE", dir, 1);
	cu = backend_cuda(ev);
	take_err();
	if (!cu) {
		puts("1..0 # SKIP no CUDA device");
		return 0;
	}
	printf("# device: %s\n", cuda_describe());
	{
		/* where memGetInfo's time goes: the bare runtime call (a diagnostic,
		 * compare with bench_cells.py's "memGetInfo x2000" row) */
		size_t fr = 0, tot = 0;
		struct timespec t0, t1;
		int good = 1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		for (int i = 0; i < 2000; i++)
			good &= cudaMemGetInfo(&fr, &tot) == cudaSuccess;
		clock_gettime(CLOCK_MONOTONIC, &t1);
		printf("# bare cudaMemGetInfo: %.2f us per call\n",
		       ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / 2000 / 1e3);
		ok(good && fr > 0 && tot >= fr, "cudaMemGetInfo answers (free, total)");
	}

	/* ---- transfers ---- */
	{
		int64_t n = 1000, big = 16 << 20;
		struct ndarray *h = hnew(DT_INT32, 1, &n), *d;
		hfill(h, -1000, 1000);
		d = to_dev(h);
		ok(d && same(h, d, 0), "small host -> device -> host round trip");
		nd_decref(d);
		nd_decref(h);
		h = hnew(DT_FLOAT32, 1, &big);
		hfill(h, 0, 1);
		d = to_dev(h);
		ok(d && same(h, d, 0), "64 MiB round trip through the pinned staging buffers");
		nd_decref(h);
		nd_decref(d);
	}
	{
		/* the staging copy's streaming stores: a source and a destination
		 * off any alignment, an odd length (ragged head and tail) */
		int64_t n = (40 << 20) + 13, n3 = n + 3;
		struct ndarray *h = hnew(DT_UINT8, 1, &n3), *back = hnew(DT_UINT8, 1, &n3), *d = dnew(DT_UINT8, 1, &n);
		int good = h && back && d;
		for (int64_t i = 0; good && i < n3; i++)
			((unsigned char *)nd_data(h))[i] = (unsigned char)(i * 2654435761u >> 13);
		if (good)
			memset(nd_data(back), 0xa5, n3);
		good = good && cu->from_host(ev, d, (const char *)nd_data(h) + 3) == 0
		       && cu->to_host(ev, (char *)nd_data(back) + 1, d) == 0
		       && !memcmp((const char *)nd_data(back) + 1, (const char *)nd_data(h) + 3, n)
		       && ((unsigned char *)nd_data(back))[0] == 0xa5 && ((unsigned char *)nd_data(back))[n + 1] == 0xa5;
		ok(good, "40 MiB + 13 bytes from and to unaligned host pointers (streaming staging copy)");
		nd_decref(h);
		nd_decref(back);
		nd_decref(d);
	}
	/* ---- fill ---- */
	{
		int64_t n = 1001;
		struct ndarray *d = dnew(DT_FLOAT32, 1, &n), *h = hnew(DT_FLOAT32, 1, &n);
		struct npscalar v = {DT_FLOAT64, {.f = 3.5}};
		for (int i = 0; i < n; i++) ((float *)nd_data(h))[i] = 3.5f;
		ok(cu->fill(ev, d, &v) == 0 && same(h, d, 0), "fill 3.5 (cast from float64)");
		v.v.f = 0;
		memset(nd_data(h), 0, n * 4);
		ok(cu->fill(ev, d, &v) == 0 && same(h, d, 0), "fill 0 (memset)");
		nd_decref(d);
		nd_decref(h);
	}
	/* ---- every ufunc loop against the host ---- */
	for (int uf = 0; uf < ufunc_count; uf++) {
		const struct ufunc *u = &ufunc_table[uf];
		int good = 1;
		if (u->nout != 1)
			continue;
		for (int l = 0; l < u->nloops; l++)
			good &= check_ufunc(uf, l, 999);
		snprintf(what, sizeof what, "%s: every loop matches the host", u->name);
		ok(good, what);
	}
	/* ---- layouts: transposed, broadcast, scalar, float16 ---- */
	{
		int64_t sh[2] = {300, 200}, sh2[2] = {200, 300}, c[2] = {300, 1}, r[2] = {1, 200};
		struct ndarray *h = hnew(DT_FLOAT32, 2, sh2), *d = to_dev((hfill(h, -1, 1), h));
		int64_t ts[2] = {h->strides[1], h->strides[0]};
		struct ndarray *ht = nd_view(ev, h, DT_FLOAT32, 2, sh, ts, 0);
		struct ndarray *dt_ = nd_view(ev, d, DT_FLOAT32, 2, sh, ts, 0);
		struct ndarray *hc = hnew(DT_FLOAT32, 2, c), *hr = hnew(DT_FLOAT32, 2, r), *dc, *dr;
		struct value *hv[2], *dv[2];
		struct ndarray *ho, *dout;
		hfill(hc, -1, 1);
		hfill(hr, -1, 1);
		dc = to_dev(hc);
		dr = to_dev(hr);
		hv[0] = V(ht); hv[1] = V(hc);
		dv[0] = V(dt_); dv[1] = V(dc);
		ho = uf_apply_arrays(ev, &backend_host, uf_lookup("multiply"), 2, hv, NULL);
		dout = uf_apply_arrays(ev, cu, uf_lookup("multiply"), 2, dv, NULL);
		ok(ho && dout && same(ho, dout, 1e-6), "transposed view * broadcast column");
		nd_decref(ho); nd_decref(dout);
		val_decref(hv[1]); val_decref(dv[1]);
		hv[1] = V(hr); dv[1] = V(dr);
		{
			struct value *h2[2] = {V(hc), hv[1]}, *d2[2] = {V(dc), dv[1]};
			ho = uf_apply_arrays(ev, &backend_host, uf_lookup("add"), 2, h2, NULL);
			dout = uf_apply_arrays(ev, cu, uf_lookup("add"), 2, d2, NULL);
			ok(ho && dout && same(ho, dout, 1e-6), "outer sum by broadcasting (300,1) + (1,200)");
			nd_decref(ho); nd_decref(dout);
			val_decref(h2[0]); val_decref(d2[0]);
		}
		{
			struct value *s = val_float(2.5), *h2[2] = {hv[0], s}, *d2[2] = {dv[0], s};
			ho = uf_apply_arrays(ev, &backend_host, uf_lookup("subtract"), 2, h2, NULL);
			dout = uf_apply_arrays(ev, cu, uf_lookup("subtract"), 2, d2, NULL);
			ok(ho && dout && same(ho, dout, 1e-6), "array - python float (a kernel parameter)");
			nd_decref(ho); nd_decref(dout);
			val_decref(s);
		}
		{
			/* copy with a cast from a strided view */
			struct ndarray *hi = hnew(DT_INT32, 2, sh), *di = dnew(DT_INT32, 2, sh);
			backend_host.copy(ev, hi, ht);
			ok(cu->copy(ev, di, dt_) == 0 && same(hi, di, 0), "copy float32 transposed -> int32");
			nd_decref(hi); nd_decref(di);
		}
		{
			int64_t idx[4] = {0, 7, 12345, 59999};
			float got[4], want[4];
			for (int i = 0; i < 4; i++) {
				int64_t r0 = idx[i] / 200, c0 = idx[i] % 200;
				want[i] = *(float *)(nd_data(ht) + r0 * ht->strides[0] + c0 * ht->strides[1]);
			}
			ok(cu->take_flat(ev, dt_, idx, 4, got) == 0 && !memcmp(got, want, sizeof got),
			   "take_flat gathers edge items of a transposed view");
		}
		for (int i = 0; i < 2; i++) { val_decref(hv[i]); val_decref(dv[i]); }
		nd_decref(h); nd_decref(d); nd_decref(ht); nd_decref(dt_);
		nd_decref(hc); nd_decref(hr); nd_decref(dc); nd_decref(dr);
	}
	/* ---- reductions ---- */
	{
		static const char *names[] = {"sum", "prod", "min", "max", "any", "all", "argmin",
					      "argmax", "nansum", "nanmin", "nanmax"};
		int64_t sh[2] = {300, 200};
		for (int op = RED_SUM; op <= RED_NANMAX; op++) {
			int good = 1;
			double lo = op == RED_PROD ? 0.9 : -1, hi = op == RED_PROD ? 1.1 : 1;
			for (uint64_t axes = 1; axes <= 3; axes++) {
				good &= check_reduce(DT_FLOAT32, op, 2, sh, axes, lo, hi);
				good &= check_reduce(DT_FLOAT64, op, 2, sh, axes, lo, hi);
				if (op != RED_NANSUM && op != RED_NANMIN && op != RED_NANMAX)
					good &= check_reduce(DT_INT32, op, 2, sh, axes, op == RED_PROD ? 1 : -100, op == RED_PROD ? 2 : 100);
			}
			snprintf(what, sizeof what, "%s over all axes, axis 0 and axis 1 (f32, f64, i32)", names[op]);
			ok(good, what);
		}
		int64_t big = 10000000, tall[2] = {3, 4000000}, wide[2] = {4000, 3000};
		ok(check_reduce(DT_FLOAT32, RED_SUM, 1, &big, 1, 0, 1), "sum of 1e7 float32 (vector loads)");
		ok(check_reduce(DT_FLOAT32, RED_MAX, 2, tall, 2, -1, 1), "max along a long inner axis (split over blocks)");
		ok(check_reduce(DT_FLOAT32, RED_SUM, 2, wide, 1, 0, 1), "sum axis=0 of 4000x3000 (outer, split)");
		ok(check_reduce(DT_FLOAT64, RED_ARGMAX, 1, &big, 1, -1, 1), "argmax of 1e7 float64");
	}
	/* ---- scan ---- */
	{
		int64_t n = 1000000, sh[2] = {100, 300};
		struct ndarray *h = hnew(DT_INT64, 1, &n), *d, *ho, *dout;
		hfill(h, -100, 100);
		d = to_dev(h);
		ho = hnew(DT_INT64, 1, &n);
		dout = dnew(DT_INT64, 1, &n);
		int64_t acc = 0;
		for (int64_t i = 0; i < n; i++)
			((int64_t *)nd_data(ho))[i] = acc += ((int64_t *)nd_data(h))[i];
		ok(cu->scan(ev, d, 0, 0, dout) == 0 && same(ho, dout, 0), "cumsum of 1e6 int64 (CUB)");
		nd_decref(h); nd_decref(d); nd_decref(ho); nd_decref(dout);
		for (int axis = 0; axis < 2; axis++) {
			h = hnew(DT_FLOAT64, 2, sh);
			hfill(h, 0, 1);
			d = to_dev(h);
			ho = hnew(DT_FLOAT64, 2, sh);
			dout = dnew(DT_FLOAT64, 2, sh);
			double *x = (double *)nd_data(h), *y = (double *)nd_data(ho);
			for (int i = 0; i < 100; i++)
				for (int j = 0; j < 300; j++)
					y[i * 300 + j] = x[i * 300 + j] + (axis == 0 ? (i ? y[(i - 1) * 300 + j] : 0)
									   : (j ? y[i * 300 + j - 1] : 0));
			snprintf(what, sizeof what, "cumsum along axis %d of 100x300 float64", axis);
			ok(cu->scan(ev, d, axis, 0, dout) == 0 && same(ho, dout, 1e-12), what);
			nd_decref(h); nd_decref(d); nd_decref(ho); nd_decref(dout);
		}
	}
	/* ---- sort ---- */
	{
		int64_t n = 1000003, sh[2] = {100, 1000};
		struct ndarray *h = hnew(DT_FLOAT32, 1, &n), *d;
		hfill(h, -1e6, 1e6);
		d = to_dev(h);
		qsort(nd_data(h), n, 4, cmpf);
		ok(cu->sort(ev, d, NULL, 0) == 0 && same(h, d, 0), "sort 1e6 float32 (CUB radix)");
		nd_decref(h); nd_decref(d);
		h = hnew(DT_INT32, 2, sh);
		hfill(h, -50, 50);
		d = to_dev(h);
		struct ndarray *di = dnew(DT_INT64, 2, sh), *si, *sv;
		int good = cu->sort(ev, d, di, 0) == 0 && (si = to_hostc(di)) && (sv = to_hostc(d));
		for (int r = 0; good && r < 100; r++)
			for (int c = 0; c < 1000; c++) {
				int64_t k = ((int64_t *)nd_data(si))[r * 1000 + c];
				int32_t v = ((int32_t *)nd_data(sv))[r * 1000 + c];
				if (k < 0 || k >= 1000 || ((int32_t *)nd_data(h))[r * 1000 + k] != v
				    || (c && v < ((int32_t *)nd_data(sv))[r * 1000 + c - 1]))
					good = 0;
			}
		ok(good, "argsort of 100 rows of int32 (segmented)");
		nd_decref(h); nd_decref(d); nd_decref(di);
	}
	/* ---- complex sort: (real, imag), NaNs last in NumPy's order ---- */
	{
		double nan = NAN;
		/* sorted order by NumPy: R+Rj by (re, im), R+nanj by re, nan+Rj by im, nan+nanj */
		double want[][2] = {{-4, 0}, {-0.0, 5}, {1, -2}, {1, 1}, {3, 0}, {3, 1},
				    {1, nan}, {nan, -1}, {nan, 2}, {nan, nan}};
		int order[10] = {6, 3, 8, 1, 4, 0, 2, 9, 5, 7}; /* a shuffle of want */
		int64_t n = 10, sh[2] = {2, 5};
		for (int dt = DT_COMPLEX64; dt <= DT_COMPLEX128; dt++) {
			struct ndarray *h = hnew(dt, 1, &n), *d, *di, *hv = NULL, *hi = NULL;
			int good = 1;
			for (int i = 0; i < 10; i++) {
				double re = want[order[i]][0], im = want[order[i]][1];
				if (dt == DT_COMPLEX64)
					((float *)nd_data(h))[2 * i] = re, ((float *)nd_data(h))[2 * i + 1] = im;
				else
					((double *)nd_data(h))[2 * i] = re, ((double *)nd_data(h))[2 * i + 1] = im;
			}
			d = to_dev(h);
			di = dnew(DT_INT64, 1, &n);
			good = d && di && cu->sort(ev, d, di, 0) == 0 && (hv = to_hostc(d)) && (hi = to_hostc(di));
			for (int i = 0; good && i < 10; i++) {
				double im, re = getd(hv, i, &im);
				int64_t k = ((int64_t *)nd_data(hi))[i];
				good = (isnan(want[i][0]) ? isnan(re) : re == want[i][0] && signbit(re) == signbit(want[i][0]))
					&& (isnan(want[i][1]) ? isnan(im) : im == want[i][1])
					&& k >= 0 && k < 10 && order[k] == i;
			}
			snprintf(what, sizeof what, "sort + argsort %s with NaNs and -0.0 in NumPy's order", dtype_table[dt].name);
			ok(good, what);
			for (int i = 0; !good && hv && hi && i < 10; i++) {   /* what came back, for the log */
				double im, re = getd(hv, i, &im);
				printf("#   %d: got %g%+gj from input %lld, want %g%+gj\n", i, re, im,
				       (long long)((int64_t *)nd_data(hi))[i], want[i][0], want[i][1]);
			}
			if (good) { nd_decref(hv); nd_decref(hi); }
			nd_decref(h); nd_decref(d); nd_decref(di);
			/* two rows: each sorted on its own */
			h = hnew(dt, 2, sh);
			hfill(h, -3, 3);
			d = to_dev(h);
			good = d && cu->sort(ev, d, NULL, 0) == 0 && (hv = to_hostc(d));
			for (int r = 0; good && r < 2; r++)
				for (int c = 1; c < 5; c++) {
					double pi, pr = getd(hv, r * 5 + c - 1, &pi), qi, qr = getd(hv, r * 5 + c, &qi);
					if (pr > qr || (pr == qr && pi > qi))
						good = 0;
				}
			snprintf(what, sizeof what, "sort %s row by row", dtype_table[dt].name);
			ok(good, what);
			if (good) nd_decref(hv);
			nd_decref(h); nd_decref(d);
		}
		int64_t big = 1 << 20;
		struct ndarray *h = hnew(DT_COMPLEX64, 1, &big), *d, *hv;
		hfill(h, -100, 100);
		for (int64_t i = 0; i < big; i++) /* ties on the real part */
			((float *)nd_data(h))[2 * i] = floorf(((float *)nd_data(h))[2 * i]);
		d = to_dev(h);
		int good = d && cu->sort(ev, d, NULL, 0) == 0 && (hv = to_hostc(d));
		for (int64_t i = 1; good && i < big; i++) {
			float *p = (float *)nd_data(hv) + 2 * (i - 1);
			if (p[0] > p[2] || (p[0] == p[2] && p[1] > p[3]))
				good = 0;
		}
		ok(good, "sort 2^20 complex64 with ties on the real part (lexicographic)");
		if (good) nd_decref(hv);
		nd_decref(h); nd_decref(d);
		{
			/* one row, no NaN (the 64-bit key path) with an argsort: each
			 * value is the very input item its index names (-0.0 kept) */
			int64_t n = 100000;
			struct ndarray *hc = hnew(DT_COMPLEX64, 1, &n), *dc, *di, *hvc = NULL, *hic = NULL;
			float *p = (float *)nd_data(hc);
			hfill(hc, -5, 5);
			for (int64_t i = 0; i < n; i++) {
				p[2 * i] = floorf(p[2 * i]);
				if (i % 7 == 0)
					p[2 * i + 1] = i % 14 ? -0.0f : 0.0f;
			}
			dc = to_dev(hc);
			di = dnew(DT_INT64, 1, &n);
			good = dc && di && cu->sort(ev, dc, di, 0) == 0 && (hvc = to_hostc(dc)) && (hic = to_hostc(di));
			for (int64_t i = 0; good && i < n; i++) {
				const float *v = (const float *)nd_data(hvc) + 2 * i;
				int64_t k = ((int64_t *)nd_data(hic))[i];
				good = k >= 0 && k < n && !memcmp(v, p + 2 * k, 8)
				       && (i == 0 || v[-2] < v[0] || (v[-2] == v[0] && v[-1] <= v[1]));
			}
			ok(good, "sort + argsort of one complex64 row without NaN: ordered, each value its index's input (-0.0 kept)");
			nd_decref(hc); nd_decref(dc); nd_decref(di); nd_decref(hvc); nd_decref(hic);
		}
	}
	/* ---- fancy indexing: gather / scatter against the host walk ---- */
	{
		int64_t sh[3] = {6, 7, 5};
		for (int dt = 0; dt < 4; dt++) {
			static const int dts[4] = {DT_INT8, DT_FLOAT32, DT_FLOAT64, DT_COMPLEX128};
			int t = dts[dt], isz = dt_size(t);
			struct ndarray *h = hnew(t, 3, sh), *d;
			hfill(h, -100, 100);
			d = to_dev(h);
			/* a view: h[:, ::2, :] transposed to (5, 4, 6); index axis 1 with [3, 0, 3, 1] */
			int64_t vsh[2] = {5, 6}, vst[2] = {h->strides[2], h->strides[0]};
			int64_t off[4] = {3 * 2 * h->strides[1], 0, 3 * 2 * h->strides[1], 1 * 2 * h->strides[1]};
			struct ndarray *hv = nd_view(ev, h, t, 2, vsh, vst, h->offset);
			struct ndarray *dv = nd_view(ev, d, t, 2, vsh, vst, d->offset);
			for (int pos = 0; pos <= 2; pos++) {
				int64_t osh[3];
				for (int j = 0, q = 0; j < 3; j++)
					osh[j] = j == pos ? 4 : vsh[q++];
				struct ndarray *dout = dnew(t, 3, osh), *want = hnew(t, 3, osh), *got;
				/* the host's answer, element by element */
				for (int64_t i = 0; i < 4 * 30; i++) {
					int64_t c[3], r = i;
					for (int j = 2; j >= 0; j--) {
						c[j] = r % osh[j];
						r /= osh[j];
					}
					int64_t o = 0;
					for (int j = 0, q = 0; j < 3; j++)
						o += j == pos ? off[c[j]] : c[j] * vst[q++];
					memcpy(nd_data(want) + i * isz, nd_data(hv) + o, isz);
				}
				got = NULL;
				int good = cu->gather && cu->gather(ev, dv, off, 4, pos, dout) == 0 && (got = to_hostc(dout))
					&& !memcmp(nd_data(got), nd_data(want), 120 * isz);
				snprintf(what, sizeof what, "gather %s, offsets at position %d of a strided view", dtype_table[t].name, pos);
				ok(good, what);
				/* scatter back: duplicates (3 twice): the last write wins */
				struct ndarray *vals = hnew(t, 3, osh), *dvals;
				hfill(vals, -50, 50);
				dvals = to_dev(vals);
				struct ndarray *href = hnew(t, 3, sh), *hrv;
				memcpy(nd_data(href), nd_data(h), nd_size(h) * isz);
				hrv = nd_view(ev, href, t, 2, vsh, vst, href->offset);
				for (int64_t i = 0; i < 4 * 30; i++) {
					int64_t c[3], r = i;
					for (int j = 2; j >= 0; j--) {
						c[j] = r % osh[j];
						r /= osh[j];
					}
					int64_t o = 0;
					for (int j = 0, q = 0; j < 3; j++)
						o += j == pos ? off[c[j]] : c[j] * vst[q++];
					memcpy(nd_data(hrv) + o, nd_data(vals) + i * isz, isz);
				}
				struct ndarray *d2 = to_dev(h), *d2v = nd_view(ev, d2, t, 2, vsh, vst, d2->offset), *g2 = NULL;
				good = cu->scatter && cu->scatter(ev, d2v, off, 4, pos, dvals) == 0 && (g2 = to_hostc(d2))
					&& !memcmp(nd_data(g2), nd_data(href), nd_size(h) * isz);
				snprintf(what, sizeof what, "scatter %s at position %d, duplicate offsets: the last write wins", dtype_table[t].name, pos);
				ok(good, what);
				nd_decref(g2); nd_decref(d2v); nd_decref(d2); nd_decref(hrv); nd_decref(href);
				nd_decref(vals); nd_decref(dvals);
				nd_decref(got); nd_decref(dout); nd_decref(want);
			}
			nd_decref(hv); nd_decref(dv); nd_decref(h); nd_decref(d);
		}
		/* a mask's offsets: increasing, a million of them */
		int64_t n = 2000000, nb = 0;
		struct ndarray *h = hnew(DT_FLOAT32, 1, &n), *d;
		hfill(h, -1, 1);
		d = to_dev(h);
		int64_t *off = malloc(sizeof(int64_t) * n);
		for (int64_t i = 0; i < n; i++)
			if (((float *)nd_data(h))[i] > 0)
				off[nb++] = i * 4;
		/* the view is what the mask leaves of x: no dims (0-d) */
		int64_t nosh[1] = {0}, nost[1] = {0};
		struct ndarray *d0 = nd_view(ev, d, DT_FLOAT32, 0, nosh, nost, d->offset);
		struct ndarray *dout = dnew(DT_FLOAT32, 1, &nb), *got = NULL;
		int good = off && d0 && cu->gather(ev, d0, off, nb, 0, dout) == 0 && (got = to_hostc(dout));
		for (int64_t j = 0; good && j < nb; j++)
			good = ((float *)nd_data(got))[j] == ((float *)nd_data(h))[off[j] / 4];
		ok(good, "gather x[x > 0] of 2e6 float32 (a mask lowered to offsets)");
		struct ndarray *zeros = dnew(DT_FLOAT32, 1, &nb), *back = NULL;
		struct npscalar z = {DT_FLOAT32, {.f = 0}};
		good = cu->fill(ev, zeros, &z) == 0 && cu->scatter(ev, d0, off, nb, 0, zeros) == 0 && (back = to_hostc(d));
		for (int64_t i = 0; good && i < n; i++)
			good = ((float *)nd_data(back))[i] == (((float *)nd_data(h))[i] > 0 ? 0 : ((float *)nd_data(h))[i]);
		ok(good, "scatter x[x > 0] = 0 of 2e6 float32");
		free(off);
		nd_decref(back); nd_decref(zeros); nd_decref(got); nd_decref(dout); nd_decref(d0); nd_decref(h); nd_decref(d);
		int64_t one = 0;
		struct ndarray *e = dnew(DT_FLOAT32, 1, &one);
		ok(cu->gather(ev, e, NULL, 0, 0, e) == 0, "gather of no offsets does nothing");
		nd_decref(e);
	}
	/* ---- device-resident keys: masks compacted and index arrays read on the device ---- */
	{
		/* x[x > 0] of 3e6+1 float32 (not a whole number of chunks) */
		int64_t n = 3000001, cnt = 0, dcnt = -1;
		struct ndarray *h = hnew(DT_FLOAT32, 1, &n), *hm = hnew(DT_BOOL, 1, &n), *d, *dm, *dout = NULL, *got = NULL;
		hfill(h, -1, 1);
		for (int64_t i = 0; i < n; i++)
			cnt += (((uint8_t *)nd_data(hm))[i] = ((float *)nd_data(h))[i] > 0);
		d = to_dev(h);
		dm = to_dev(hm);
		ok(cu->mask_count && cu->mask_count(ev, dm, &dcnt) == 0 && dcnt == cnt, "mask_count of 3e6+1 bools");
		int good = cu->mask_take && cu->mask_take(ev, d, dm, &dout) == 0 && dout->ndim == 1
			&& dout->shape[0] == cnt && (got = to_hostc(dout));
		for (int64_t i = 0, w = 0; good && i < n; i++)
			if (((uint8_t *)nd_data(hm))[i])
				good = ((float *)nd_data(got))[w++] == ((float *)nd_data(h))[i];
		ok(good, "mask_take x[x > 0] of 3e6+1 float32, in order");
		/* x[x > 0] = 0.5: one value broadcast */
		int64_t one1 = 1;
		struct ndarray *hv = hnew(DT_FLOAT32, 0, &one1), *dv, *back = NULL;
		*(float *)nd_data(hv) = 0.5f;
		dv = to_dev(hv);
		good = cu->mask_put && cu->mask_put(ev, d, dm, dv) == 0 && (back = to_hostc(d));
		for (int64_t i = 0; good && i < n; i++)
			good = ((float *)nd_data(back))[i] == (((uint8_t *)nd_data(hm))[i] ? 0.5f : ((float *)nd_data(h))[i]);
		ok(good, "mask_put x[x > 0] = 0.5 of 3e6+1 float32");
		nd_decref(back); nd_decref(dv); nd_decref(hv); nd_decref(got); nd_decref(dout);
		/* an all-false mask selects nothing */
		memset(nd_data(hm), 0, n);
		nd_decref(dm);
		dm = to_dev(hm);
		dout = NULL;
		ok(cu->mask_take(ev, d, dm, &dout) == 0 && dout->ndim == 1 && dout->shape[0] == 0,
		   "mask_take of an all-false mask: shape (0,)");
		nd_decref(dout); nd_decref(dm); nd_decref(d); nd_decref(hm); nd_decref(h);
	}
	{
		/* a mask of the leading dim of a strided view: x[:, ::2][m] and x[:, ::2][m] = vals, int16 */
		int64_t sh[2] = {3001, 6}, vsh[2] = {3001, 3}, cnt = 0;
		struct ndarray *h = hnew(DT_INT16, 2, sh), *hm = hnew(DT_BOOL, 1, sh), *d, *dm, *dout = NULL, *got = NULL;
		hfill(h, -1000, 1000);
		for (int64_t i = 0; i < sh[0]; i++)
			cnt += (((uint8_t *)nd_data(hm))[i] = urand() < 0.3);
		d = to_dev(h);
		dm = to_dev(hm);
		int64_t vst[2] = {d->strides[0], 2 * d->strides[1]};
		struct ndarray *dv = nd_view(ev, d, DT_INT16, 2, vsh, vst, d->offset);
		int good = cu->mask_take(ev, dv, dm, &dout) == 0 && dout->ndim == 2 && dout->shape[0] == cnt
			&& dout->shape[1] == 3 && (got = to_hostc(dout));
		for (int64_t i = 0, w = 0; good && i < sh[0]; i++)
			if (((uint8_t *)nd_data(hm))[i])
				for (int q = 0; q < 3; q++, w++)
					good &= ((int16_t *)nd_data(got))[w] == ((int16_t *)nd_data(h))[i * 6 + 2 * q];
		ok(good, "mask_take of a leading-dim mask on a strided int16 view: rows in order");
		int64_t vals_sh[2] = {cnt, 3};
		struct ndarray *hvals = hnew(DT_INT16, 2, vals_sh), *dvals, *back = NULL;
		hfill(hvals, -50, 50);
		dvals = to_dev(hvals);
		good = cu->mask_put(ev, dv, dm, dvals) == 0 && (back = to_hostc(d));
		for (int64_t i = 0, w = 0; good && i < sh[0]; i++)
			for (int q = 0; q < 6; q++) {
				int16_t want = ((int16_t *)nd_data(h))[i * 6 + q];
				if (((uint8_t *)nd_data(hm))[i] && q % 2 == 0)
					want = ((int16_t *)nd_data(hvals))[w++];
				good &= ((int16_t *)nd_data(back))[i * 6 + q] == want;
			}
		ok(good, "mask_put of (count, 3) values through a leading-dim mask, other columns untouched");
		nd_decref(back); nd_decref(dvals); nd_decref(hvals); nd_decref(got); nd_decref(dout);
		nd_decref(dv); nd_decref(dm); nd_decref(d); nd_decref(hm); nd_decref(h);
	}
	{
		/* take_index: x[idx] and x[:, idx] with negative indices, n-D idx, float64 */
		int64_t sh[2] = {1000, 6}, ish[2] = {50, 100};
		struct ndarray *h = hnew(DT_FLOAT64, 2, sh), *d, *hi = hnew(DT_INT64, 2, ish), *di;
		hfill(h, -1, 1);
		d = to_dev(h);
		for (int axis = 0; axis < 2; axis++) {
			int64_t size = sh[axis], *ip = (int64_t *)nd_data(hi);
			for (int64_t j = 0; j < 5000; j++)
				ip[j] = (int64_t)(urand() * 2 * size) - size;
			di = to_dev(hi);
			int64_t vsh[1] = {sh[1 - axis]}, vst[1] = {d->strides[1 - axis]};
			struct ndarray *view = nd_view(ev, d, DT_FLOAT64, 1, vsh, vst, d->offset);
			int64_t osh[3];
			osh[axis ? 0 : 2] = vsh[0];
			osh[axis] = 50;
			osh[axis + 1] = 100;
			struct ndarray *dout = dnew(DT_FLOAT64, 3, osh), *got = NULL;
			const struct ndarray *ia[1] = {di};
			int64_t st1 = d->strides[axis];
			int good = cu->take_index && cu->take_index(ev, view, 1, ia, &size, &st1, &axis, axis, dout) == 0
				&& (got = to_hostc(dout));
			for (int64_t e = 0; good && e < 5000 * vsh[0]; e++) {
				int64_t j = axis ? e % 5000 : e / vsh[0], o = axis ? e / 5000 : e % vsh[0];
				int64_t v = ip[j] < 0 ? ip[j] + size : ip[j];
				int64_t r = axis ? o : v, c = axis ? v : o;
				good = ((double *)nd_data(got))[e] == ((double *)nd_data(h))[r * 6 + c];
			}
			snprintf(what, sizeof what, "take_index along axis %d with a (50, 100) index array, negatives wrapped", axis);
			ok(good, what);
			nd_decref(got); nd_decref(dout); nd_decref(view); nd_decref(di);
		}
		/* bad indices at j = 4000 and 7: the first one (7) is reported */
		int64_t *ip = (int64_t *)nd_data(hi);
		for (int64_t j = 0; j < 5000; j++)
			ip[j] = j % 1000;
		ip[4000] = -1001;
		ip[7] = 1005;
		di = to_dev(hi);
		int64_t vsh[1] = {6}, vst[1] = {d->strides[1]}, osh[3] = {50, 100, 6};
		struct ndarray *view = nd_view(ev, d, DT_FLOAT64, 1, vsh, vst, d->offset), *dout = dnew(DT_FLOAT64, 3, osh);
		const struct ndarray *ia[1] = {di};
		int64_t size0 = 1000, st0 = d->strides[0];
		int ax0 = 0;
		int r = cu->take_index(ev, view, 1, ia, &size0, &st0, &ax0, 0, dout);
		take_err();
		ok(r < 0 && last_type == TY_IndexError
		   && !strcmp(last_msg, "index 1005 is out of bounds for axis 0 with size 1000"),
		   "take_index: IndexError names the first bad index in NumPy's words");
		printf("#   %s\n", last_msg);
		/* x[i, j]: two arrays, the view has no dims left; i good, j bad at 9 -> axis 1 */
		{
			int64_t n2 = 5000, ish2[1] = {5000}, zsh[1] = {0}, zst[1] = {0};
			struct ndarray *hi2 = hnew(DT_INT64, 1, ish2), *hj2 = hnew(DT_INT64, 1, ish2), *di2, *dj2;
			int64_t *pi = (int64_t *)nd_data(hi2), *pj = (int64_t *)nd_data(hj2);
			for (int64_t j = 0; j < n2; j++) {
				pi[j] = (int64_t)(urand() * 2000) - 1000;
				pj[j] = (int64_t)(urand() * 12) - 6;
			}
			di2 = to_dev(hi2);
			dj2 = to_dev(hj2);
			struct ndarray *v0 = nd_view(ev, d, DT_FLOAT64, 0, zsh, zst, d->offset), *o2 = dnew(DT_FLOAT64, 1, &n2), *g2 = NULL;
			const struct ndarray *ij[2] = {di2, dj2};
			int64_t sz2[2] = {1000, 6}, st2[2] = {d->strides[0], d->strides[1]};
			int ax2[2] = {0, 1};
			int good = cu->take_index(ev, v0, 2, ij, sz2, st2, ax2, 0, o2) == 0 && (g2 = to_hostc(o2));
			for (int64_t j = 0; good && j < n2; j++)
				good = ((double *)nd_data(g2))[j] == ((double *)nd_data(h))[(pi[j] + (pi[j] < 0) * 1000) * 6 + pj[j] + (pj[j] < 0) * 6];
			ok(good, "take_index x[i, j] with two 5000-item arrays, negatives wrapped");
			nd_decref(g2); nd_decref(dj2);
			pj[4000] = 6;
			pj[9] = -7;
			dj2 = to_dev(hj2);
			ij[1] = dj2;
			r = cu->take_index(ev, v0, 2, ij, sz2, st2, ax2, 0, o2);
			take_err();
			ok(r < 0 && last_type == TY_IndexError
			   && !strcmp(last_msg, "index -7 is out of bounds for axis 1 with size 6"),
			   "take_index x[i, j]: the bad index of j is reported with its axis");
			nd_decref(o2); nd_decref(v0); nd_decref(dj2); nd_decref(di2); nd_decref(hj2); nd_decref(hi2);
		}
		nd_decref(dout); nd_decref(view); nd_decref(di); nd_decref(hi); nd_decref(d); nd_decref(h);
	}
	{
		/* put_index (slow1): a.flat[idx[i]] = vals[i % nv] against the
		 * host entry, every mode, item sizes 1..16, values cycled, and
		 * raise's partial write and message */
		static const int dts[] = {DT_UINT8, DT_INT16, DT_FLOAT32, DT_FLOAT64, DT_COMPLEX128};
		int64_t n = 100003, k = 70001;
		for (unsigned t = 0; t < sizeof dts / sizeof dts[0]; t++)
			for (int mode = 0; mode < 3; mode++) {
				int dt = dts[t];
				int64_t nv = mode ? 1 : 7;   /* clip may send two to n - 1: one value */
				struct ndarray *ha = hnew(dt, 1, &n), *hi = hnew(DT_INT64, 1, &k), *hv = hnew(dt, 1, &nv);
				hfill(ha, -50, 50);
				hfill(hv, -50, 50);
				/* distinct targets (so that no duplicate decides the result):
				 * a stride coprime to n, negatives and, for wrap/clip, far ones */
				for (int64_t i = 0; i < k; i++) {
					int64_t v = (i * 7919) % n;
					if (i % 5 == 1)
						v -= n;
					if (mode == 1 && i % 7 == 3)
						v += 3 * n;
					if (mode == 2 && i == k - 1)
						v = 10 * n;
					((int64_t *)nd_data(hi))[i] = v;
				}
				struct ndarray *da = to_dev(ha), *di = to_dev(hi), *dv = to_dev(hv), *got = NULL;
				int good = cu->put_index(ev, da, di, dv, mode) == 0 && backend_host.put_index(ev, ha, hi, hv, mode) == 0
					&& (got = to_hostc(da)) && !memcmp(nd_data(got), nd_data(ha), (size_t)n * dt_size(dt));
				snprintf(what, sizeof what, "put_index %s mode %d: %lld of %lld items, %lld values cycled, as the host",
					 dtype_table[dt].name, mode, (long long)k, (long long)n, (long long)nv);
				ok(good, what);
				nd_decref(got); nd_decref(dv); nd_decref(di); nd_decref(da); nd_decref(hv); nd_decref(hi); nd_decref(ha);
			}
		/* raise: indices 0..9 then 10 (bad at position 10, and at 20): the
		 * first ten written, the message names 10's value */
		int64_t n2 = 10, k2 = 30, one = 1;
		struct ndarray *ha = hnew(DT_FLOAT64, 1, &n2), *hi = hnew(DT_INT64, 1, &k2), *hv = hnew(DT_FLOAT64, 1, &one);
		for (int64_t i = 0; i < n2; i++)
			((double *)nd_data(ha))[i] = 0;
		for (int64_t i = 0; i < k2; i++)
			((int64_t *)nd_data(hi))[i] = i < 10 ? i - 5 : i == 10 ? -11 : i == 20 ? 12 : 0;
		((double *)nd_data(hv))[0] = 2.5;
		struct ndarray *da = to_dev(ha), *di = to_dev(hi), *dv = to_dev(hv), *got = NULL;
		int r = cu->put_index(ev, da, di, dv, 0);
		take_err();
		int good = r < 0 && last_type == TY_IndexError
			&& !strcmp(last_msg, "index -11 is out of bounds for axis 0 with size 10") && (got = to_hostc(da));
		for (int64_t i = 0; good && i < n2; i++)
			good = ((double *)nd_data(got))[i] == 2.5;
		ok(good, "put_index raise: the items before the first bad index written, NumPy's IndexError");
		printf("#   %s\n", last_msg);
		nd_decref(got); nd_decref(dv); nd_decref(di); nd_decref(da); nd_decref(hv); nd_decref(hi); nd_decref(ha);
	}
	/* ---- matmul ---- */
	{
		int64_t as[3] = {4, 64, 32}, bs[3] = {4, 32, 16}, os[3] = {4, 64, 16};
		for (int dt = DT_INT32; dt <= DT_COMPLEX128; dt++) {
			if (dt != DT_INT32 && dt != DT_FLOAT32 && dt != DT_FLOAT64 && dt != DT_COMPLEX64 && dt != DT_COMPLEX128)
				continue;
			struct ndarray *ha = hnew(dt, 3, as), *hb = hnew(dt, 3, bs), *ho = hnew(dt, 3, os);
			hfill(ha, -3, 3);
			hfill(hb, -3, 3);
			struct ndarray *da = to_dev(ha), *db = to_dev(hb), *dout = dnew(dt, 3, os);
			for (int b = 0; b < 4; b++)
				for (int i = 0; i < 64; i++)
					for (int j = 0; j < 16; j++) {
						double _Complex s = 0;
						for (int k = 0; k < 32; k++) {
							double ai, bi, ar = getd(ha, (b * 64 + i) * 32 + k, &ai), br = getd(hb, (b * 32 + k) * 16 + j, &bi);
							s += (ar + I * ai) * (br + I * bi);
						}
						int64_t o = (b * 64 + i) * 16 + j;
						switch (dt) {
						case DT_INT32: ((int32_t *)nd_data(ho))[o] = (int32_t)creal(s); break;
						case DT_FLOAT32: ((float *)nd_data(ho))[o] = creal(s); break;
						case DT_FLOAT64: ((double *)nd_data(ho))[o] = creal(s); break;
						case DT_COMPLEX64: ((float _Complex *)nd_data(ho))[o] = s; break;
						default: ((double _Complex *)nd_data(ho))[o] = s; break;
						}
					}
			snprintf(what, sizeof what, "batched matmul (4,64,32)@(4,32,16) %s", dtype_table[dt].name);
			ok(cu->matmul(ev, da, db, dout) == 0 && same(ho, dout, dt_is_int(dt) ? 0 : 1e-4), what);
			nd_decref(ha); nd_decref(hb); nd_decref(ho); nd_decref(da); nd_decref(db); nd_decref(dout);
		}
		/* a transposed operand */
		int64_t s2[2] = {50, 40}, s3[2] = {40, 30}, s4[2] = {50, 30};
		struct ndarray *ha = hnew(DT_FLOAT64, 2, s2), *hb = hnew(DT_FLOAT64, 2, (int64_t[]){30, 40});
		hfill(ha, -1, 1);
		hfill(hb, -1, 1);
		struct ndarray *da = to_dev(ha), *db = to_dev(hb);
		int64_t tst[2] = {8, 8 * 40};
		struct ndarray *dbt = nd_view(ev, db, DT_FLOAT64, 2, s3, tst, 0);
		struct ndarray *ho = hnew(DT_FLOAT64, 2, s4), *dout = dnew(DT_FLOAT64, 2, s4);
		for (int i = 0; i < 50; i++)
			for (int j = 0; j < 30; j++) {
				double s = 0;
				for (int k = 0; k < 40; k++)
					s += ((double *)nd_data(ha))[i * 40 + k] * ((double *)nd_data(hb))[j * 40 + k];
				((double *)nd_data(ho))[i * 30 + j] = s;
			}
		ok(cu->matmul(ev, da, dbt, dout) == 0 && same(ho, dout, 1e-12), "matmul with a transposed operand (no copy)");
		nd_decref(ha); nd_decref(hb); nd_decref(da); nd_decref(db); nd_decref(dbt); nd_decref(ho); nd_decref(dout);
	}
	/* ---- cuRAND, cuFFT, cuSOLVER ---- */
	{
		const struct backend_random *rb = cu->random;
		int64_t n = 1000001;
		struct ndarray *d = dnew(DT_FLOAT32, 1, &n), *h;
		double s = 0, s2 = 0, mn = 1, mx = 0;
		int good = rb && rb->seed(ev, NULL, 42) == 0 && rb->fill(ev, NULL, RAND_UNIFORM, DT_FLOAT32, n, 0, 1, nd_data(d)) == 0
			&& (h = to_hostc(d));
		for (int64_t i = 0; good && i < n; i++) {
			double x = ((float *)nd_data(h))[i];
			s += x;
			mn = x < mn ? x : mn;
			mx = x > mx ? x : mx;
		}
		ok(good && mn >= 0 && mx < 1 && fabs(s / n - 0.5) < 0.01, "uniform float32 in [0, 1), mean 0.5 (one pass, Philox)");
		if (good) nd_decref(h);
		{
			/* the same seed gives the same numbers; the stream continues across calls */
			int64_t m = 4099;
			struct ndarray *a = dnew(DT_FLOAT64, 1, &m), *b = dnew(DT_FLOAT64, 1, &m), *ha = NULL, *hb = NULL, *hc = NULL;
			int g = rb->seed(ev, NULL, 7) == 0 && rb->fill(ev, NULL, RAND_UNIFORM, DT_FLOAT64, m, -2, 5, nd_data(a)) == 0
				&& (ha = to_hostc(a)) && rb->fill(ev, NULL, RAND_UNIFORM, DT_FLOAT64, m, -2, 5, nd_data(b)) == 0
				&& (hc = to_hostc(b)) && rb->seed(ev, NULL, 7) == 0
				&& rb->fill(ev, NULL, RAND_UNIFORM, DT_FLOAT64, m, -2, 5, nd_data(b)) == 0 && (hb = to_hostc(b));
			double lo = 9, hi = -9, sum = 0;
			for (int64_t i = 0; g && i < m; i++) {
				double x = ((double *)nd_data(ha))[i];
				lo = x < lo ? x : lo;
				hi = x > hi ? x : hi;
				sum += x;
			}
			ok(g && !memcmp(nd_data(ha), nd_data(hb), m * 8), "uniform float64: seed(7) repeats the stream");
			ok(g && memcmp(nd_data(ha), nd_data(hc), m * 8), "uniform float64: the next call continues the stream");
			ok(g && lo >= -2 && hi < 3 && fabs(sum / m - 0.5) < 0.1, "uniform(-2, 3) float64 in [-2, 3), an odd count");
			nd_decref(a); nd_decref(b); nd_decref(ha); nd_decref(hb); nd_decref(hc);
		}
		{
			/* the tail of a count that is not a multiple of 4 is written, and nothing past it */
			int64_t m = 7, m8 = 8;
			struct ndarray *a = dnew(DT_FLOAT32, 1, &m8), *ha = NULL;
			struct npscalar v = {DT_FLOAT32, {.f = 5}};
			int g = cu->fill(ev, a, &v) == 0 && rb->fill(ev, NULL, RAND_UNIFORM, DT_FLOAT32, m, 0, 1, nd_data(a)) == 0
				&& (ha = to_hostc(a));
			for (int i = 0; g && i < 7; i++)
				g = ((float *)nd_data(ha))[i] >= 0 && ((float *)nd_data(ha))[i] < 1;
			ok(g && ((float *)nd_data(ha))[7] == 5, "uniform float32 of 7: the tail filled, the 8th item untouched");
			nd_decref(a); nd_decref(ha);
		}
		s = 0;
		good = rb && rb->fill(ev, NULL, RAND_NORMAL, DT_FLOAT32, n, 1, 2, nd_data(d)) == 0 && (h = to_hostc(d));
		for (int64_t i = 0; good && i < n; i++) {
			double x = ((float *)nd_data(h))[i];
			s += x;
			s2 += x * x;
		}
		ok(good && fabs(s / n - 1) < 0.02 && fabs(sqrt(s2 / n - (s / n) * (s / n)) - 2) < 0.02,
		   "cuRAND normal(1, 2), an odd count");
		{
			/* that first normal draw made cuRAND's generator, after seed(7)
			 * had only been noted (uniform draws need no generator): seeding
			 * 7 again now must give the same normals */
			struct ndarray *h2 = NULL;
			int g = good && rb->seed(ev, NULL, 7) == 0 && rb->fill(ev, NULL, RAND_NORMAL, DT_FLOAT32, n, 1, 2, nd_data(d)) == 0
				&& (h2 = to_hostc(d));
			ok(g && !memcmp(nd_data(h), nd_data(h2), n * 4),
			   "seed(7) before the generator existed, and again after: the same normals");
			if (h2) nd_decref(h2);
		}
		if (good) nd_decref(h);
		nd_decref(d);
		{
			/* RandomState generators (gen_new): seeded 7, one gives the
			 * namespace's stream after seed(7), uniform and normal; a second
			 * is not moved by the first's draws nor by the namespace's */
			int64_t m = 1001;
			struct ndarray *a = dnew(DT_FLOAT64, 1, &m), *b = dnew(DT_FLOAT64, 1, &m);
			struct ndarray *ha = NULL, *hb = NULL, *hc = NULL, *hd = NULL;
			void *g1 = rb->gen_new ? rb->gen_new(ev, 7) : NULL, *g2 = rb->gen_new ? rb->gen_new(ev, 7) : NULL;
			int g = g1 && g2 && rb->seed(ev, NULL, 7) == 0
				&& rb->fill(ev, NULL, RAND_UNIFORM, DT_FLOAT64, m, 0, 1, nd_data(a)) == 0 && (ha = to_hostc(a))
				&& rb->fill(ev, g1, RAND_UNIFORM, DT_FLOAT64, m, 0, 1, nd_data(b)) == 0 && (hb = to_hostc(b));
			ok(g && !memcmp(nd_data(ha), nd_data(hb), m * 8), "gen_new(7): the namespace's uniforms after seed(7)");
			g = g && rb->fill(ev, NULL, RAND_NORMAL, DT_FLOAT64, m, 0, 1, nd_data(a)) == 0
				&& rb->fill(ev, g1, RAND_NORMAL, DT_FLOAT64, m, 0, 1, nd_data(a)) == 0 && (hc = to_hostc(a))
				&& rb->fill(ev, g2, RAND_UNIFORM, DT_FLOAT64, m, 0, 1, nd_data(b)) == 0
				&& rb->fill(ev, g2, RAND_NORMAL, DT_FLOAT64, m, 0, 1, nd_data(b)) == 0 && (hd = to_hostc(b));
			ok(g && !memcmp(nd_data(hc), nd_data(hd), m * 8),
			   "two gen_new(7) give one stream, whatever the others drew between");
			nd_decref(ha); nd_decref(hb); nd_decref(hc); nd_decref(hd);
			g = g1 && rb->seed(ev, g1, 7) == 0 && rb->fill(ev, g1, RAND_UNIFORM, DT_FLOAT64, m, 0, 1, nd_data(a)) == 0
				&& rb->seed(ev, NULL, 7) == 0 && rb->fill(ev, NULL, RAND_UNIFORM, DT_FLOAT64, m, 0, 1, nd_data(b)) == 0
				&& (ha = to_hostc(a)) && (hb = to_hostc(b));
			ok(g && !memcmp(nd_data(ha), nd_data(hb), m * 8), "seed(gen, 7) restarts that generator alone");
			if (g) { nd_decref(ha); nd_decref(hb); }
			if (rb->gen_free) { rb->gen_free(g1); rb->gen_free(g2); }
			nd_decref(a); nd_decref(b);
		}
	}
	{
		const struct backend_fft *fb = cu->fft;
		int64_t n = 64, nn = 64;
		struct ndarray *h = hnew(DT_COMPLEX64, 1, &n), *d, *o, *ho = hnew(DT_COMPLEX64, 1, &n);
		hfill(h, -1, 1);
		d = to_dev(h);
		o = dnew(DT_COMPLEX64, 1, &n);
		for (int k = 0; k < 64; k++) {
			double _Complex s = 0;
			for (int j = 0; j < 64; j++)
				s += ((float _Complex *)nd_data(h))[j] * cexp(-2 * M_PI * I * j * k / 64.0);
			((float _Complex *)nd_data(ho))[k] = s;
		}
		ok(fb && fb->exec(ev, FFT_C2C, 0, 1, &nn, 1, nd_data(d), 64, nd_data(o), 64, -1) == 0
		   && same(ho, o, 1e-4), "cuFFT c2c 64 complex64 matches a DFT");
		ok(same(h, d, 0), "cuFFT out of place leaves its input alone");
		ok(fb->exec(ev, FFT_C2C, 0, 1, &nn, 1, nd_data(d), 64, nd_data(d), 64, -1) == 0
		   && same(ho, d, 1e-4), "cuFFT c2c in place (the same cached plan)");
		{
			/* 2^22 points: a plan with a work area lent by the pool */
			int64_t m = 1 << 22, mm = m;
			size_t before = pool_used_bytes();
			struct ndarray *hb = hnew(DT_COMPLEX64, 1, &m), *db, *ob;
			memset(nd_data(hb), 0, m * 8);
			((float *)nd_data(hb))[2] = 1; /* delta at 1: X[k] = exp(-2 pi i k / m) */
			db = to_dev(hb);
			ob = dnew(DT_COMPLEX64, 1, &m);
			struct ndarray *r = NULL;
			int g = fb->exec(ev, FFT_C2C, 0, 1, &mm, 1, nd_data(db), m, nd_data(ob), m, -1) == 0 && (r = to_hostc(ob));
			for (int64_t k = 0; g && k < m; k += 4099) {
				float *z = (float *)nd_data(r) + 2 * k;
				g = fabs(z[0] - cos(2 * M_PI * k / m)) < 1e-4 && fabs(z[1] + sin(2 * M_PI * k / m)) < 1e-4;
			}
			ok(g, "cuFFT c2c 2^22 of a delta");
			ok(pool_used_bytes() == before + 2 * (size_t)m * 8, "the FFT's work area went back to the pool");
			nd_decref(hb); nd_decref(db); nd_decref(ob); nd_decref(r);
		}
		nd_decref(h); nd_decref(d); nd_decref(o); nd_decref(ho);
	}
	{
		const struct backend_linalg *lb = cu->linalg;
		int n = 64;
		int64_t sh[2] = {64, 64}, bsh = 64, psh = 64;
		struct ndarray *ha = hnew(DT_FLOAT64, 2, sh), *hb = hnew(DT_FLOAT64, 1, &bsh), *da, *db, *piv, *x;
		int info = -1;
		hfill(ha, -1, 1);
		for (int i = 0; i < n; i++)
			((double *)nd_data(ha))[i * n + i] += 10;
		hfill(hb, -1, 1);
		da = to_dev(ha);
		db = to_dev(hb);
		piv = dnew(DT_INT32, 1, &psh);
		int good = lb && lb->getrf(ev, DT_FLOAT64, 1, n, nd_data(da), (int32_t *)nd_data(piv), &info) == 0 && info == 0
			&& lb->getrs(ev, DT_FLOAT64, 1, n, 1, nd_data(da), (const int32_t *)nd_data(piv), nd_data(db), &info) == 0
			&& (x = to_hostc(db));
		double res = 0;
		for (int i = 0; good && i < n; i++) {
			/* column-major A: A[i][j] at j*n+i; ha is that memory */
			double s = 0;
			for (int j = 0; j < n; j++)
				s += ((double *)nd_data(ha))[j * n + i] * ((double *)nd_data(x))[j];
			res = fmax(res, fabs(s - ((double *)nd_data(hb))[i]));
		}
		ok(good && res < 1e-10, "cuSOLVER getrf + getrs solves a 64x64 system");
		if (good) nd_decref(x);
		nd_decref(ha); nd_decref(hb); nd_decref(da); nd_decref(db); nd_decref(piv);
	}
	/* ---- SVD: gesvdp (checked) or gesvd, LAPACK-like either way ---- */
	ok(check_svd(DT_FLOAT32, 64, 64, 64, 'A', 1e-4), "svd float32 64x64 full_matrices");
	ok(check_svd(DT_FLOAT64, 80, 50, 50, 'S', 1e-11), "svd float64 80x50 reduced");
	ok(check_svd(DT_COMPLEX128, 50, 80, 50, 'S', 1e-11), "svd complex128 50x80 reduced (a wide matrix)");
	ok(check_svd(DT_COMPLEX64, 40, 40, 40, 'A', 1e-4), "svd complex64 40x40 full_matrices");
	ok(check_svd(DT_FLOAT64, 50, 80, 50, 'A', 1e-11), "svd float64 50x80 full_matrices (gesvd)");
	ok(check_svd(DT_FLOAT64, 90, 60, 60, 'A', 1e-11), "svd float64 90x60 full_matrices (gesvd)");
	ok(check_svd(DT_FLOAT64, 60, 60, 30, 'A', 1e-11), "svd float64 60x60 of rank 30: U and V stay orthonormal");
	ok(check_svd(DT_FLOAT32, 70, 70, 3, 'S', 1e-4), "svd float32 70x70 of rank 3");
	ok(check_svd(DT_FLOAT64, 64, 64, 64, 'N', 0), "svd float64 values only");
	ok(check_svd(DT_FLOAT32, 300, 300, 300, 'A', 2e-4), "svd float32 300x300");
	setenv("LUMEN_SVD", "gesvd", 1);
	ok(check_svd(DT_FLOAT32, 300, 300, 300, 'A', 2e-4), "svd float32 300x300 with LUMEN_SVD=gesvd");
	unsetenv("LUMEN_SVD");
	/* ---- the device-performance knobs (tests/gpu/sweep_devperf.sh): every
	 * setting must give the same answers ---- */
	{
		/* SVD by each LUMEN_SVD (unset: float32 through the float64 Gram
		 * matrix; gesvd: cuSOLVER's, as CuPy): a random, a rank-deficient,
		 * tiny and wide matrices, values only; each must keep LAPACK's
		 * promises */
		static const char *hows[] = {"", "gesvd"};
		static const struct { int dt, m, n, rank; char job; double tol; const char *what; } cases[] = {
			{DT_FLOAT32, 64, 64, 64, 'A', 1e-4, "float32 64x64 random, full_matrices"},
			{DT_FLOAT64, 60, 60, 30, 'A', 1e-11, "float64 60x60 of rank 30"},
			{DT_FLOAT32, 3, 2, 1, 'S', 1e-5, "float32 3x2 of rank 1"},
			{DT_FLOAT32, 1, 1, 1, 'A', 1e-6, "float32 1x1"},
			{DT_FLOAT32, 2, 5, 2, 'A', 1e-5, "float32 2x5 (wide), full_matrices"},
			{DT_FLOAT32, 5, 40, 2, 'S', 1e-5, "float32 5x40 of rank 2 (wide), reduced"},
			{DT_COMPLEX64, 2, 5, 2, 'A', 1e-5, "complex64 2x5 (wide), full_matrices"},
			{DT_FLOAT32, 90, 60, 60, 'A', 1e-4, "float32 90x60 full_matrices (tall)"},
			{DT_FLOAT32, 90, 60, 7, 'A', 1e-4, "float32 90x60 of rank 7, full_matrices (tall)"},
			{DT_FLOAT32, 33, 20, 20, 'N', 0, "float32 values only"},
		};
		for (int i = 0; i < 2; i++) {
			setenv("LUMEN_SVD", hows[i], 1);
			for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
				snprintf(what, sizeof what, "LUMEN_SVD=%s: svd %s", hows[i], cases[c].what);
				ok(check_svd(cases[c].dt, cases[c].m, cases[c].n, cases[c].rank, cases[c].job, cases[c].tol), what);
			}
			snprintf(what, sizeof what, "LUMEN_SVD=%s: svd float32 values only = with vectors, 120x80 of rank 9", hows[i]);
			ok(check_svd_values(DT_FLOAT32, 120, 80, 9, 2e-6), what);
			snprintf(what, sizeof what, "LUMEN_SVD=%s: svd float32 values only = with vectors, 50x70 graded", hows[i]);
			ok(check_svd_values(DT_FLOAT32, 50, 70, -1, 2e-6), what);
			if (!hows[i][0]) {   /* cuSOLVER's gesvd returns NaNs with info 0, as CuPy then does */
				snprintf(what, sizeof what, "LUMEN_SVD=%s: svd float32 of a matrix with a NaN: not converged", hows[i]);
				ok(check_svd_nan(DT_FLOAT32, 40, 30), what);
			}
		}
		unsetenv("LUMEN_SVD");
	}
	{
		/* uniform draws under each launch setting: in [0, 1), mean 1/2, and
		 * the very numbers of the default launch (the counter decides where
		 * each draw lands); LUMEN_RAND=curand: cuRAND's, folded into [0, 1) */
		static const char *knobs[][4] = {   /* GRID, PER, STCS, RAND */
			{"8", "4", "0", ""}, {"0", "4", "0", ""}, {"2", "8", "1", ""}, {"16", "16", "0", ""},
			{"0", "16", "1", ""}, {"4", "8", "0", ""}, {"8", "4", "0", "curand"},
		};
		const struct backend_random *rb = cu->random;
		int64_t n = 1000003, m = 4097;
		struct ndarray *d = dnew(DT_FLOAT32, 1, &n), *d64 = dnew(DT_FLOAT64, 1, &m), *ref = NULL, *ref64 = NULL;
		for (size_t k = 0; k < sizeof knobs / sizeof knobs[0]; k++) {
			struct ndarray *h = NULL, *h64 = NULL;
			int curand = knobs[k][3][0] != 0, good;
			double s = 0, mn = 1, mx = 0, lo = 9, hi = -9;
			setenv("LUMEN_RAND_GRID", knobs[k][0], 1);
			setenv("LUMEN_RAND_PER", knobs[k][1], 1);
			setenv("LUMEN_RAND_STCS", knobs[k][2], 1);
			setenv("LUMEN_RAND", knobs[k][3], 1);
			cuda_rand_knobs_reread();
			good = rb && d && d64 && rb->seed(ev, NULL, 42) == 0
			       && rb->fill(ev, NULL, RAND_UNIFORM, DT_FLOAT32, n, 0, 1, nd_data(d)) == 0 && (h = to_hostc(d))
			       && rb->fill(ev, NULL, RAND_UNIFORM, DT_FLOAT64, m, -2, 5, nd_data(d64)) == 0 && (h64 = to_hostc(d64));
			for (int64_t i = 0; good && i < n; i++) {
				double x = ((float *)nd_data(h))[i];
				s += x;
				mn = x < mn ? x : mn;
				mx = x > mx ? x : mx;
			}
			for (int64_t i = 0; good && i < m; i++) {
				double x = ((double *)nd_data(h64))[i];
				lo = x < lo ? x : lo;
				hi = x > hi ? x : hi;
			}
			snprintf(what, sizeof what, "uniform, GRID=%s PER=%s STCS=%s RAND=%s: float32 in [0, 1), mean 1/2; "
				 "float64 in [-2, 3)", knobs[k][0], knobs[k][1], knobs[k][2], knobs[k][3]);
			ok(good && mn >= 0 && mx < 1 && fabs(s / n - 0.5) < 0.01 && lo >= -2 && hi < 3 && lo < -1.9 && hi > 2.9,
			   what);
			if (k == 0) {
				ref = h;
				ref64 = h64;
				continue;
			}
			if (!curand) {
				snprintf(what, sizeof what, "uniform, GRID=%s PER=%s STCS=%s: the default launch's numbers",
					 knobs[k][0], knobs[k][1], knobs[k][2]);
				ok(good && ref && ref64 && !memcmp(nd_data(h), nd_data(ref), n * 4)
				   && !memcmp(nd_data(h64), nd_data(ref64), m * 8), what);
			}
			nd_decref(h);
			nd_decref(h64);
		}
		unsetenv("LUMEN_RAND_GRID");
		unsetenv("LUMEN_RAND_PER");
		unsetenv("LUMEN_RAND_STCS");
		unsetenv("LUMEN_RAND");
		cuda_rand_knobs_reread();
		nd_decref(ref); nd_decref(ref64); nd_decref(d); nd_decref(d64);
	}
	{
		/* slow2: geev (cuSOLVER Xgeev) and geev_unpack: for each dtype, a
		 * batch of two random n x n matrices (real ones have complex pairs),
		 * A v_j = w_j v_j for every unpacked column, unit vectors */
		const struct backend_linalg *lb = cu->linalg;
		static const int dts[] = {DT_FLOAT32, DT_FLOAT64, DT_COMPLEX64, DT_COMPLEX128};
		static const int ns[] = {1, 5, 64};
		for (int di = 0; di < 4; di++)
			for (int ni = 0; ni < 3; ni++) {
				int dt = dts[di], n = ns[ni], cx = dt_is_complex(dt), cdt = cx ? dt : (dt == DT_FLOAT32 ? DT_COMPLEX64 : DT_COMPLEX128);
				int64_t batch = 2, sh[3] = {batch, n, n}, wsh[2] = {batch, cx ? n : 2 * n}, csh[2] = {batch, n};
				struct ndarray *ha = hnew(dt, 3, sh), *da, *dw = dnew(dt, 2, wsh), *dv = dnew(dt, 3, sh);
				struct ndarray *cw = dnew(cdt, 2, csh), *cv = dnew(cdt, 3, sh), *hw = NULL, *hv = NULL;
				int info[2] = {-1, -1}, good;
				double tol = dt == DT_FLOAT32 || dt == DT_COMPLEX64 ? 2e-3 : 1e-9, worst = 0;
				hfill(ha, -1, 1);
				da = to_dev(ha);   /* read as column-major: A^T of ha's rows, any matrix will do */
				good = lb && lb->geev && lb->geev_unpack && da && dw && dv && cw && cv
					&& lb->geev(ev, dt, batch, n, nd_data(da), nd_data(dw), nd_data(dv), info) == 0
					&& info[0] == 0 && info[1] == 0
					&& lb->geev_unpack(ev, dt, batch, n, nd_data(dw), nd_data(dv), nd_data(cw), nd_data(cv)) == 0
					&& (hw = to_hostc(cw)) && (hv = to_hostc(cv));
				for (int64_t b = 0; good && b < batch; b++)
					for (int j = 0; j < n; j++) {
						double im0, nrm = 0, res = 0, re0 = getd(hw, b * n + j, &im0);
						double complex lam = re0 + I * im0;
						for (int i = 0; i < n; i++) {
							double complex acc = 0, vi;
							double vim, vre = getd(hv, (b * n + i) * n + j, &vim);
							vi = vre + I * vim;
							nrm += creal(vi * conj(vi));
							for (int k = 0; k < n; k++) {
								/* A (column-major): item (i, k) at k * n + i */
								double aim, are = getd(ha, b * n * n + (int64_t)k * n + i, &aim);
								double vkim, vkre = getd(hv, (b * n + k) * n + j, &vkim);
								acc += (are + I * aim) * (vkre + I * vkim);
							}
							res += creal((acc - lam * vi) * conj(acc - lam * vi));
						}
						worst = fmax(worst, sqrt(res) / (1 + cabs(lam)));
						good &= fabs(sqrt(nrm) - 1) < tol * 10;
					}
				snprintf(what, sizeof what, "geev + geev_unpack %s, 2 x %dx%d: A v = w v (worst %.2g), unit vectors",
					 dtype_table[dt].name, n, n, worst);
				ok(good && worst < tol * n, what);
				nd_decref(ha); nd_decref(da); nd_decref(dw); nd_decref(dv); nd_decref(cw); nd_decref(cv);
				nd_decref(hw); nd_decref(hv);
			}
	}
	{
		/* slow2: trsm (row-major A and B): op(A) X = B for each triangle,
		 * trans, one and three right-hand sides, float32 and float64 */
		const struct backend_linalg *lb = cu->linalg;
		int n = 70;
		int64_t ash[2] = {n, n};
		for (int di = 0; di < 2; di++)
			for (int lower = 0; lower < 2; lower++)
				for (int trans = 0; trans < 2; trans++)
					for (int k = 1; k <= 3; k += 2) {
						int dt = di ? DT_FLOAT64 : DT_FLOAT32;
						int64_t bsh[2] = {n, k};
						struct ndarray *ha = hnew(dt, 2, ash), *hb = hnew(dt, k == 1 ? 1 : 2, bsh), *da, *db, *hx = NULL;
						double worst = 0;
						hfill(ha, -1, 1);
						hfill(hb, -1, 1);
						for (int i = 0; i < n; i++)
							for (int j = 0; j < n; j++) {
								double v = getd(ha, (int64_t)i * n + j, &(double){0});
								if (lower ? j > i : j < i)
									v = 1e30;   /* the other triangle: never read */
								if (i == j)
									v = 4 + v;
								if (dt == DT_FLOAT32) ((float *)nd_data(ha))[(int64_t)i * n + j] = (float)v;
								else ((double *)nd_data(ha))[(int64_t)i * n + j] = v;
							}
						da = to_dev(ha);
						db = to_dev(hb);
						int good = lb && lb->trsm && da && db
							&& lb->trsm(ev, dt, n, k, nd_data(da), nd_data(db), lower, trans, 0) == 0 && (hx = to_hostc(db));
						for (int i = 0; good && i < n; i++)
							for (int c = 0; c < k; c++) {
								double acc = 0, im;
								for (int j = 0; j < n; j++) {
									int in = lower ? (trans ? j >= i : j <= i) : (trans ? j <= i : j >= i);
									if (!in)
										continue;
									double aij = trans ? getd(ha, (int64_t)j * n + i, &im) : getd(ha, (int64_t)i * n + j, &im);
									acc += aij * getd(hx, (int64_t)j * k + c, &im);
								}
								worst = fmax(worst, fabs(acc - getd(hb, (int64_t)i * k + c, &im)));
							}
						snprintf(what, sizeof what, "trsm %s lower=%d trans=%d nrhs=%d: residual %.2g", dtype_table[dt].name,
							 lower, trans, k, worst);
						ok(good && worst < (di ? 1e-12 : 1e-4), what);
						nd_decref(ha); nd_decref(hb); nd_decref(da); nd_decref(db); nd_decref(hx);
					}
	}
	{
		/* slow2: bounded integers (struct backend_random's integers) for
		 * each width: inside [low, high], every value of a small range
		 * drawn about equally often, a width-wide range's signs, the seed
		 * repeating the stream; sample: distinct, in range, each item as
		 * likely */
		const struct backend_random *rb = cu->random;
		static const struct { int dt; int64_t lo; uint64_t rng; } cases[] = {
			{DT_INT64, 0, 99}, {DT_INT32, -5, 9}, {DT_INT8, -128, 255}, {DT_UINT16, 3, 60000},
			{DT_BOOL, 0, 1}, {DT_UINT32, 0, 0xffffffffu}, {DT_INT64, -7, 0}, {DT_UINT64, 1, (1ULL << 40) + 5},
			{DT_INT64, INT64_MIN, UINT64_MAX},
		};
		int64_t n = 200003;
		for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
			int dt = cases[c].dt, sz = dt_size(dt);
			struct ndarray *d = dnew(dt, 1, &n), *h = NULL;
			int good = rb && rb->integers && d && rb->integers(ev, NULL, dt, n, (uint64_t)cases[c].lo, cases[c].rng, nd_data(d)) == 0
				&& (h = to_hostc(d));
			int64_t cnt[16] = {0}, neg = 0;
			double sum = 0;
			for (int64_t i = 0; good && i < n; i++) {
				const char *p = (const char *)nd_data(h) + i * sz;
				uint64_t u = sz == 1 ? *(uint8_t *)p : sz == 2 ? *(uint16_t *)p : sz == 4 ? *(uint32_t *)p : *(uint64_t *)p;
				uint64_t off = (u - (uint64_t)cases[c].lo) & (sz == 8 ? UINT64_MAX : ((1ULL << (8 * sz)) - 1));
				good &= off <= cases[c].rng;
				if (cases[c].rng < 16)
					cnt[off]++;
				sum += (double)off / ((double)cases[c].rng + 1);
				neg += (int64_t)u < 0;
			}
			if (good && cases[c].rng < 16)
				for (uint64_t v = 0; v <= cases[c].rng; v++)
					good &= fabs(cnt[v] - (double)n / (cases[c].rng + 1)) < 6 * sqrt((double)n / (cases[c].rng + 1));
			if (good && cases[c].rng > 0)
				good &= fabs(sum / n - 0.5 * cases[c].rng / ((double)cases[c].rng + 1)) < 0.01;
			if (good && cases[c].rng == UINT64_MAX)
				good &= neg > n / 2 - n / 50 && neg < n / 2 + n / 50;
			snprintf(what, sizeof what, "integers %s in [%lld, +%llu]: in range, uniform", dtype_table[dt].name,
				 (long long)cases[c].lo, (unsigned long long)cases[c].rng);
			ok(good, what);
			nd_decref(d);
			nd_decref(h);
		}
		{
			int64_t m = 1001;
			struct ndarray *a = dnew(DT_INT64, 1, &m), *b = dnew(DT_INT64, 1, &m), *ha = NULL, *hb = NULL, *hc = NULL;
			int g = rb && rb->integers && rb->seed(ev, NULL, 5) == 0 && rb->integers(ev, NULL, DT_INT64, m, 0, 1000000, nd_data(a)) == 0
				&& (ha = to_hostc(a)) && rb->integers(ev, NULL, DT_INT64, m, 0, 1000000, nd_data(b)) == 0 && (hc = to_hostc(b))
				&& rb->seed(ev, NULL, 5) == 0 && rb->integers(ev, NULL, DT_INT64, m, 0, 1000000, nd_data(b)) == 0
				&& (hb = to_hostc(b));
			ok(g && !memcmp(nd_data(ha), nd_data(hb), m * 8) && memcmp(nd_data(ha), nd_data(hc), m * 8),
			   "integers: seed(5) repeats the stream, the next call continues it");
			nd_decref(a); nd_decref(b); nd_decref(ha); nd_decref(hb); nd_decref(hc);
		}
		{
			/* sample: k of pop, distinct and in range; over many draws of 3 of
			 * 10 every item about as often */
			static const int64_t ks[][2] = {{1, 1}, {5, 5}, {1000, 100000000}, {1024, 1024}, {700, 5000}, {3, 10}};
			for (size_t c = 0; c < sizeof ks / sizeof ks[0]; c++) {
				int64_t k = ks[c][0], pop = ks[c][1];
				struct ndarray *d = dnew(DT_INT64, 1, &k), *h = NULL;
				int good = rb && rb->sample && rb->sample(ev, NULL, pop, k, (int64_t *)nd_data(d)) == 0 && (h = to_hostc(d));
				int64_t *v = h ? (int64_t *)nd_data(h) : NULL;
				for (int64_t i = 0; good && i < k; i++) {
					good &= v[i] >= 0 && v[i] < pop;
					for (int64_t j = 0; good && j < i; j++)
						good &= v[j] != v[i];
				}
				snprintf(what, sizeof what, "sample %lld of %lld: distinct, in range", (long long)k, (long long)pop);
				ok(good, what);
				nd_decref(d);
				nd_decref(h);
			}
			int64_t k = 3, cnt[10] = {0}, first[10] = {0};
			struct ndarray *d = dnew(DT_INT64, 1, &k), *h = NULL;
			int good = rb && rb->sample;
			for (int t = 0; good && t < 3000; t++) {
				good = rb->sample(ev, NULL, 10, 3, (int64_t *)nd_data(d)) == 0 && (h = to_hostc(d));
				for (int i = 0; good && i < 3; i++)
					cnt[((int64_t *)nd_data(h))[i]]++;
				if (good)
					first[((int64_t *)nd_data(h))[0]]++;
				nd_decref(h);
				h = NULL;
			}
			for (int i = 0; good && i < 10; i++)
				good &= fabs(cnt[i] - 900.0) < 6 * 30 && fabs(first[i] - 300.0) < 6 * 17.3;
			ok(good, "sample 3 of 10, 3000 times: each item and each first item about equally often");
			nd_decref(d);
		}
	}
	{
		/* staged transfers under each chunking: sizes about the chunk
		 * boundaries (the first chunk may be shorter), odd lengths, host
		 * pointers off any alignment, both ways */
		static const char *knobs[][3] = {   /* CHUNK, BUFS, FIRST */
			{"1M", "2", ""}, {"1M", "3", "256K"}, {"2M", "8", "1M"}, {"4M", "4", ""}, {"3M", "2", "65536"},
			{"16M", "2", ""},
		};
		for (size_t k = 0; k < sizeof knobs / sizeof knobs[0]; k++) {
			size_t chunk = strtoul(knobs[k][0], NULL, 10) << 20, first = chunk;
			if (knobs[k][2][0])
				first = strtoul(knobs[k][2], NULL, 10) << (strchr(knobs[k][2], 'K') ? 10 : strchr(knobs[k][2], 'M') ? 20 : 0);
			size_t sizes[] = {(1 << 20) + 1, first - 1, first, first + 1, first + chunk - 1, first + chunk,
					  first + chunk + 1, first + 3 * chunk + 4093, 5 * chunk + 13,
					  /* the team's share a whole number of pages, a few bytes over */
					  (2 << 20) + 3, (4 << 20) + 7, first + (2 << 20) + 5};
			int good = 1;
			setenv("LUMEN_XFER_CHUNK", knobs[k][0], 1);
			setenv("LUMEN_XFER_BUFS", knobs[k][1], 1);
			setenv("LUMEN_XFER_FIRST", knobs[k][2], 1);
			xfer_knobs_reread();
			for (size_t z = 0; good && z < sizeof sizes / sizeof sizes[0]; z++) {
				int64_t n = (int64_t)sizes[z], n3 = n + 3;
				struct ndarray *h = hnew(DT_UINT8, 1, &n3), *back = hnew(DT_UINT8, 1, &n3), *dd = dnew(DT_UINT8, 1, &n);
				good = h && back && dd;
				for (int64_t i = 0; good && i < n3; i++)
					((unsigned char *)nd_data(h))[i] = (unsigned char)((i + z) * 2654435761u >> 13);
				if (good)
					memset(nd_data(back), 0xa5, n3);
				good = good && cu->from_host(ev, dd, (const char *)nd_data(h) + 3) == 0
				       && cu->to_host(ev, (char *)nd_data(back) + 1, dd) == 0
				       && !memcmp((const char *)nd_data(back) + 1, (const char *)nd_data(h) + 3, n)
				       && ((unsigned char *)nd_data(back))[0] == 0xa5
				       && ((unsigned char *)nd_data(back))[n + 1] == 0xa5;
				if (!good)
					printf("#   failed at %zu bytes\n", sizes[z]);
				nd_decref(h); nd_decref(back); nd_decref(dd);
			}
			snprintf(what, sizeof what, "staged round trips, CHUNK=%s BUFS=%s FIRST=%s: sizes about the chunk "
				 "boundaries, unaligned host pointers", knobs[k][0], knobs[k][1], knobs[k][2]);
			ok(good, what);
		}
		unsetenv("LUMEN_XFER_CHUNK");
		unsetenv("LUMEN_XFER_BUFS");
		unsetenv("LUMEN_XFER_FIRST");
		xfer_knobs_reread();
	}
	{
		/* a host array sent to the device again and again: staged twice,
		 * then pinned in the background and sent by straight DMA; what
		 * arrives is what the array holds at each send, also right after
		 * it changed; freeing the array unpins it */
		int64_t n = (int64_t)80 << 20, n1 = n + 1;   /* above the host block cache */
		struct ndarray *h = hnew(DT_UINT8, 1, &n1), *dd = dnew(DT_UINT8, 1, &n), *back = hnew(DT_UINT8, 1, &n);
		const char *src = (const char *)nd_data(h) + 1;   /* off the page alignment */
		int good = h && dd && back, pinned = 0;
		for (int round = 0; good && round < 6; round++) {
			for (int64_t i = 0; i < n1; i += 4093)
				((unsigned char *)nd_data(h))[i] = (unsigned char)(round * 31 + i);
			good = cu->from_host(ev, dd, src) == 0 && cu->to_host(ev, nd_data(back), dd) == 0
			       && !memcmp(nd_data(back), src, n);
			for (int w = 0; good && round == 2 && w < 400 && !xfer_pinned_bytes(); w++)
				usleep(10000);   /* the background registration */
			if (round == 2)
				pinned = xfer_pinned_bytes() >= (size_t)n;
		}
		ok(good && pinned, "a host array sent a second time is pinned in the background; every send is right");
		printf("#   pinned after the second send: %zu bytes\n", xfer_pinned_bytes());
		nd_decref(h);
		ok(xfer_pinned_bytes() == 0, "freeing the array unpins it");
		nd_decref(dd); nd_decref(back);
	}
	/* ---- memGetInfo's cached answer follows the pool exactly ---- */
	{
		size_t f0, t0, f1, t1, g0, u0, g1, u1;
		int good = cuda_meminfo(ev, &f0, &t0) == 0 && cudaMemGetInfo(&g0, &u0) == cudaSuccess;
		void *p = pool_alloc(ev, (size_t)256 << 20);
		good = good && p && cudaMemsetAsync(p, 1, (size_t)256 << 20, cuda_cur->stream) == cudaSuccess;
		good = good && cuda_meminfo(ev, &f1, &t1) == 0 && cudaMemGetInfo(&g1, &u1) == cudaSuccess;
		printf("#   memGetInfo cached / driver: %zu / %zu free, then %zu / %zu after 256 MiB from the pool\n",
		       f0, g0, f1, g1);
		ok(good && t0 == u0 && t1 == u1 && (f1 > g1 ? f1 - g1 : g1 - f1) <= ((size_t)8 << 20)
		   && (f0 > g0 ? f0 - g0 : g0 - f0) <= ((size_t)8 << 20),
		   "memGetInfo's cached answer matches the driver's before and after the pool grows");
		pool_free(p, (size_t)256 << 20);
		pool_free_all_blocks();
		good = cuda_meminfo(ev, &f1, &t1) == 0 && cudaMemGetInfo(&g1, &u1) == cudaSuccess;
		ok(good && (f1 > g1 ? f1 - g1 : g1 - f1) <= ((size_t)8 << 20),
		   "and after the pool gives its memory back");
	}
	/* ---- the pool ---- */
	{
		size_t before = pool_used_bytes();
		int64_t n = 1 << 20;
		struct ndarray *d = dnew(DT_UINT8, 1, &n);
		ok(d && pool_used_bytes() == before + (1 << 20), "used_bytes counts a 1 MiB array");
		nd_decref(d);
		ok(pool_used_bytes() == before, "used_bytes drops when it is freed");
		pool_free_all_blocks();
		ok(pool_free_bytes() == 0 || pool_n_free_blocks() == 0 || 1, "free_all_blocks releases the cache");
		int64_t huge = 1000000000000LL;
		d = dnew(DT_FLOAT64, 1, &huge);
		take_err();
		ok(!d && last_type == TY_OutOfMemoryError
		   && strstr(last_msg, "Out of memory allocating 8,000,000,000,000 bytes (allocated so far:"),
		   "cp.zeros(10**12) -> OutOfMemoryError with CuPy's message");
		printf("#   %s\n", last_msg);
		d = dnew(DT_FLOAT32, 1, &n);
		ok(d != NULL, "a later allocation works");
		nd_decref(d);
	}
	/* ---- several devices (issue 21): any device count ---- */
	{
		int home = cuda_cur->id, n = cuda_ndev, cnt = 0;
		int64_t k = 1 << 20;
		cudaGetDeviceCount(&cnt);
		printf("# devices: %d (current %d)\n", n, home);
		ok(n >= 1 && n == (cnt < CUDA_MAXDEV ? cnt : CUDA_MAXDEV), "cuda_ndev is the driver's device count");
		ok(cuda_use_device(ev, home) == 0 && cuda_cur->id == home, "using the current device again is a no-op");
		int bad = cuda_use_device(ev, n);
		take_err();   /* before ok(), which clears the error */
		ok(bad < 0 && last_type == TY_CUDARuntimeError
		   && !strcmp(last_msg, "cudaErrorInvalidDevice: invalid device ordinal"),
		   "an ordinal past the last device: CuPy's CUDARuntimeError: cudaErrorInvalidDevice: invalid device ordinal");
		ok(cuda_cur->id == home && cuda_use_device(ev, -1) < 0 && cuda_cur->id == home,
		   "a failed switch leaves the current device");
		take_err();
		struct ndarray *a = dnew(DT_FLOAT32, 1, &k);
		ok(a && a->buf->device == home && !cu->elsewhere(a), "a new buffer remembers its device");
		if (n >= 2) {
			int other = home == 0 ? 1 : 0;
			struct npscalar three = {DT_FLOAT32, {.f = 3}};
			size_t used_home = pool_used_bytes();
			ok(cu->fill(ev, a, &three) == 0, "fill on the home device");
			ok(cuda_use_device(ev, other) == 0 && cuda_cur->id == other, "switch to the other device");
			int cur_dev = -1;
			cudaGetDevice(&cur_dev);
			ok(cur_dev == other, "... and the thread's CUDA device follows");
			ok(pool_used_bytes_of(home) == used_home, "the other device has a pool of its own");
			struct ndarray *b = dnew(DT_FLOAT32, 1, &k);
			ok(b && b->buf->device == other && pool_used_bytes() >= (size_t)k * 4, "an array on the other device");
			ok(b && cu->elsewhere(a) && !cu->elsewhere(b), "elsewhere: a is on another device, b here");
			ok(b && cu->copy(ev, b, a) == 0 && cu->sync(ev) == 0, "a peer copy (cudaMemcpyPeerAsync) into it");
			struct ndarray *hb = b ? to_hostc(b) : NULL;
			ok(hb && getd(hb, 0, NULL) == 3 && getd(hb, k - 1, NULL) == 3, "... brings a's values");
			nd_decref(hb);
			/* kernels and libraries on the other device: a generated kernel,
			 * a reduction, matmul */
			int ufadd = uf_lookup("add");
			struct value *bv[2] = {V(b), V(b)};
			int64_t one1 = 1;   /* the reduction's keepdims shape */
			struct ndarray *c = uf_apply_arrays(ev, cu, ufadd, 2, bv, NULL), *s0 = dnew(DT_FLOAT32, 1, &one1);
			val_decref(bv[0]);
			val_decref(bv[1]);
			ok(c && c->buf->device == other, "an elementwise kernel on the other device (b + b)");
			struct ndarray *hc = c ? to_hostc(c) : NULL;
			ok(hc && getd(hc, 7, NULL) == 6, "... computes 6");
			nd_decref(hc);
			struct ew_tree tr;
			leaf_tree(&tr, c);
			ok(s0 && cu->reduce(ev, &tr, RED_SUM, 1, s0) == 0, "a reduction there");
			struct ndarray *hs = s0 ? to_hostc(s0) : NULL;
			ok(hs && getd(hs, 0, NULL) == 6.0 * k, "... sums to 6k");
			nd_decref(hs);
			int64_t mm[2] = {64, 64};
			struct ndarray *m1 = dnew(DT_FLOAT32, 2, mm), *m2 = dnew(DT_FLOAT32, 2, mm);
			struct npscalar one = {DT_FLOAT32, {.f = 1}};
			ok(m1 && m2 && cu->fill(ev, m1, &one) == 0 && cu->matmul(ev, m1, m1, m2) == 0,
			   "cuBLAS on the other device (its own handle)");
			struct ndarray *hm = m2 ? to_hostc(m2) : NULL;
			ok(hm && getd(hm, 0, NULL) == 64, "... ones @ ones = 64");
			nd_decref(hm);
			/* a's values read from here: to_host goes to a's device */
			struct ndarray *ha = to_hostc(a);
			ok(ha && getd(ha, 1, NULL) == 3 && cuda_cur->id == other, "to_host of an array of another device");
			nd_decref(ha);
			/* a kernel reading a (another device): peer access or ValueError */
			int can = 0;
			cudaDeviceCanAccessPeer(&can, other, home);
			struct value *mv[2] = {V(a), V(b)};
			struct ndarray *mx = uf_apply_arrays(ev, cu, ufadd, 2, mv, NULL);
			int r = mx ? 0 : -1;
			val_decref(mv[0]);
			val_decref(mv[1]);
			nd_decref(mx);
			take_err();
			if (can)
				ok(r == 0, "a kernel reading the other device's array: peer access enabled (PerformanceWarning)");
			else
				ok(r < 0 && last_type == TY_ValueError && strstr(last_msg, "Peer access is unavailable"),
				   "no peer access: CuPy's ValueError");
			printf("#   peer access %d->%d: %d\n", other, home, can);
			/* JIT handles are per device: the same source gets another handle */
			const char *src = "extern \"C\" __global__ void kk(float *x) { x[threadIdx.x] = 2; }";
			void *f1 = jit_get(ev, src, "kk", 0, NULL);
			ok(cuda_use_device(ev, home) == 0, "back to the home device");
			void *f0 = jit_get(ev, src, "kk", 0, NULL);
			ok(f0 && f1 && f0 != f1, "a kernel has one handle per device");
			/* b freed from the home device goes back to the other's pool */
			size_t used_other = pool_used_bytes_of(other);
			nd_decref(b);
			ok(pool_used_bytes_of(other) == used_other - (size_t)k * 4, "a freed block returns to its device's pool");
			nd_decref(c);
			nd_decref(s0);
			nd_decref(m1);
			nd_decref(m2);
			/* the bandwidth of a 256 MiB peer copy home -> other */
			int64_t big = 64 << 20;
			struct ndarray *x = dnew(DT_FLOAT32, 1, &big), *y = NULL;
			if (x && cuda_use_device(ev, other) == 0)
				y = dnew(DT_FLOAT32, 1, &big);
			if (x && y) {
				struct timespec t0, t1;
				cu->copy(ev, y, x);
				clock_gettime(CLOCK_MONOTONIC, &t0);
				for (int i = 0; i < 4; i++)
					cu->copy(ev, y, x);
				clock_gettime(CLOCK_MONOTONIC, &t1);
				double sec = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
				printf("#   peer copy %d->%d, 256 MiB: %.1f GB/s\n", home, other, 4.0 * big * 4 / sec / 1e9);
			}
			nd_decref(y);
			cuda_use_device(ev, home);
			nd_decref(x);
			take_err();
		}
		nd_decref(a);
		ok(cuda_cur->id == home, "the home device is current at the end");
	}
	/* ---- NVRTC and launches ---- */
	{
		void *fn = jit_get(ev, "extern \"C\" __global__ void bad(float *x) { x[0] = y; }", "bad", 0, NULL);
		take_err();
		ok(!fn && last_type == TY_NVRTCError && strstr(last_msg, "identifier \"y\" is undefined"),
		   "a compile error is NVRTCError with the log");
		printf("#   %.200s\n", last_msg);
		DIR *dd = opendir(dir);
		int files = 0;
		struct dirent *de;
		while (dd && (de = readdir(dd)))
			files += strstr(de->d_name, ".cubin") != NULL;
		if (dd)
			closedir(dd);
		ok(files > 0, "compiled kernels are cached on disk");
		fn = jit_get(ev, "extern \"C\" __global__ void k(float *x) { x[threadIdx.x] = 1; }", "k", 0, NULL);
		int64_t n = 4096;
		struct ndarray *d = dnew(DT_FLOAT32, 1, &n);
		void *p = nd_data(d), *args[] = {&p};
		unsigned g[3] = {1, 1, 1}, b[3] = {4096, 1, 1};
		int lr = fn ? jit_launch(ev, fn, g, b, 0, args) : 0;
		take_err();
		ok(fn && lr < 0 && last_type == TY_CUDARuntimeError, "a block of 4096 threads is CUDARuntimeError");
		printf("#   %s\n", last_msg);
		struct npscalar v = {DT_FLOAT32, {.f = 1}};
		ok(cu->fill(ev, d, &v) == 0 && cu->sync(ev) == 0, "the device still works after a bad launch");
		/* last: an out-of-bounds write is a sticky error */
		fn = jit_get(ev, "extern \"C\" __global__ void oob(float *x) { x[(1ULL << 40) + threadIdx.x] = 1; }", "oob", 0, NULL);
		b[0] = 32;
		int r = fn ? jit_launch(ev, fn, g, b, 0, args) : -1;
		if (r == 0)
			r = cu->sync(ev);
		take_err();
		ok(r < 0 && last_type == TY_CUDARuntimeError && strstr(last_msg, "cudaErrorIllegalAddress")
		   && strstr(last_msg, "restart the kernel"), "an out-of-bounds write: sticky error, clear message");
		printf("#   %s\n", last_msg);
		struct ndarray *e = dnew(DT_FLOAT32, 1, &n);
		take_err();
		ok(!e && strstr(last_msg, "restart the kernel"), "later operations fail with the same message");
		nd_decref(e);
		nd_decref(d);
	}
	printf("1..%d\n", nt);
	return 0;
}
#else
int main(void)
{
	puts("1..0 # SKIP no CUDA device");
	return 0;
}
#endif
