#include "lumen.cuh"
extern "C" __global__ void lm_mm(LM_T *c, const char *a, const char *b, long long m, long long n, long long k,
  long long sa0, long long sa1, long long sb0, long long sb1)
{
  for (long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x; t < m * n; t += (long long)gridDim.x * blockDim.x) {
    long long i = t / n, j = t % n; LM_ACC s = 0;
    for (long long q = 0; q < k; q++) s += (LM_ACC)*(const LM_T *)(a + i * sa0 + q * sa1) * (LM_ACC)*(const LM_T *)(b + q * sb0 + j * sb1);
    c[t] = (LM_T)s;
  }
}
