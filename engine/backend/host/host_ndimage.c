/*
 * host_ndimage.c — the host backend's scipy.ndimage entries (backend.h):
 * the stencil (SciPy's NI_Correlate / min / max / rank loops over a float64
 * copy of the input, with every axis extended by SciPy's filter modes
 * through per-axis index tables), the spline prefilter (ni_splines.c) and
 * the interpolation (map_coordinate, NI_ZoomShift / NI_GeometricTransform).
 * Owns nothing beyond one call; never touches device memory.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "array/arrapi.h"
#include "backend/host/host.h"
#include "lang/error.h"

void ndi_store(int dt, void *p, double v)
{
	switch (dt) {
	case DT_BOOL: *(uint8_t *)p = (uint8_t)(int64_t)v; break;
	case DT_INT8: *(int8_t *)p = (int8_t)(int64_t)v; break;
	case DT_INT16: *(int16_t *)p = (int16_t)(int64_t)v; break;
	case DT_INT32: *(int32_t *)p = (int32_t)(int64_t)v; break;
	case DT_INT64: *(int64_t *)p = (int64_t)v; break;
	case DT_UINT8: *(uint8_t *)p = (uint8_t)(int64_t)v; break;
	case DT_UINT16: *(uint16_t *)p = (uint16_t)(int64_t)v; break;
	case DT_UINT32: *(uint32_t *)p = (uint32_t)(int64_t)v; break;
	case DT_UINT64: *(uint64_t *)p = v < 0 ? (uint64_t)(int64_t)v : (uint64_t)v; break;
	case DT_FLOAT32: *(float *)p = (float)v; break;
	default: *(double *)p = v; break;
	}
}

/* SciPy's extension of index i of an axis of length n; -1: outside (constant). */
static int64_t ext_index(int64_t i, int64_t n, enum st_mode mode)
{
	if (i >= 0 && i < n)
		return i;
	switch (mode) {
	case ST_NEAREST:
		return i < 0 ? 0 : n - 1;
	case ST_WRAP:
		i %= n;
		return i < 0 ? i + n : i;
	case ST_REFLECT:
		i %= 2 * n;
		if (i < 0)
			i += 2 * n;
		return i < n ? i : 2 * n - 1 - i;
	case ST_MIRROR:
		if (n == 1)
			return 0;
		i %= 2 * n - 2;
		if (i < 0)
			i += 2 * n - 2;
		return i < n ? i : 2 * n - 2 - i;
	default:
		return -1;
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* the k-th smallest of v[0..n) (v is reordered) */
static double select_kth(double *v, int64_t n, int64_t k)
{
	int64_t lo = 0, hi = n - 1;
	if (n <= 16) {
		qsort(v, (size_t)n, sizeof *v, cmp_double);
		return v[k];
	}
	while (lo < hi) {
		double pivot = v[lo + (hi - lo) / 2];
		int64_t i = lo, j = hi;
		while (i <= j) {
			while (v[i] < pivot)
				i++;
			while (v[j] > pivot)
				j--;
			if (i <= j) {
				double t = v[i];
				v[i++] = v[j];
				v[j--] = t;
			}
		}
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			break;
	}
	return v[k];
}

/* acc[j] += x[j] * w over a row: SIMD across the row, one product and one
 * sum per item as the scalar loop has them (AVX2 without FMA contracts
 * nothing), so each pixel's bits are SciPy's */
__attribute__((optimize("O3"), target_clones("avx2", "default")))
static void add_scaled_row(double *restrict acc, const double *restrict x, double w, int64_t n)
{
	for (int64_t j = 0; j < n; j++)
		acc[j] += x[j] * w;
}

/* the weighted sum of the tap values in SciPy's order (backend.h) */
static double correlate_sum(const struct stencil *s, const double *v)
{
	const double *w = s->weights;
	int64_t n = s->ntaps, c = n / 2;
	double acc;
	switch (s->sum1d) {
	case ST_SUM1D_SYMMETRIC:
		acc = v[c] * w[c];
		for (int64_t j = c; j >= 1; j--)
			acc += (v[c - j] + v[c + j]) * w[c - j];
		return acc;
	case ST_SUM1D_ANTISYMMETRIC:
		acc = v[c] * w[c];
		for (int64_t j = c; j >= 1; j--)
			acc += (v[c - j] - v[c + j]) * w[c - j];
		return acc;
	case ST_SUM1D_GENERAL:
		acc = v[n - 1] * w[n - 1];
		for (int64_t k = 0; k < n - 1; k++)
			acc += v[k] * w[k];
		return acc;
	default:
		acc = 0.0;
		for (int64_t t = 0; t < n; t++)
			acc += v[t] * w[t];
		return acc;
	}
}

/* ST_UNIFORM: SciPy's running mean along the filtered axis, one line at a
 * time through an extended line buffer. */
static int uniform_lines(struct eval *ev, const struct stencil *s, const double *x,
			 const int64_t *ishape, int64_t *const *ext, struct ndarray *out)
{
	int nd = s->ndim, axis = 0;
	int64_t size = s->ntaps, len, lines, ostride = 1, *line;
	double *buf;
	for (int d = 0; d < nd; d++)
		if (s->box[d] > 1)
			axis = d;
	len = out->shape[axis];
	for (int d = axis + 1; d < nd; d++)
		ostride *= out->shape[d];
	lines = nd_size(out) / len;
	buf = malloc(sizeof(double) * (size_t)(len + size));
	line = calloc((size_t)nd, sizeof(int64_t));
	if (!buf || !line) {
		free(buf);
		free(line);
		return err_nomem(ev), -1;
	}
	for (int64_t l = 0; l < lines; l++) {
		/* line l: coordinates of the other axes in C order */
		int64_t rem = l, base = 0, obase = 0, inside = 1, ostr = 1;
		double tmp = 0.0;
		for (int d = nd - 1; d >= 0; d--) {
			if (d == axis)
				continue;
			line[d] = rem % out->shape[d];
			rem /= out->shape[d];
		}
		for (int d = nd - 1; d >= 0; d--) {
			if (d != axis) {
				int64_t e = ext[d][line[d]];
				if (e < 0)
					inside = 0;
				else
					base += e;
				obase += line[d] * ostr;
			}
			ostr *= out->shape[d];
		}
		for (int64_t e = 0; e < len + size - 1; e++) {
			int64_t off = ext[axis][e];
			buf[e] = !inside || off < 0 ? s->cval : x[base + off];
		}
		for (int64_t k = 0; k < size; k++)
			tmp += buf[k];
		tmp /= (double)size;
		{
			char *o = nd_data(out);
			int osz = dt_size(out->dtype);
			ndi_store(out->dtype, o + (size_t)(obase * osz), tmp);
			for (int64_t j = 1; j < len; j++) {
				tmp += (buf[j + size - 1] - buf[j - 1]) / (double)size;
				ndi_store(out->dtype, o + (size_t)((obase + j * ostride) * osz), tmp);
			}
		}
	}
	(void)ishape;
	free(buf);
	free(line);
	return 0;
}

int ndi_host_stencil(struct eval *ev, const struct stencil *s, const struct ndarray *in,
		     struct ndarray *out)
{
	int nd = s->ndim ? s->ndim : 1, last = nd - 1, rc = -1;
	int64_t ishape[ND_MAXDIM], oshape[ND_MAXDIM], box[ND_MAXDIM], start[ND_MAXDIM];
	int64_t cstride[ND_MAXDIM], *ext[ND_MAXDIM] = {NULL}, o[ND_MAXDIM] = {0};
	int64_t n = nd_size(out), rows, inner, *rowoff = NULL, *lasttap = NULL, *toff = NULL;
	struct ndarray *src = NULL;
	const double *x;
	double *vals = NULL, *accrow = NULL;
	int64_t jfast_lo = 0, jfast_hi = 0;
	char *dst = nd_data(out);
	int osz = dt_size(out->dtype);

	if (n == 0)
		return 0;
	for (int d = 0; d < nd; d++) {
		ishape[d] = s->ndim ? in->shape[d] : 1;
		oshape[d] = s->ndim ? out->shape[d] : 1;
		box[d] = s->ndim ? s->box[d] : 1;
		start[d] = s->ndim ? s->start[d] : 0;
	}
	for (int d = nd - 1; d >= 0; d--)
		cstride[d] = d == nd - 1 ? 1 : cstride[d + 1] * ishape[d + 1];
	/* ext[d][e]: element offset (in the C-contiguous copy) of extended
	 * coordinate start[d] + e, or -1 for the constant */
	for (int d = 0; d < nd; d++) {
		int64_t len = oshape[d] + box[d] - 1;
		ext[d] = malloc(sizeof(int64_t) * (size_t)len);
		if (!ext[d])
			goto nomem;
		for (int64_t e = 0; e < len; e++) {
			int64_t i = nd_size(in) ? ext_index(start[d] + e, ishape[d], s->mode) : -1;
			ext[d][e] = i < 0 ? -1 : i * cstride[d];
		}
	}
	src = in->dtype == DT_FLOAT64 && nd_is_c_contiguous(in) ? nd_incref((struct ndarray *)in)
		: arr_astype(ev, in, DT_FLOAT64);
	if (!src)
		goto done;
	if (!nd_is_c_contiguous(src)) {
		struct ndarray *c = arr_contiguous(ev, src);
		nd_decref(src);
		if (!(src = c))
			goto done;
	}
	x = (const double *)nd_data(src);
	if (s->op == ST_UNIFORM) {
		rc = s->ndim ? uniform_lines(ev, s, x, ishape, ext, out) : (ndi_store(out->dtype, dst, x[0]), 0);
		goto done;
	}
	rowoff = malloc(sizeof(int64_t) * (size_t)s->ntaps);
	lasttap = malloc(sizeof(int64_t) * (size_t)s->ntaps);
	toff = malloc(sizeof(int64_t) * (size_t)s->ntaps);
	vals = malloc(sizeof(double) * (size_t)s->ntaps);
	if (!rowoff || !lasttap || !toff || !vals)
		goto nomem;
	for (int64_t t = 0; t < s->ntaps; t++)
		lasttap[t] = s->ndim ? s->taps[t * s->ndim + last] : 0;
	inner = oshape[last];
	rows = n / inner;
	if (s->op == ST_CORRELATE && s->sum1d == ST_SUM_TAPS) {
		accrow = malloc(sizeof(double) * (size_t)inner);
		if (!accrow)
			goto nomem;
	}
	for (int64_t r = 0; r < rows; r++) {
		/* the taps' offsets from the outer axes (-1: the row is outside) */
		for (int64_t t = 0; t < s->ntaps; t++) {
			int64_t off = 0;
			for (int d = 0; d < last && off >= 0; d++) {
				int64_t e = ext[d][o[d] + s->taps[t * s->ndim + d]];
				off = e < 0 ? -1 : off + e;
			}
			rowoff[t] = off;
		}
		/* interior columns: every tap inside along the last axis too */
		int allrow = 1;
		int64_t jlo = -start[last], jhi = ishape[last] - start[last] - box[last] + 1;
		for (int64_t t = 0; t < s->ntaps; t++) {
			allrow &= rowoff[t] >= 0;
			toff[t] = rowoff[t] + start[last] + lasttap[t];
		}
		/* a weighted sum over taps in order (ST_SUM_TAPS) of the interior:
		 * taps outer, columns inner, so that the columns run as SIMD lanes
		 * while each pixel adds its taps in SciPy's order */
		if (accrow && allrow && jlo < jhi) {
			int64_t a = jlo > 0 ? jlo : 0, b = jhi < inner ? jhi : inner;
			if (a < b) {
				for (int64_t j = a; j < b; j++)
					accrow[j] = 0.0;
				for (int64_t t = 0; t < s->ntaps; t++)
					add_scaled_row(accrow + a, x + toff[t] + a, s->weights[t], b - a);
			}
			jfast_lo = a, jfast_hi = b;
		} else {
			jfast_lo = jfast_hi = 0;
		}
		for (int64_t j = 0; j < inner; j++) {
			double acc;
			if (j >= jfast_lo && j < jfast_hi) {
				ndi_store(out->dtype, dst, accrow[j]);
				dst += osz;
				continue;
			}
			if (allrow && j >= jlo && j < jhi) {
				const double *xj = x + j;
				for (int64_t t = 0; t < s->ntaps; t++)
					vals[t] = xj[toff[t]];
			} else {
				for (int64_t t = 0; t < s->ntaps; t++) {
					int64_t e = ext[last][j + lasttap[t]];
					vals[t] = rowoff[t] < 0 || e < 0 ? s->cval : x[rowoff[t] + e];
				}
			}
			switch (s->op) {
			case ST_CORRELATE:
				acc = correlate_sum(s, vals);
				break;
			case ST_MIN:
				acc = vals[0];
				for (int64_t t = 1; t < s->ntaps; t++)
					if (vals[t] < acc)
						acc = vals[t];
				break;
			case ST_MAX:
				acc = vals[0];
				for (int64_t t = 1; t < s->ntaps; t++)
					if (vals[t] > acc)
						acc = vals[t];
				break;
			default:
				acc = select_kth(vals, s->ntaps, s->rank);
				break;
			}
			ndi_store(out->dtype, dst, acc);
			dst += osz;
		}
		for (int d = last - 1; d >= 0; d--) {
			if (++o[d] < oshape[d])
				break;
			o[d] = 0;
		}
		if ((r & 1023) == 1023 && ev_check_interrupt(ev))
			goto done;
	}
	rc = 0;
	goto done;
nomem:
	err_nomem(ev);
done:
	for (int d = 0; d < nd; d++)
		free(ext[d]);
	free(rowoff);
	free(lasttap);
	free(toff);
	free(vals);
	free(accrow);
	nd_decref(src);
	return rc;
}

/* ---- the spline prefilter (ni_splines.c) ---- */

static int filter_poles(int order, double *poles)
{
	switch (order) {
	case 2: poles[0] = -0.171572875253809902396622551580603843; return 1;
	case 3: poles[0] = -0.267949192431122706472553658494127633; return 1;
	case 4:
		poles[0] = -0.361341225900220177092212841325675255;
		poles[1] = -0.013725429297339121360331226939128204;
		return 2;
	default:
		poles[0] = -0.430575347099973791851434783493520110;
		poles[1] = -0.043096288203264653822712376822550182;
		return 2;
	}
}

static void causal_mirror(double *c, int64_t n, double z)
{
	double z_i = z, z_n_1 = pow(z, (double)(n - 1));
	c[0] = c[0] + z_n_1 * c[n - 1];
	for (int64_t i = 1; i < n - 1; ++i) {
		c[0] += z_i * (c[i] + z_n_1 * c[n - 1 - i]);
		z_i *= z;
	}
	c[0] /= 1 - z_n_1 * z_n_1;
}

static void anticausal_mirror(double *c, int64_t n, double z)
{
	c[n - 1] = (z * c[n - 2] + c[n - 1]) * z / (z * z - 1);
}

static void causal_wrap(double *c, int64_t n, double z)
{
	double z_i = z;
	for (int64_t i = 1; i < n; ++i) {
		c[0] += z_i * c[n - i];
		z_i *= z;
	}
	c[0] /= 1 - z_i;
}

static void anticausal_wrap(double *c, int64_t n, double z)
{
	double z_i = z;
	for (int64_t i = 0; i < n - 1; ++i) {
		c[n - 1] += z_i * c[i];
		z_i *= z;
	}
	c[n - 1] *= z / (z_i - 1);
}

static void causal_reflect(double *c, int64_t n, double z)
{
	double z_i = z, z_n = pow(z, (double)n), c0 = c[0];
	c[0] = c[0] + z_n * c[n - 1];
	for (int64_t i = 1; i < n; ++i) {
		c[0] += z_i * (c[i] + z_n * c[n - 1 - i]);
		z_i *= z;
	}
	c[0] *= z / (1 - z_n * z_n);
	c[0] += c0;
}

static void anticausal_reflect(double *c, int64_t n, double z)
{
	c[n - 1] *= z / (z - 1);
}

/* apply_filter: the gain, then a causal and an anticausal pass per pole */
static void spline_line(double *c, int64_t n, int order, int mode)
{
	double poles[2], gain = 1.0;
	int np = filter_poles(order, poles);
	void (*causal)(double *, int64_t, double), (*anti)(double *, int64_t, double);
	switch (mode) {
	case IM_GRID_WRAP:
		causal = causal_wrap;
		anti = anticausal_wrap;
		break;
	case IM_NEAREST:
	case IM_REFLECT:
		causal = causal_reflect;
		anti = anticausal_reflect;
		break;
	default:
		causal = causal_mirror;
		anti = anticausal_mirror;
		break;
	}
	for (int k = 0; k < np; k++)
		gain *= (1.0 - poles[k]) * (1.0 - 1.0 / poles[k]);
	for (int64_t i = 0; i < n; i++)
		c[i] *= gain;
	for (int k = 0; k < np; k++) {
		double z = poles[k];
		causal(c, n, z);
		for (int64_t i = 1; i < n; ++i)
			c[i] += z * c[i - 1];
		anti(c, n, z);
		for (int64_t i = n - 2; i >= 0; --i)
			c[i] = z * (c[i + 1] - c[i]);
	}
}

/* the host's spline_prefilter entry: every line of axis of c, in place */
int ndi_host_prefilter(struct eval *ev, struct ndarray *c, int axis, int order, enum im_mode mode)
{
	double *d = (double *)nd_data(c), *line;
	int64_t n = nd_size(c), len = c->shape[axis], inner = 1, outer;
	if (len <= 1 || n == 0)
		return 0;
	for (int k = axis + 1; k < c->ndim; k++)
		inner *= c->shape[k];
	outer = n / (len * inner);
	if (!(line = malloc(sizeof(double) * (size_t)len)))
		return err_nomem(ev), -1;
	for (int64_t o = 0; o < outer; o++)
		for (int64_t i = 0; i < inner; i++) {
			double *p = d + o * len * inner + i;
			for (int64_t k = 0; k < len; k++)
				line[k] = p[k * inner];
			spline_line(line, len, order, mode);
			for (int64_t k = 0; k < len; k++)
				p[k * inner] = line[k];
		}
	free(line);
	return 0;
}

/* ---- interpolation (ni_interpolation.c) ---- */

static double map_coordinate(double in, int64_t len, int mode)
{
	if (in < 0) {
		switch (mode) {
		case IM_MIRROR:
			if (len <= 1)
				return 0;
			{
				int64_t sz2 = 2 * len - 2;
				in = sz2 * (int64_t)(-in / sz2) + in;
				return in <= 1 - len ? in + sz2 : -in;
			}
		case IM_REFLECT:
			if (len <= 1)
				return 0;
			{
				int64_t sz2 = 2 * len;
				if (in < -sz2)
					in = sz2 * (int64_t)(-in / sz2) + in;
				return in < -len ? in + sz2 : (in > -1e-15 ? 1e-15 : -in) - 1;
			}
		case IM_WRAP:
			if (len <= 1)
				return 0;
			{
				int64_t sz = len - 1;
				return in + sz * ((int64_t)(-in / sz) + 1);
			}
		case IM_GRID_WRAP:
			if (len <= 1)
				return 0;
			return in + len * ((int64_t)((-1 - in) / len) + 1);
		case IM_NEAREST:
			return 0;
		case IM_CONSTANT:
			return -1;
		}
	} else if (in > len - 1) {
		switch (mode) {
		case IM_MIRROR:
			if (len <= 1)
				return 0;
			{
				int64_t sz2 = 2 * len - 2;
				in -= sz2 * (int64_t)(in / sz2);
				return in >= len ? sz2 - in : in;
			}
		case IM_REFLECT:
			if (len <= 1)
				return 0;
			{
				int64_t sz2 = 2 * len;
				in -= sz2 * (int64_t)(in / sz2);
				return in >= len ? sz2 - in - 1 : in;
			}
		case IM_WRAP:
			if (len <= 1)
				return 0;
			return in - (len - 1) * (int64_t)(in / (len - 1));
		case IM_GRID_WRAP:
			if (len <= 1)
				return 0;
			return in - len * (int64_t)(in / len);
		case IM_NEAREST:
			return (double)(len - 1);
		case IM_CONSTANT:
			return -1;
		}
	}
	return in;
}

static void spline_weights(double x, int order, double *w)
{
	double y, z, t;
	x -= floor(order & 1 ? x : x + 0.5);
	y = x;
	z = 1.0 - x;
	switch (order) {
	case 1:
		w[0] = 1.0 - x;
		break;
	case 2:
		w[1] = 0.75 - x * x;
		y = 0.5 - x;
		w[0] = 0.5 * y * y;
		break;
	case 3:
		w[1] = (y * y * (y - 2.0) * 3.0 + 4.0) / 6.0;
		w[2] = (z * z * (z - 2.0) * 3.0 + 4.0) / 6.0;
		w[0] = z * z * z / 6.0;
		break;
	case 4:
		t = x * x;
		w[2] = t * (t * 0.25 - 0.625) + 115.0 / 192.0;
		y = 1.0 + x;
		w[1] = y * (y * (y * (5.0 - y) / 6.0 - 1.25) + 5.0 / 24.0) + 55.0 / 96.0;
		w[3] = z * (z * (z * (5.0 - z) / 6.0 - 1.25) + 5.0 / 24.0) + 55.0 / 96.0;
		y = 0.5 - x;
		t = y * y;
		w[0] = t * t / 24.0;
		break;
	case 5:
		t = y * y;
		w[2] = t * (t * (0.25 - y / 12.0) - 0.5) + 0.55;
		t = z * z;
		w[3] = t * (t * (0.25 - z / 12.0) - 0.5) + 0.55;
		y += 1.0;
		w[1] = y * (y * (y * (y * (y / 24.0 - 0.375) + 1.25) - 1.75) + 0.625) + 0.425;
		z += 1.0;
		w[4] = z * (z * (z * (z * (z / 24.0 - 0.375) + 1.25) - 1.75) + 0.625) + 0.425;
		y = 1.0 - x;
		t = y * y;
		w[0] = y * t * t / 120.0;
		break;
	default:
		break;
	}
	w[order] = 1.0;
	for (int i = 0; i < order; ++i)
		w[order] -= w[i];
}

/* CASE_INTERP_OUT(_INT/_UINT): integers round half away from zero and clamp */
static void interp_store(int dt, char *p, double t)
{
	double lo = 0, hi = 0;
	switch (dt) {
	case DT_FLOAT32: *(float *)p = (float)t; return;
	case DT_FLOAT64: *(double *)p = t; return;
	case DT_BOOL: *(uint8_t *)p = (uint8_t)(int64_t)t; return;
	case DT_INT8: lo = INT8_MIN; hi = INT8_MAX; break;
	case DT_INT16: lo = INT16_MIN; hi = INT16_MAX; break;
	case DT_INT32: lo = INT32_MIN; hi = INT32_MAX; break;
	case DT_INT64: lo = (double)INT64_MIN; hi = (double)INT64_MAX; break;
	case DT_UINT8: hi = UINT8_MAX; break;
	case DT_UINT16: hi = UINT16_MAX; break;
	case DT_UINT32: hi = UINT32_MAX; break;
	default: hi = (double)UINT64_MAX; break;
	}
	if (dtype_table[dt].kind == DK_UINT)
		t = t > 0 ? t + 0.5 : 0;
	else
		t = t > 0 ? t + 0.5 : t - 0.5;
	t = t > hi ? hi : t;
	t = t < lo ? lo : t;
	switch (dt) {
	case DT_INT8: *(int8_t *)p = (int8_t)t; break;
	case DT_INT16: *(int16_t *)p = (int16_t)t; break;
	case DT_INT32: *(int32_t *)p = (int32_t)t; break;
	case DT_INT64: *(int64_t *)p = t >= 9223372036854775807.0 ? INT64_MAX : (int64_t)t; break;
	case DT_UINT8: *(uint8_t *)p = (uint8_t)t; break;
	case DT_UINT16: *(uint16_t *)p = (uint16_t)t; break;
	case DT_UINT32: *(uint32_t *)p = (uint32_t)t; break;
	default: *(uint64_t *)p = t >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)t; break;
	}
}

/* the host's interpolate entry (backend.h) */
int ndi_host_interpolate(struct eval *ev, const struct interp *x, const struct ndarray *c,
			 struct ndarray *out)
{
	int nd = c->ndim, order = x->order;
	int spline_mode = x->mode == IM_CONSTANT || x->mode == IM_WRAP ? IM_MIRROR : x->mode;
	int64_t o[ND_MAXDIM] = {0}, n = 1, fsize = 1, cstr[ND_MAXDIM];
	int64_t start[ND_MAXDIM], eidx[ND_MAXDIM][6];
	double w[ND_MAXDIM][6];
	char gc[ND_MAXDIM][6];
	const double *cd = (const double *)nd_data(c);
	for (int k = 0; k < out->ndim; k++)
		n *= out->shape[k];
	for (int k = nd - 1; k >= 0; k--)
		cstr[k] = k == nd - 1 ? 1 : cstr[k + 1] * c->shape[k + 1];
	for (int k = 0; k < nd; k++)
		fsize *= order + 1;
	for (int64_t i = 0; i < n; i++) {
		double t = 0.0;
		int constant = 0;
		for (int k = 0; k < nd && !constant; k++) {
			double cc;
			if (x->matrix) {
				const double *p = x->matrix + k * out->ndim;
				int l = 0;
				cc = x->shift[k];
				for (; l + 1 < out->ndim; l += 2) {
					cc += (double)o[l] * p[l];
					cc += (double)o[l + 1] * p[l + 1];
				}
				if (l < out->ndim)
					cc += (double)o[l] * p[l];
			} else {
				cc = (double)o[k];
				if (x->shift)
					cc += x->shift[k];
				if (x->zoom)
					cc = x->grid_mode ? (cc + 0.5) * x->zoom[k] - 0.5 : cc * x->zoom[k];
			}
			cc += (double)x->npad;
			if (x->mode != IM_GRID_CONSTANT && x->mode != IM_NEAREST)
				cc = map_coordinate(cc, c->shape[k], x->mode);
			if (!(cc > -1.0 || x->mode == IM_GRID_CONSTANT || x->mode == IM_NEAREST)) {
				constant = 1;
				break;
			}
			start[k] = order & 1 ? (int64_t)floor(cc) - order / 2 : (int64_t)floor(cc + 0.5) - order / 2;
			for (int h = 0; h <= order; h++) {
				int64_t idx = start[k] + h;
				gc[k][h] = 0;
				if (x->mode == IM_GRID_CONSTANT)
					gc[k][h] = idx < 0 || idx >= c->shape[k];
				else if (start[k] < 0 || start[k] + order >= c->shape[k])
					idx = (int64_t)map_coordinate((double)idx, c->shape[k], spline_mode);
				eidx[k][h] = idx;
			}
			if (order > 0)
				spline_weights(cc, order, w[k]);
		}
		if (!constant) {
			int64_t f[ND_MAXDIM] = {0};
			for (int64_t h = 0; h < fsize; h++) {
				double coeff;
				int is_cval = 0;
				int64_t off = 0;
				for (int k = 0; k < nd; k++) {
					is_cval |= gc[k][f[k]];
					off += eidx[k][f[k]] * cstr[k];
				}
				coeff = is_cval ? x->cval : cd[off];
				if (order > 0)
					for (int k = 0; k < nd; k++)
						coeff *= w[k][f[k]];
				t += coeff;
				for (int k = nd - 1; k >= 0; k--) {
					if (++f[k] <= order)
						break;
					f[k] = 0;
				}
			}
		} else {
			t = x->cval;
		}
		{
			int64_t off = 0;
			for (int k = 0; k < out->ndim; k++)
				off += o[k] * out->strides[k];
			interp_store(out->dtype, nd_data(out) + off, t);
		}
		for (int k = out->ndim - 1; k >= 0; k--) {
			if (++o[k] < out->shape[k])
				break;
			o[k] = 0;
		}
		if ((i & 65535) == 65535 && ev_check_interrupt(ev))
			return -1;
	}
	return 0;
}
