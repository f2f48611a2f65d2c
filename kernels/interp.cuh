struct P { long long cshape[ND], oshape[OND], ostride[OND], n, npad; double cval; };
__device__ void store(OUT_T *y, double t) {
#if OUT_KIND == 0
  *y = (OUT_T)t;
#elif OUT_KIND == 1
  *y = (OUT_T)(long long)t;
#else
#if OUT_KIND == 3
  t = t > 0 ? t + 0.5 : 0;
#else
  t = t > 0 ? t + 0.5 : t - 0.5;
#endif
  t = t > OUT_HI ? OUT_HI : t; t = t < OUT_LO ? OUT_LO : t;
  *y = (OUT_T)t;
#endif
}
extern "C" __global__ void lm_interp(const double *__restrict__ c, char *y,
    const double *__restrict__ prm, P p) {
  const double *zoom = prm, *shift = prm + ND, *matrix = prm + 2 * ND;
  long long cstr[ND];
  for (int k = ND - 1; k >= 0; k--) cstr[k] = k == ND - 1 ? 1 : cstr[k + 1] * p.cshape[k + 1];
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < p.n;
       i += (long long)gridDim.x * blockDim.x) {
    long long o[OND], rem = i, yoff = 0, start[ND], eidx[ND][ORDER + 1];
    double w[ND][ORDER + 1], t = 0.0; char gc[ND][ORDER + 1]; bool constant = false;
    for (int k = OND - 1; k >= 0; k--) { o[k] = rem % p.oshape[k]; rem /= p.oshape[k];
      yoff += o[k] * p.ostride[k]; }
    for (int k = 0; k < ND && !constant; k++) {
      double cc;
#if HAS_MATRIX
      { const double *q = matrix + k * OND; int l = 0; cc = shift[k];
        for (; l + 1 < OND; l += 2) { cc += (double)o[l] * q[l]; cc += (double)o[l + 1] * q[l + 1]; }
        if (l < OND) cc += (double)o[l] * q[l]; }
#else
      cc = (double)o[k];
#if HAS_SHIFT
      cc += shift[k];
#endif
#if HAS_ZOOM
      cc = GRID ? (cc + 0.5) * zoom[k] - 0.5 : cc * zoom[k];
#endif
#endif
      cc += (double)p.npad;
      if (MODE != 6 && MODE != 0) cc = map_coordinate(cc, p.cshape[k], MODE);
      if (!(cc > -1.0 || MODE == 6 || MODE == 0)) { constant = true; break; }
      start[k] = ORDER & 1 ? (long long)floor(cc) - ORDER / 2 : (long long)floor(cc + 0.5) - ORDER / 2;
      for (int h = 0; h <= ORDER; h++) {
        long long idx = start[k] + h; gc[k][h] = 0;
        if (MODE == 6) gc[k][h] = idx < 0 || idx >= p.cshape[k];
        else if (start[k] < 0 || start[k] + ORDER >= p.cshape[k])
          idx = (long long)map_coordinate((double)idx, p.cshape[k], SPLINE_MODE);
        eidx[k][h] = idx;
      }
      if (ORDER > 0) spline_weights(cc, ORDER, w[k]);
    }
    if (!constant) {
      int f[ND];
      for (int k = 0; k < ND; k++) f[k] = 0;
      for (long long h = 0; h < FSIZE; h++) {
        bool is_cval = false; long long off = 0; double coeff;
        for (int k = 0; k < ND; k++) { is_cval |= gc[k][f[k]] != 0; off += eidx[k][f[k]] * cstr[k]; }
        coeff = is_cval ? p.cval : c[off];
        if (ORDER > 0) for (int k = 0; k < ND; k++) coeff *= w[k][f[k]];
        t += coeff;
        for (int k = ND - 1; k >= 0; k--) { if (++f[k] <= ORDER) break; f[k] = 0; }
      }
    } else {
      t = p.cval;
    }
    store((OUT_T *)(y + yoff), t);
  }
}
