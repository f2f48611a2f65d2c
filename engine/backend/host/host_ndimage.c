/*
 * host_ndimage.c — the host backend's stencil entry (backend.h): SciPy's
 * NI_Correlate / min / max / rank loops over a float64 copy of the input,
 * with every axis extended by SciPy's filter modes through per-axis index
 * tables.  Owns nothing beyond one call; never touches device memory.
 */
#include <stdlib.h>
#include <string.h>
#include "numerics/ndimage.h"
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
