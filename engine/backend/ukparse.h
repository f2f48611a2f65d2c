/*
 * ukparse.h — what CuPy's user kernels share between backends (the CUDA
 * plugin's cuda_obj.c and host mode's host_ukernel.c): the parameter lists
 * ("float32 x, T y, raw T z"), a scalar argument packed as a dtype's C
 * type, a launch's grid / block dimensions, and RawModule.get_global's refusal.
 */
#ifndef LUMEN_UKPARSE_H
#define LUMEN_UKPARSE_H

struct eval;
struct value;
struct npscalar;

struct uk_param { char type[64]; char name[64]; int raw; int dtype; /* -1: a placeholder */ };

/* Parses a parameter list into p[0..max): the count, or -1 with ValueError set. */
int uk_parse_params(struct eval *ev, const char *s, struct uk_param *p, int max);

/* a scalar argument as the C type of a dtype */
union uk_val { unsigned char b[16]; double d; float f; long long ll; };
void uk_pack_as(const struct npscalar *s, int dt, union uk_val *out);

/* grid / block: an int or a tuple of 1 to 3 ints -> d[3] (ones filled in);
 * 0, or -1 with the error set */
int uk_dims(struct eval *ev, struct value *v, unsigned d[3], const char *what);

/* the parameter count of `name`'s __global__ definition in code; -1 when
 * not found (what RawKernel's args=<array> uses in host mode) */
int uk_count_params(const char *code, const char *name);

/* cupyx.jit (ukjit.c): its table and objects, registered at start-up */
void ukjit_register(void);

/* RawModule.get_global(name): CuPy's MemoryPointer to a __device__ /
 * __constant__ variable, which cp.ndarray(shape, dtype, memptr=) views:
 * a named NotImplementedError on both backends (Lumen has no arrays over
 * memory it does not own) */
struct builtin;
struct kwargs;
struct value *uk_get_global(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw);

#endif
