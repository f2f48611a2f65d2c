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
