struct lm_ixg { long long shape[LM_ND], sstr[LM_ND], dstr[LM_ND]; int nd, pos, scatter; };
extern "C" __global__ void lm_ix(char *view, const long long *off, const long long *keep,
    char *dense, long long n, lm_ixg g)
{
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    long long r = i, so = 0, dn = 0;
    for (int d = g.nd - 1; d >= 0; d--) {
      long long c = r % g.shape[d];
      r /= g.shape[d];
      if (d == g.pos) {
        long long j = keep ? keep[c] : c;
        so += off[j];
        dn += j * g.dstr[d];
      } else {
        so += c * g.sstr[d];
        dn += c * g.dstr[d];
      }
    }
    const LM_U *s = (const LM_U *)(g.scatter ? dense + dn * LM_ITEM : view + so);
    LM_U *t = (LM_U *)(g.scatter ? view + so : dense + dn * LM_ITEM);
#pragma unroll
    for (int k = 0; k < LM_ITEM / (int)sizeof(LM_U); k++) t[k] = s[k];
  }
}
