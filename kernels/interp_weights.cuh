__device__ void spline_weights(double x, int order, double *w) {
  double y, z, t;
  x -= floor(order & 1 ? x : x + 0.5); y = x; z = 1.0 - x;
  switch (order) {
  case 1: w[0] = 1.0 - x; break;
  case 2: w[1] = 0.75 - x * x; y = 0.5 - x; w[0] = 0.5 * y * y; break;
  case 3: w[1] = (y * y * (y - 2.0) * 3.0 + 4.0) / 6.0;
    w[2] = (z * z * (z - 2.0) * 3.0 + 4.0) / 6.0; w[0] = z * z * z / 6.0; break;
  case 4: t = x * x; w[2] = t * (t * 0.25 - 0.625) + 115.0 / 192.0; y = 1.0 + x;
    w[1] = y * (y * (y * (5.0 - y) / 6.0 - 1.25) + 5.0 / 24.0) + 55.0 / 96.0;
    w[3] = z * (z * (z * (5.0 - z) / 6.0 - 1.25) + 5.0 / 24.0) + 55.0 / 96.0;
    y = 0.5 - x; t = y * y; w[0] = t * t / 24.0; break;
  case 5: t = y * y; w[2] = t * (t * (0.25 - y / 12.0) - 0.5) + 0.55;
    t = z * z; w[3] = t * (t * (0.25 - z / 12.0) - 0.5) + 0.55; y += 1.0;
    w[1] = y * (y * (y * (y * (y / 24.0 - 0.375) + 1.25) - 1.75) + 0.625) + 0.425;
    z += 1.0;
    w[4] = z * (z * (z * (z * (z / 24.0 - 0.375) + 1.25) - 1.75) + 0.625) + 0.425;
    y = 1.0 - x; t = y * y; w[0] = y * t * t / 120.0; break;
  }
  w[order] = 1.0;
  for (int i = 0; i < order; ++i) w[order] -= w[i];
}
