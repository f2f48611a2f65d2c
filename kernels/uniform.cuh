#define LM_M0 0xD2511F53u
#define LM_M1 0xCD9E8D57u
#define LM_W0 0x9E3779B9u
#define LM_W1 0xBB67AE85u
#if LM_STCS
#define LM_ST(p, v) __stcs(p, v)
#else
#define LM_ST(p, v) (*(p) = (v))
#endif
__device__ __forceinline__ uint4 lm_philox(uint4 c, uint2 k)
{
#pragma unroll
  for (int r = 0; r < 10; r++) {
    unsigned h0 = __umulhi(LM_M0, c.x), l0 = LM_M0 * c.x;
    unsigned h1 = __umulhi(LM_M1, c.z), l1 = LM_M1 * c.z;
    c = make_uint4(h1 ^ c.y ^ k.x, l1, h0 ^ c.w ^ k.y, l0);
    k.x += LM_W0; k.y += LM_W1;
  }
  return c;
}
extern "C" __global__ void lm_uni(LM_T *y, long long n, unsigned long long seed,
    unsigned long long ctr, double p0, double sc)
{
  const LM_T a = (LM_T)p0, s = (LM_T)sc;
  const uint2 k = make_uint2((unsigned)seed, (unsigned)(seed >> 32));
  const long long nb = (n + LM_PER - 1) / LM_PER, T = (long long)gridDim.x * blockDim.x;
  for (long long b0 = blockIdx.x * (long long)blockDim.x + threadIdx.x; b0 < nb; b0 += T * LM_U) {
    uint4 w[LM_U];
#pragma unroll
    for (int u = 0; u < LM_U; u++) {
      unsigned long long c = ctr + (unsigned long long)(b0 + u * T);
      w[u] = lm_philox(make_uint4((unsigned)c, (unsigned)(c >> 32), 0u, 0u), k);
    }
#pragma unroll
    for (int u = 0; u < LM_U; u++) {
      long long b = b0 + u * T, i = b * LM_PER;
      if (b >= nb) break;
#if LM_PER == 4
      float4 v = make_float4(a + s * ((w[u].x >> 8) * 0x1p-24f), a + s * ((w[u].y >> 8) * 0x1p-24f),
                             a + s * ((w[u].z >> 8) * 0x1p-24f), a + s * ((w[u].w >> 8) * 0x1p-24f));
      if (i + 4 <= n) { LM_ST((float4 *)(y + i), v); }
      else { y[i] = v.x; if (i + 1 < n) y[i + 1] = v.y; if (i + 2 < n) y[i + 2] = v.z; }
#else
      double2 v = make_double2(a + s * (((w[u].x >> 5) * 67108864.0 + (w[u].y >> 6)) * 0x1p-53),
                               a + s * (((w[u].z >> 5) * 67108864.0 + (w[u].w >> 6)) * 0x1p-53));
      if (i + 2 <= n) { LM_ST((double2 *)(y + i), v); } else { y[i] = v.x; }
#endif
    }
  }
}
/* LUMEN_RAND=curand: cuRAND's (0, 1] folded to [0, 1) as CuPy's
	 * _mod1_kernel does (1 -> 0), then scaled */
extern "C" __global__ void lm_fold(LM_T *y, long long n, double p0, double sc)
{
  const LM_T a = (LM_T)p0, s = (LM_T)sc;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    LM_T u = y[i];
    y[i] = a + s * (u == (LM_T)1 ? (LM_T)0 : u);
  }
}
/* Bounded integers (struct backend_random's integers): y[i] = off + a
 * draw uniform in [0, rng] (rng = high - low, inclusive), stored in
 * `size` bytes.  Output i takes Philox counter block ctr + i (words 0-1)
 * and attempt a in word 2 (lm_uni leaves it 0: the attempts past the first
 * never meet its blocks).  Widths below 2^32: Lemire's multiply-shift with
 * rejection on each of a block's four words; rng = 2^32 - 1: the words
 * themselves; wider: masked rejection of the block's two 64-bit words. */
__device__ __forceinline__ unsigned long long lm_bounded(uint2 k, unsigned long long c,
                                                         unsigned long long rng)
{
  if (rng == 0) return 0;
  if (rng < 0xffffffffULL) {
    const unsigned r1 = (unsigned)rng + 1u, t = (0u - r1) % r1;
    for (unsigned a = 0;; a++) {
      uint4 w = lm_philox(make_uint4((unsigned)c, (unsigned)(c >> 32), a, 0u), k);
      unsigned ws[4] = {w.x, w.y, w.z, w.w};
#pragma unroll
      for (int j = 0; j < 4; j++) {
        unsigned long long m = (unsigned long long)ws[j] * r1;
        if ((unsigned)m >= t) return m >> 32;
      }
    }
  }
  if (rng == 0xffffffffULL)
    return lm_philox(make_uint4((unsigned)c, (unsigned)(c >> 32), 0u, 0u), k).x;
  unsigned long long mask = rng;
  mask |= mask >> 1; mask |= mask >> 2; mask |= mask >> 4;
  mask |= mask >> 8; mask |= mask >> 16; mask |= mask >> 32;
  for (unsigned a = 0;; a++) {
    uint4 w = lm_philox(make_uint4((unsigned)c, (unsigned)(c >> 32), a, 0u), k);
    unsigned long long v0 = ((unsigned long long)w.x << 32 | w.y) & mask;
    unsigned long long v1 = ((unsigned long long)w.z << 32 | w.w) & mask;
    if (v0 <= rng) return v0;
    if (v1 <= rng) return v1;
  }
}
extern "C" __global__ void lm_int(void *y, long long n, unsigned long long seed,
    unsigned long long ctr, unsigned long long off, unsigned long long rng, int size)
{
  const uint2 k = make_uint2((unsigned)seed, (unsigned)(seed >> 32));
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    unsigned long long v = off + lm_bounded(k, ctr + (unsigned long long)i, rng);
    switch (size) {
    case 1: ((unsigned char *)y)[i] = (unsigned char)v; break;
    case 2: ((unsigned short *)y)[i] = (unsigned short)v; break;
    case 4: ((unsigned *)y)[i] = (unsigned)v; break;
    default: ((unsigned long long *)y)[i] = v; break;
    }
  }
}
/* k distinct items of [0, pop) in random order (struct backend_random's
 * sample: choice without replacement of a few out of many), k <= 1024, one
 * block: Floyd's algorithm, then a Fisher-Yates shuffle of the k picks.
 * Neither's draws depend on the data (Floyd's m-th is uniform in
 * [0, pop - k + m], the shuffle's in [0, i]), so the block's threads make
 * them all first (draw t: counter block ctr + t); then one thread inserts
 * into an open-addressing set of `cap` slots (a power of two >= 2k) and
 * swaps, all in shared memory: dynamic shared memory of (2k + cap) words. */
extern "C" __global__ void lm_sample(long long *y, long long cap, long long pop, long long k,
    unsigned long long seed, unsigned long long ctr)
{
  extern __shared__ long long sm[];
  long long *d = sm, *tab = sm + 2 * k;
  const uint2 key = make_uint2((unsigned)seed, (unsigned)(seed >> 32));
  for (long long t = threadIdx.x; t < 2 * k - 1; t += blockDim.x) {
    unsigned long long hi = t < k ? (unsigned long long)(pop - k + t) : (unsigned long long)(2 * k - 1 - t);
    d[t] = (long long)lm_bounded(key, ctr + (unsigned long long)t, hi);
  }
  for (long long s = threadIdx.x; s < cap; s += blockDim.x) tab[s] = -1;
  __syncthreads();
  if (threadIdx.x == 0) {
    for (long long m = 0; m < k; m++) {
      long long t = d[m], j = pop - k + m;
      unsigned long long h = ((unsigned long long)t * 0x9E3779B97F4A7C15ULL) >> 40 & (cap - 1);
      while (tab[h] != -1 && tab[h] != t) h = (h + 1) & (cap - 1);
      if (tab[h] == t) {
        /* taken: j instead (never taken: every pick so far is < j) */
        t = j;
        h = ((unsigned long long)t * 0x9E3779B97F4A7C15ULL) >> 40 & (cap - 1);
        while (tab[h] != -1) h = (h + 1) & (cap - 1);
      }
      tab[h] = t;
      d[m] = t;
    }
    /* draw k + (k - 1 - i) is uniform in [0, i] */
    for (long long i = k - 1; i >= 1; i--) {
      long long j = d[2 * k - 1 - i], x = d[i];
      d[i] = d[j]; d[j] = x;
    }
  }
  __syncthreads();
  for (long long m = threadIdx.x; m < k; m += blockDim.x) y[m] = d[m];
}
