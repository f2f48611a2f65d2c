extern "C" __global__ void lm_arange(LM_S *p, long long n, LM_C x0r, LM_C dlr,
    LM_C x0i, LM_C dli, LM_S f0r, LM_S f0i, LM_S f1r, LM_S f1i)
{
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    LM_S r = i == 0 ? f0r : i == 1 ? f1r : LM_ST(LM_AT(x0r, i, dlr));
    p[LM_K * i] = r;
    if (LM_K == 2) p[LM_K * i + 1] = i == 0 ? f0i : i == 1 ? f1i : LM_ST(LM_AT(x0i, i, dli));
  }
}
