struct lm_ixg { long long shape[LM_ND], sstr[LM_ND], dstr[LM_ND]; int nd, pos, scatter; };
struct lm_tik { const long long *p[LM_K]; long long size[LM_K], stride[LM_K]; int nk; };
extern "C" __global__ void lm_ti(const char *view, char *dense, long long n,
    unsigned long long *bad, lm_ixg g, lm_tik x)
{
  if (g.nd == 1 && x.nk == 1) {  /* x[idx] of a 1-D x: no coordinates to split */
    const long long *p = x.p[0], size = x.size[0], st = x.stride[0];
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += (long long)gridDim.x * blockDim.x) {
      long long v = __ldg(p + i);
      if (v < 0) v += size;
      if (v < 0 || v >= size) { atomicMin(bad, (unsigned long long)i); continue; }
      const LM_U *s = (const LM_U *)(view + v * st);
      LM_U *t = (LM_U *)(dense + i * LM_ITEM);
#pragma unroll
      for (int k = 0; k < LM_ITEM / (int)sizeof(LM_U); k++) t[k] = s[k];
    }
    return;
  }
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    long long r = i, so = 0, dn = 0; int ok = 1;
    for (int d = g.nd - 1; d >= 0; d--) {
      long long c = r % g.shape[d];
      r /= g.shape[d];
      if (d == g.pos) {
        for (int k = 0; k < x.nk; k++) {
          long long v = x.p[k][c];
          if (v < 0) v += x.size[k];
          if (v < 0 || v >= x.size[k]) { atomicMin(bad + k, (unsigned long long)c); ok = 0; }
          so += v * x.stride[k];
        }
      } else {
        so += c * g.sstr[d];
      }
      dn += c * g.dstr[d];
    }
    if (!ok) continue;
    const LM_U *s = (const LM_U *)(view + so);
    LM_U *t = (LM_U *)(dense + dn * LM_ITEM);
#pragma unroll
    for (int k = 0; k < LM_ITEM / (int)sizeof(LM_U); k++) t[k] = s[k];
  }
}
