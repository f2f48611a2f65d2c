#define C(k) p[(k) * inner]
/* A line's items are loaded PF_CH ahead of the recurrences that read them
 * (the loads no longer wait one by one on the item just written): every
 * item still gets the same operations in the same order as ni_splines.c's
 * loop.  PF_CH items at a time in registers. */
#define PF_CH 16
extern "C" __global__ void lm_prefilter(double *c, long long len, long long inner,
                                        long long lines) {
  double poles[2]; int np;
  switch (ORDER) {
  case 2: poles[0] = -0.171572875253809902396622551580603843; np = 1; break;
  case 3: poles[0] = -0.267949192431122706472553658494127633; np = 1; break;
  case 4: poles[0] = -0.361341225900220177092212841325675255;
    poles[1] = -0.013725429297339121360331226939128204; np = 2; break;
  default: poles[0] = -0.430575347099973791851434783493520110;
    poles[1] = -0.043096288203264653822712376822550182; np = 2; break;
  }
  for (long long l = blockIdx.x * (long long)blockDim.x + threadIdx.x; l < lines;
       l += (long long)gridDim.x * blockDim.x) {
    double *p = c + (l / inner) * len * inner + l % inner, gain = 1.0, t[PF_CH];
    long long n = len, i;
    for (int k = 0; k < np; k++) gain *= (1.0 - poles[k]) * (1.0 - 1.0 / poles[k]);
    for (i = 0; i + PF_CH <= n; i += PF_CH) {
#pragma unroll
      for (int u = 0; u < PF_CH; u++) t[u] = C(i + u);
#pragma unroll
      for (int u = 0; u < PF_CH; u++) C(i + u) = t[u] * gain;
    }
    for (; i < n; i++) C(i) *= gain;
    for (int k = 0; k < np; k++) {
      double z = poles[k], acc;
#if MODE == 5
      { double z_i = z; acc = C(0);
        for (i = 1; i + PF_CH <= n; i += PF_CH) {
#pragma unroll
          for (int u = 0; u < PF_CH; u++) t[u] = C(n - i - u);
#pragma unroll
          for (int u = 0; u < PF_CH; u++) { acc += z_i * t[u]; z_i *= z; }
        }
        for (; i < n; ++i) { acc += z_i * C(n - i); z_i *= z; }
        C(0) = acc / (1 - z_i); }
#elif MODE == 0 || MODE == 2
      { double z_i = z, z_n = pow(z, (double)n), c0 = C(0), cl = C(n - 1), s[PF_CH];
        acc = c0 + z_n * cl;
        /* the last term reads C(0) as the sum so far (n - 1 - i == 0) */
        for (i = 1; i + PF_CH <= n - 1; i += PF_CH) {
#pragma unroll
          for (int u = 0; u < PF_CH; u++) { t[u] = C(i + u); s[u] = C(n - 1 - i - u); }
#pragma unroll
          for (int u = 0; u < PF_CH; u++) { acc += z_i * (t[u] + z_n * s[u]); z_i *= z; }
        }
        for (; i < n; ++i) { acc += z_i * (C(i) + z_n * (n - 1 - i == 0 ? acc : C(n - 1 - i))); z_i *= z; }
        acc *= z / (1 - z_n * z_n); acc += c0; C(0) = acc; }
#else
      { double z_i = z, z_n_1 = pow(z, (double)(n - 1)), s[PF_CH];
        acc = C(0) + z_n_1 * C(n - 1);
        for (i = 1; i + PF_CH <= n - 1; i += PF_CH) {
#pragma unroll
          for (int u = 0; u < PF_CH; u++) { t[u] = C(i + u); s[u] = C(n - 1 - i - u); }
#pragma unroll
          for (int u = 0; u < PF_CH; u++) { acc += z_i * (t[u] + z_n_1 * s[u]); z_i *= z; }
        }
        for (; i < n - 1; ++i) { acc += z_i * (C(i) + z_n_1 * C(n - 1 - i)); z_i *= z; }
        C(0) = acc / (1 - z_n_1 * z_n_1); }
#endif
      /* causal: C(i) += z * C(i - 1), the previous item kept in acc */
      acc = C(0);
      for (i = 1; i + PF_CH <= n; i += PF_CH) {
#pragma unroll
        for (int u = 0; u < PF_CH; u++) t[u] = C(i + u);
#pragma unroll
        for (int u = 0; u < PF_CH; u++) { acc = t[u] + z * acc; C(i + u) = acc; }
      }
      for (; i < n; ++i) { acc = C(i) + z * acc; C(i) = acc; }
#if MODE == 5
      { double z_i = z; acc = C(n - 1);
        for (i = 0; i + PF_CH <= n - 1; i += PF_CH) {
#pragma unroll
          for (int u = 0; u < PF_CH; u++) t[u] = C(i + u);
#pragma unroll
          for (int u = 0; u < PF_CH; u++) { acc += z_i * t[u]; z_i *= z; }
        }
        for (; i < n - 1; ++i) { acc += z_i * C(i); z_i *= z; }
        C(n - 1) = acc * (z / (z_i - 1)); }
#elif MODE == 0 || MODE == 2
      C(n - 1) *= z / (z - 1);
#else
      C(n - 1) = (z * C(n - 2) + C(n - 1)) * z / (z * z - 1);
#endif
      /* anticausal: C(i) = z * (C(i + 1) - C(i)), C(i + 1) kept in acc */
      acc = C(n - 1);
      for (i = n - 2; i - PF_CH + 1 >= 0; i -= PF_CH) {
#pragma unroll
        for (int u = 0; u < PF_CH; u++) t[u] = C(i - u);
#pragma unroll
        for (int u = 0; u < PF_CH; u++) { acc = z * (acc - t[u]); C(i - u) = acc; }
      }
      for (; i >= 0; --i) { acc = z * (acc - C(i)); C(i) = acc; }
    }
  }
}
