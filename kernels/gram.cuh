extern "C" __global__ void sv_widen(const float *a, double *b, long long n)
{
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    b[i] = a[i];
}
/* out = v with its n columns in reverse order (n x n) */
extern "C" __global__ void sv_reverse(const double *v, double *out, int n)
{
  long long nn = (long long)n * n;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < nn;
       i += (long long)gridDim.x * blockDim.x)
    out[(n - 1 - i / n) * (long long)n + i % n] = v[i];
}
/* s[j] = min over i <= j of |R[i,i]| (descending to the last bit after
	 * rounding); NaN anywhere: info = 1, as a failed convergence */
extern "C" __global__ void sv_values(const double *r, int ldr, int n, float *s, int *info)
{
  for (int j = blockIdx.x * blockDim.x + threadIdx.x; j < n; j += gridDim.x * blockDim.x) {
    double m = fabs(r[0]);
    for (int i = 1; i <= j; i++) m = fmin(m, fabs(r[i * (long long)ldr + i]));
    double d = r[j * (long long)ldr + j];
    if (d != d) *info = 1;
    s[j] = (float)m;
  }
}
/* u (m x ucols, float) = q * sign(diag r) for the first n columns */
extern "C" __global__ void sv_left(const double *q, const double *r, int m, int ucols, int n, float *u)
{
  long long mn = (long long)m * ucols;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < mn;
       i += (long long)gridDim.x * blockDim.x) {
    long long j = i / m;
    double x = q[i];
    u[i] = (float)(j < n && r[j * m + j] < 0 ? -x : x);
  }
}
/* vt (n x n, float) = v^T */
extern "C" __global__ void sv_right(const double *v, int n, float *vt)
{
  long long nn = (long long)n * n;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < nn;
       i += (long long)gridDim.x * blockDim.x)
    vt[(i % n) * n + i / n] = (float)v[i];
}
/* values only: s[j] = sqrt(max(l[n-1-j], 0)) (l ascending) */
extern "C" __global__ void sv_roots(const double *l, int n, float *s, int *info)
{
  for (int j = blockIdx.x * blockDim.x + threadIdx.x; j < n; j += gridDim.x * blockDim.x) {
    double x = l[n - 1 - j];
    if (x != x) *info = 1;
    s[j] = (float)sqrt(x > 0 ? x : 0.0);
  }
}
