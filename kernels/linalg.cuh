/* linalg.cuh — the small kernels of the CUDA backend's linear algebra
 * (engine/backend/cuda/cuda_solver.c, embedded by kernels/embed.sh): the
 * pointer arrays of cuBLAS's batched LU, a triangle of column-major
 * matrices zeroed in place, and NumPy's sign and log|det| of each LU.
 * R is the real type of the matrices' dtype, C 2 for complex (R pairs). */

/* out[i] = base + i * stride (bytes), i < n */
extern "C" __global__ void la_ptrs(char *base, long long stride, long long n, char **out)
{
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    out[i] = base + i * stride;
}

/* batch column-major m x n matrices: items (i, j) with j > i (upper) or
 * i > j zeroed; conj: the kept items conjugated, a zero imaginary part
 * (and the diagonal's) +0 */
template <typename R, int C>
__device__ void la_trizero(R *a, long long batch, int m, int n, int upper, int conj)
{
  long long per = (long long)m * n, tot = per * batch;
  for (long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x; t < tot;
       t += (long long)gridDim.x * blockDim.x) {
    long long e = t % per;
    long long j = e / m, i = e % m;
    R *p = a + t * C;
    if (upper ? j > i : i > j) {
      p[0] = (R)0;
      if (C == 2) p[1] = (R)0;
    } else if (C == 2 && conj) {
      p[1] = (i == j || p[1] == (R)0) ? (R)0 : -p[1];
    }
  }
}
extern "C" __global__ void la_trizero_f(float *a, long long b, int m, int n, int u, int c) { la_trizero<float, 1>(a, b, m, n, u, c); }
extern "C" __global__ void la_trizero_d(double *a, long long b, int m, int n, int u, int c) { la_trizero<double, 1>(a, b, m, n, u, c); }
extern "C" __global__ void la_trizero_c(float *a, long long b, int m, int n, int u, int c) { la_trizero<float, 2>(a, b, m, n, u, c); }
extern "C" __global__ void la_trizero_z(double *a, long long b, int m, int n, int u, int c) { la_trizero<double, 2>(a, b, m, n, u, c); }

/* One block per matrix (grid-stride over the batch), blockDim a power of
 * two <= 256: NumPy's slogdet of an LU (getrf's, column-major n x n) and
 * its pivots (1-based): sign = (-1)^(row swaps) * prod(u_ii / |u_ii|),
 * logdet = sum log|u_ii|; a zero u_ii gives sign 0 and logdet -inf.  det
 * (may be NULL) = sign * exp(logdet).  Sums in double. */
template <typename R, int C>
__device__ void la_slogdet(const R *lu, const int *ipiv, long long batch, int n,
                           R *sign, R *logdet, R *det)
{
  __shared__ double s_log[256], s_re[256], s_im[256];
  __shared__ int s_neg[256], s_zero[256];
  int t = threadIdx.x, bs = blockDim.x;
  for (long long b = blockIdx.x; b < batch; b += gridDim.x) {
    const R *a = lu + b * (long long)n * n * C;
    const int *p = ipiv + b * (long long)n;
    double lg = 0, re = 1, im = 0;
    int neg = 0, zero = 0;
    for (int i = t; i < n; i += bs) {
      const R *d = a + ((long long)i * n + i) * C;
      neg += p[i] != i + 1;
      if (C == 1) {
        double e = d[0];
        if (e == 0) zero = 1;
        if (e < 0) { neg++; e = -e; }
        lg += log(e);
      } else {
        double er = d[0], ei = d[1], ab = hypot(er, ei);
        if (er == 0 && ei == 0) { zero = 1; continue; }
        double ur = er / ab, ui = ei / ab, nr = re * ur - im * ui;
        im = re * ui + im * ur;
        re = nr;
        lg += log(ab);
      }
    }
    s_log[t] = lg; s_re[t] = re; s_im[t] = im; s_neg[t] = neg; s_zero[t] = zero;
    __syncthreads();
    for (int s = bs / 2; s > 0; s >>= 1) {
      if (t < s) {
        double ar = s_re[t], ai = s_im[t], br = s_re[t + s], bi = s_im[t + s];
        s_log[t] += s_log[t + s];
        s_re[t] = ar * br - ai * bi;
        s_im[t] = ar * bi + ai * br;
        s_neg[t] += s_neg[t + s];
        s_zero[t] |= s_zero[t + s];
      }
      __syncthreads();
    }
    if (t == 0) {
      double sr = (s_neg[0] & 1) ? -1.0 : 1.0, si = 0, l = s_log[0];
      if (C == 2) { si = sr * s_im[0]; sr = sr * s_re[0]; }
      if (s_zero[0]) { sr = 0; si = 0; l = -1.0 / 0.0; }
      sign[b * C] = (R)sr;
      if (C == 2) sign[b * C + 1] = (R)si;
      logdet[b] = (R)l;
      if (det) {
        double m = exp(l);
        det[b * C] = (R)(sr * m);
        if (C == 2) det[b * C + 1] = (R)(si * m);
      }
    }
    __syncthreads();
  }
}
extern "C" __global__ void la_slogdet_f(const float *lu, const int *p, long long b, int n, float *s, float *l, float *d) { la_slogdet<float, 1>(lu, p, b, n, s, l, d); }
extern "C" __global__ void la_slogdet_d(const double *lu, const int *p, long long b, int n, double *s, double *l, double *d) { la_slogdet<double, 1>(lu, p, b, n, s, l, d); }
extern "C" __global__ void la_slogdet_c(const float *lu, const int *p, long long b, int n, float *s, float *l, float *d) { la_slogdet<float, 2>(lu, p, b, n, s, l, d); }
extern "C" __global__ void la_slogdet_z(const double *lu, const int *p, long long b, int n, double *s, double *l, double *d) { la_slogdet<double, 2>(lu, p, b, n, s, l, d); }

/* geev's output in complex form (struct backend_linalg's geev_unpack).
 * Real R (C == 1): w holds wr[0..n) then wi[0..n) per matrix and v the
 * column-major vectors, a conjugate pair (wi[j] > 0) as columns j (re) and
 * j + 1 (im); complex (C == 2): w and v are complex already.  cw: n complex
 * per matrix; cv (when v): n x n complex, C order. */
template <typename R, int C>
__device__ void la_geev_unpack(const R *w, const R *v, long long batch, int n, R *cw, R *cv)
{
  long long nn = (long long)n * n, totw = batch * n, tot = v ? batch * nn : 0;
  for (long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x; t < totw + tot;
       t += (long long)gridDim.x * blockDim.x) {
    if (t < totw) {
      long long b = t / n, j = t % n;
      if (C == 1) {
        cw[2 * t] = w[b * 2 * n + j];
        cw[2 * t + 1] = w[b * 2 * n + n + j];
      } else {
        cw[2 * t] = w[2 * t];
        cw[2 * t + 1] = w[2 * t + 1];
      }
      continue;
    }
    long long e = t - totw, b = e / nn, r = e % nn, i = r / n, j = r % n;
    const R *vb = v + b * nn * C;
    R re, im;
    if (C == 2) {
      re = vb[2 * (j * n + i)];
      im = vb[2 * (j * n + i) + 1];
    } else {
      R wi = w[b * 2 * n + n + j];
      if (wi > (R)0 && j + 1 < n) {
        re = vb[j * n + i];
        im = vb[(j + 1) * n + i];
      } else if (wi < (R)0 && j > 0) {
        re = vb[(j - 1) * n + i];
        im = -vb[j * n + i];
      } else {
        re = vb[j * n + i];
        im = (R)0;
      }
    }
    cv[2 * e] = re;
    cv[2 * e + 1] = im;
  }
}
extern "C" __global__ void la_geev_unpack_f(const float *w, const float *v, long long b, int n, float *cw, float *cv) { la_geev_unpack<float, 1>(w, v, b, n, cw, cv); }
extern "C" __global__ void la_geev_unpack_d(const double *w, const double *v, long long b, int n, double *cw, double *cv) { la_geev_unpack<double, 1>(w, v, b, n, cw, cv); }
extern "C" __global__ void la_geev_unpack_c(const float *w, const float *v, long long b, int n, float *cw, float *cv) { la_geev_unpack<float, 2>(w, v, b, n, cw, cv); }
extern "C" __global__ void la_geev_unpack_z(const double *w, const double *v, long long b, int n, double *cw, double *cv) { la_geev_unpack<double, 2>(w, v, b, n, cw, cv); }
