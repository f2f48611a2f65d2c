/* np.put on the device (cuda_index.c's cuda_put_index): a.flat[idx[i]] =
 * vals[i % nv], the index wrapped (mode 1), clipped (mode 2) or, in raise
 * mode (0), negatives counted from the end; with check set nothing is
 * written and the smallest position of an index outside [-n, n) goes to
 * *bad (atomicMin) for the host to report.  LM_ITEM bytes an item, moved
 * in LM_U units. */
extern "C" __global__ void lm_put(char *a, long long n, const long long *idx, long long k,
    const char *vals, long long nv, int mode, int check, unsigned long long *bad)
{
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < k;
       i += (long long)gridDim.x * blockDim.x) {
    long long v = __ldg(idx + i);
    if (mode == 1) {
      v %= n;
      if (v < 0) v += n;
    } else if (mode == 2) {
      v = v < 0 ? 0 : v >= n ? n - 1 : v;
    } else {
      if (v < 0) v += n;
      if (v < 0 || v >= n) {
        if (check) atomicMin(bad, (unsigned long long)i);
        continue;
      }
    }
    if (check) continue;
    const LM_U *s = (const LM_U *)(vals + (nv == 1 ? 0 : i % nv) * LM_ITEM);
    LM_U *t = (LM_U *)(a + v * LM_ITEM);
#pragma unroll
    for (int q = 0; q < LM_ITEM / (int)sizeof(LM_U); q++) t[q] = s[q];
  }
}
