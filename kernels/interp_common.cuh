__device__ double map_coordinate(double in, long long len, int mode) {
  if (in < 0) {
    switch (mode) {
    case 3: if (len <= 1) return 0; { long long sz2 = 2 * len - 2;
      in = sz2 * (long long)(-in / sz2) + in; return in <= 1 - len ? in + sz2 : -in; }
    case 2: if (len <= 1) return 0; { long long sz2 = 2 * len;
      if (in < -sz2) in = sz2 * (long long)(-in / sz2) + in;
      return in < -len ? in + sz2 : (in > -1e-15 ? 1e-15 : -in) - 1; }
    case 1: if (len <= 1) return 0; { long long sz = len - 1;
      return in + sz * ((long long)(-in / sz) + 1); }
    case 5: if (len <= 1) return 0; return in + len * ((long long)((-1 - in) / len) + 1);
    case 0: return 0;
    case 4: return -1;
    }
  } else if (in > len - 1) {
    switch (mode) {
    case 3: if (len <= 1) return 0; { long long sz2 = 2 * len - 2;
      in -= sz2 * (long long)(in / sz2); return in >= len ? sz2 - in : in; }
    case 2: if (len <= 1) return 0; { long long sz2 = 2 * len;
      in -= sz2 * (long long)(in / sz2); return in >= len ? sz2 - in - 1 : in; }
    case 1: if (len <= 1) return 0; return in - (len - 1) * (long long)(in / (len - 1));
    case 5: if (len <= 1) return 0; return in - len * (long long)(in / len);
    case 0: return (double)(len - 1);
    case 4: return -1;
    }
  }
  return in;
}
