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
/* bincount with weights (backend.h's bin_weights): sums[x[i]] += w[i] */
extern "C" __global__ void lm_wbins(const LM_T *x, long long n, const double *w, double *sums)
{
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    atomicAdd(sums + (long long)x[i], w[i]);
}
/* plot decimation (backend.h's segment_argminmax): per segment [b[s],
 * b[s+1]) of y the first smallest and first largest item's index, NaNs
 * after every number, of two NaNs the later; one block a segment */
__device__ int lm_seg_beats(double av, long long ai, double bv, long long bi, int mx)
{
  if (ai < 0) return 0;
  if (bi < 0) return 1;
  int an = av != av, bn = bv != bv;
  if (an != bn) return bn;
  if (an) return ai > bi;
  if (av != bv) return mx ? av > bv : av < bv;
  return ai < bi;
}
extern "C" __global__ void lm_segminmax(const double *y, const long long *b, long long nseg,
    long long *imin, long long *imax)
{
  __shared__ double sv[256], sw[256]; __shared__ long long si[256], sj[256];
  int t = threadIdx.x;
  for (long long s = blockIdx.x; s < nseg; s += gridDim.x) {
    double mv = 0, xv = 0; long long mi = -1, xi = -1;
    for (long long i = b[s] + t; i < b[s + 1]; i += blockDim.x) {
      double v = y[i];
      if (lm_seg_beats(v, i, mv, mi, 0)) { mv = v; mi = i; }
      if (lm_seg_beats(v, i, xv, xi, 1)) { xv = v; xi = i; }
    }
    sv[t] = mv; si[t] = mi; sw[t] = xv; sj[t] = xi;
    __syncthreads();
    for (int k = 128; k > 0; k >>= 1) {
      if (t < k) {
        if (lm_seg_beats(sv[t + k], si[t + k], sv[t], si[t], 0)) { sv[t] = sv[t + k]; si[t] = si[t + k]; }
        if (lm_seg_beats(sw[t + k], sj[t + k], sw[t], sj[t], 1)) { sw[t] = sw[t + k]; sj[t] = sj[t + k]; }
      }
      __syncthreads();
    }
    if (t == 0) { imin[s] = si[0]; imax[s] = sj[0]; }
    __syncthreads();
  }
}
