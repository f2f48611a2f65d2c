/* cc_compat.h — what clang 14 lacks of glibc for the engine (tests/fuzz/cc.sh
 * includes it in every file clang compiles): CMPLX and its float/long double
 * forms, which glibc's <complex.h> defines only under gcc. */
#ifndef CMPLX
#define CMPLX(x, y) __builtin_complex((double)(x), (double)(y))
#define CMPLXF(x, y) __builtin_complex((float)(x), (float)(y))
#define CMPLXL(x, y) __builtin_complex((long double)(x), (long double)(y))
#endif
