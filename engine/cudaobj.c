/*
 * cudaobj.c — CuPy's CUDA objects for the `cupy.cuda` module and cupy's
 * top level: Device, Stream, Event, runtime functions, the memory pools and
 * the user kernels (ElementwiseKernel, ReductionKernel, RawKernel,
 * RawModule).  Owns the objects' C state; never computes on arrays itself.
 */
#include "config.h"
#include "cudabe.h"

#ifdef HAVE_CUDA
int cudaobj_linked;
#endif
