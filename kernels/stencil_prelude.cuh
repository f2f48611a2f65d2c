struct P { long long oshape[ND], ishape[ND], istride[ND], start[ND], ostride_line;
  double cval; long long n; };
__device__ __forceinline__ long long ext(long long i, long long n) {
  if (i >= 0 && i < n) return i;
#if MODE == 0
  return i < 0 ? 0 : n - 1;
#elif MODE == 1
  i %= n; return i < 0 ? i + n : i;
#elif MODE == 2
  i %= 2 * n; if (i < 0) i += 2 * n; return i < n ? i : 2 * n - 1 - i;
#elif MODE == 3
  if (n == 1) return 0; i %= 2 * n - 2; if (i < 0) i += 2 * n - 2;
  return i < n ? i : 2 * n - 2 - i;
#else
  return -1;
#endif
}
__device__ __forceinline__ double ld(const IN_T *x, long long off) {
  return (double)*(const IN_T *)((const char *)x + off); }
