#define TAPVAL(t) (interior ? ld(x, base + toff[t]) : edge(x, o, taps, t, p))
__device__ double edge(const IN_T *x, const long long *o, const long long *taps, int t,
                       const P &p) {
  long long off = 0;
  for (int d = 0; d < ND; d++) {
    long long e = ext(o[d] + p.start[d] + taps[t * ND + d], p.ishape[d]);
    if (e < 0) return p.cval;
    off += e * p.istride[d];
  }
  return ld(x, off);
}
