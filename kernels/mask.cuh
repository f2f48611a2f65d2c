struct lm_mkg { long long shape[LM_ND], str[LM_ND]; int nd, k; };
__device__ long long lm_off(const lm_mkg &g, long long r, int lo, int hi)
{
  long long o = 0;
  for (int d = hi - 1; d >= lo; d--) { o += (r % g.shape[d]) * g.str[d]; r /= g.shape[d]; }
  return o;
}
extern "C" __global__ void lm_mcount(const unsigned char *m, long long n, long long *cnt)
{
  long long lo = (long long)blockIdx.x * LM_CHUNK, hi = lo + LM_CHUNK < n ? lo + LM_CHUNK : n;
  int c = 0;
  for (long long b = lo; b < hi; b += blockDim.x) {
    long long i = b + threadIdx.x;
    c += __syncthreads_count(i < hi && m[i]);
  }
  if (threadIdx.x == 0) cnt[blockIdx.x] = c;
}
extern "C" __global__ void lm_mtake(char *a, const unsigned char *m, long long n,
    const long long *incl, long long inner, char *out, const char *vals, long long vsel,
    long long vin, int scatter, lm_mkg g)
{
  __shared__ int wt[32];
  long long lo = (long long)blockIdx.x * LM_CHUNK, hi = lo + LM_CHUNK < n ? lo + LM_CHUNK : n;
  long long base = incl && blockIdx.x ? incl[blockIdx.x - 1] : 0;
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, nw = blockDim.x >> 5;
  for (long long b = lo; b < hi; b += blockDim.x) {
    long long i = b + threadIdx.x;
    int f = i < hi && m[i];
    unsigned bal = __ballot_sync(0xffffffffu, f);
    if (lane == 0) wt[warp] = __popc(bal);
    __syncthreads();
    int pre = 0, tot = 0;
    for (int w = 0; w < nw; w++) { pre += w < warp ? wt[w] : 0; tot += wt[w]; }
    if (f) {
      long long j = base + pre + __popc(bal & ((1u << lane) - 1u));
      long long ro = lm_off(g, i, 0, g.k);
      for (long long q = 0; q < inner; q++) {
        long long so = ro + lm_off(g, q, g.k, g.nd);
        const LM_U *s = (const LM_U *)(scatter ? vals + (j * vsel + q * vin) * LM_ITEM : a + so);
        LM_U *t = (LM_U *)(scatter ? a + so : out + (j * inner + q) * LM_ITEM);
#pragma unroll
        for (int u = 0; u < LM_ITEM / (int)sizeof(LM_U); u++) t[u] = s[u];
      }
    }
    base += tot;
    __syncthreads();
  }
}
