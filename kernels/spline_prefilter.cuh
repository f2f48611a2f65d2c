#define C(k) p[(k) * inner]
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
    double *p = c + (l / inner) * len * inner + l % inner, gain = 1.0;
    long long n = len;
    for (int k = 0; k < np; k++) gain *= (1.0 - poles[k]) * (1.0 - 1.0 / poles[k]);
    for (long long i = 0; i < n; i++) C(i) *= gain;
    for (int k = 0; k < np; k++) {
      double z = poles[k];
#if MODE == 5
      { double z_i = z; for (long long i = 1; i < n; ++i) { C(0) += z_i * C(n - i); z_i *= z; }
        C(0) /= 1 - z_i; }
#elif MODE == 0 || MODE == 2
      { double z_i = z, z_n = pow(z, (double)n), c0 = C(0);
        C(0) = C(0) + z_n * C(n - 1);
        for (long long i = 1; i < n; ++i) { C(0) += z_i * (C(i) + z_n * C(n - 1 - i)); z_i *= z; }
        C(0) *= z / (1 - z_n * z_n); C(0) += c0; }
#else
      { double z_i = z, z_n_1 = pow(z, (double)(n - 1));
        C(0) = C(0) + z_n_1 * C(n - 1);
        for (long long i = 1; i < n - 1; ++i) { C(0) += z_i * (C(i) + z_n_1 * C(n - 1 - i)); z_i *= z; }
        C(0) /= 1 - z_n_1 * z_n_1; }
#endif
      for (long long i = 1; i < n; ++i) C(i) += z * C(i - 1);
#if MODE == 5
      { double z_i = z; for (long long i = 0; i < n - 1; ++i) { C(n - 1) += z_i * C(i); z_i *= z; }
        C(n - 1) *= z / (z_i - 1); }
#elif MODE == 0 || MODE == 2
      C(n - 1) *= z / (z - 1);
#else
      C(n - 1) = (z * C(n - 2) + C(n - 1)) * z / (z * z - 1);
#endif
      for (long long i = n - 2; i >= 0; --i) C(i) = z * (C(i + 1) - C(i));
    }
  }
}
