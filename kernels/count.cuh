extern "C" __global__ void lm_bounds(const LM_T *x, long long n, double *part)
{
  __shared__ double smin[256], smax[256]; __shared__ int snan;
  double lo = 1.0 / 0.0, hi = -1.0 / 0.0; int nan = 0;
  if (threadIdx.x == 0) snan = 0;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    double v = LM_LD(x[i]);
    if (v != v) nan = 1;
    lo = v < lo ? v : lo; hi = v > hi ? v : hi;
  }
  smin[threadIdx.x] = lo; smax[threadIdx.x] = hi;
  __syncthreads();
  if (nan) snan = 1;
  for (int s = 128; s > 0; s >>= 1) {
    if (threadIdx.x < s) {
      double a = smin[threadIdx.x + s], b = smax[threadIdx.x + s];
      if (a < smin[threadIdx.x]) smin[threadIdx.x] = a;
      if (b > smax[threadIdx.x]) smax[threadIdx.x] = b;
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    part[3 * blockIdx.x] = smin[0]; part[3 * blockIdx.x + 1] = smax[0];
    part[3 * blockIdx.x + 2] = snan;
  }
}
/* mode 0: uniform bins, 1: bins by search, 2: bincount (k = x) */
extern "C" __global__ void lm_bins(const LM_T *x, long long n, const double *e,
    long long nb, double norm, int mode, unsigned long long *cnt)
{
  extern __shared__ unsigned int sh[];
  int priv = nb <= LM_SHBINS;
  if (priv) { for (long long k = threadIdx.x; k < nb; k += blockDim.x) sh[k] = 0; __syncthreads(); }
  double lo = mode == 2 ? 0.0 : e[0], hi = mode == 2 ? 0.0 : e[nb];
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    long long k;
    if (mode == 2) {
      k = (long long)x[i];
    } else {
      double v = LM_LD(x[i]);
      if (!(v >= lo && v <= hi)) continue;
      if (mode == 0) {
        k = (long long)__dmul_rn(__dsub_rn(v, lo), norm);
        if (k == nb) k--;
        if (v < e[k]) k--;
        else if (k != nb - 1 && v >= e[k + 1]) k++;
      } else {
        const double *b = e; long long len = nb + 1;
        while (len > 1) { long long half = len / 2; b = b[half] <= v ? b + half : b; len -= half; }
        k = b - e;
        if (k >= nb) k = nb - 1;
      }
    }
    if (priv) atomicAdd(sh + k, 1u); else atomicAdd(cnt + k, 1ull);
  }
  if (priv) {
    __syncthreads();
    for (long long k = threadIdx.x; k < nb; k += blockDim.x)
      if (sh[k]) atomicAdd(cnt + k, (unsigned long long)sh[k]);
  }
}
