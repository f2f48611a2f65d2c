/*
 * fixed.cu — the CUDA backend's kernels that never change, compiled by nvcc
 * at build time (sm_90 + PTX): CUB radix sort (whole array or row by row,
 * with argsort; complex by (real, imag) in NumPy's order with NaNs last),
 * scans (cumsum/cumprod), and the edge-item gather repr uses.
 *
 * Callers (cuda_backend.c) pass device pointers and a stream; temporary
 * memory comes through the allocator they give.  Returns 0, a cudaError_t,
 * -2 for an unsupported dtype or -3 when the allocator fails.
 */
#include <cub/cub.cuh>
#include <cuda/std/tuple>
#include <cuda_fp16.h>
#include <stdint.h>

extern "C" {
#include "array/dtype.h"
}

typedef void *(*alloc_fn)(size_t);
typedef void (*release_fn)(void *, size_t);

/* ---- gather: out[i] = bytes at src + off[i] ---- */
__global__ void k_gather(char *out, const char *src, const int64_t *off, int64_t n, int item)
{
	for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
		for (int b = 0; b < item; b++)
			out[i * item + b] = src[off[i] + b];
}

extern "C" int cuk_gather(void *out, const void *src, const int64_t *off, int64_t n, int item, void *stream)
{
	int blocks = (int)((n + 255) / 256);
	if (blocks > 1024)
		blocks = 1024;
	k_gather<<<blocks, 256, 0, (cudaStream_t)stream>>>((char *)out, (const char *)src, off, n, item);
	return (int)cudaGetLastError();
}

/* ---- sort ---- */
__global__ void k_iota_rows(int64_t *idx, int64_t n, int64_t cols)
{
	for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
		idx[i] = i % cols;
}

__global__ void k_row_offsets(int *off, int64_t rows, int64_t cols)
{
	for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i <= rows; i += (int64_t)gridDim.x * blockDim.x)
		off[i] = (int)(i * cols);
}

struct tmp {
	alloc_fn alloc;
	release_fn release;
	void *p[4];
	size_t n[4];
	int k;
	void *get(size_t bytes)
	{
		void *q = alloc(bytes ? bytes : 1);
		if (q) {
			p[k] = q;
			n[k++] = bytes ? bytes : 1;
		}
		return q;
	}
	~tmp()
	{
		for (int i = 0; i < k; i++)
			release(p[i], n[i]);
	}
};

template <typename K>
static int sort_t(K *keys, int64_t *idx, int64_t rows, int64_t cols, alloc_fn alloc, release_fn release,
		  cudaStream_t s)
{
	int64_t n = rows * cols;
	tmp t = {alloc, release, {0}, {0}, 0};
	K *kalt = (K *)t.get(n * sizeof(K));
	int64_t *vin = NULL, *valt = NULL;
	int *off = NULL;
	size_t tb = 0;
	void *temp;
	cudaError_t e;
	int blocks = (int)((n + 255) / 256 < 4096 ? (n + 255) / 256 : 4096);

	if (!kalt)
		return -3;
	if (rows > 1 && n >= ((int64_t)1 << 31))
		return -2;
	cub::DoubleBuffer<K> kb(keys, kalt);
	if (idx) {
		if (!(vin = (int64_t *)t.get(n * 8)) || !(valt = (int64_t *)t.get(n * 8)))
			return -3;
		k_iota_rows<<<blocks, 256, 0, s>>>(vin, n, cols);
	}
	cub::DoubleBuffer<int64_t> vb(vin, valt);
	if (rows > 1) {
		if (!(off = (int *)t.get((rows + 1) * sizeof(int))))
			return -3;
		k_row_offsets<<<blocks, 256, 0, s>>>(off, rows, cols);
		e = idx ? cub::DeviceSegmentedRadixSort::SortPairs(NULL, tb, kb, vb, (int)n, (int)rows, off, off + 1, 0, sizeof(K) * 8, s)
			: cub::DeviceSegmentedRadixSort::SortKeys(NULL, tb, kb, (int)n, (int)rows, off, off + 1, 0, sizeof(K) * 8, s);
		if (e)
			return e;
		if (!(temp = t.get(tb)))
			return -3;
		e = idx ? cub::DeviceSegmentedRadixSort::SortPairs(temp, tb, kb, vb, (int)n, (int)rows, off, off + 1, 0, sizeof(K) * 8, s)
			: cub::DeviceSegmentedRadixSort::SortKeys(temp, tb, kb, (int)n, (int)rows, off, off + 1, 0, sizeof(K) * 8, s);
	} else {
		e = idx ? cub::DeviceRadixSort::SortPairs(NULL, tb, kb, vb, n, 0, sizeof(K) * 8, s)
			: cub::DeviceRadixSort::SortKeys(NULL, tb, kb, n, 0, sizeof(K) * 8, s);
		if (e)
			return e;
		if (!(temp = t.get(tb)))
			return -3;
		e = idx ? cub::DeviceRadixSort::SortPairs(temp, tb, kb, vb, n, 0, sizeof(K) * 8, s)
			: cub::DeviceRadixSort::SortKeys(temp, tb, kb, n, 0, sizeof(K) * 8, s);
	}
	if (e)
		return e;
	if (kb.Current() != keys)
		if ((e = cudaMemcpyAsync(keys, kb.Current(), n * sizeof(K), cudaMemcpyDeviceToDevice, s)))
			return e;
	if (idx && (e = cudaMemcpyAsync(idx, vb.Current(), n * 8, cudaMemcpyDeviceToDevice, s)))
		return e;
	/* the temporaries go back to the stream-ordered pool: safe to free now */
	return (int)cudaGetLastError();
}

/* ---- complex sort: NumPy's order R+Rj < R+nanj < nan+Rj < nan+nanj, each
 * class ordered by its non-NaN parts (npy_sort's CLT).  One radix sort of
 * composite keys (row * 4 + class, real bits, imag bits), most significant
 * first, carrying the flat index; the values are then gathered from a copy
 * of the input, so -0.0 and NaN payloads come back unchanged. */
template <typename U>
struct ckey {
	uint32_t hi;   /* row * 4 + class */
	U re, im;      /* order-preserving bits; 0 for a NaN part */
};

template <typename U>
struct ckey_parts {
	__host__ __device__ ::cuda::std::tuple<uint32_t &, U &, U &> operator()(ckey<U> &k) const
	{
		return {k.hi, k.re, k.im};
	}
};

__device__ __forceinline__ uint32_t order_bits(float x)
{
	uint32_t b = __float_as_uint(x + 0.0f); /* -0.0 sorts as +0.0 */
	return b ^ ((b >> 31) ? 0xffffffffu : 0x80000000u);
}

__device__ __forceinline__ uint64_t order_bits(double x)
{
	uint64_t b = (uint64_t)__double_as_longlong(x + 0.0);
	return b ^ ((b >> 63) ? 0xffffffffffffffffull : 0x8000000000000000ull);
}

template <typename F, typename U>
__global__ void k_complex_keys(const F *z, ckey<U> *k, int64_t *v, int64_t n, int64_t cols)
{
	for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
		F re = z[2 * i], im = z[2 * i + 1];
		int nr = re != re, ni = im != im;
		ckey<U> c;
		c.hi = (uint32_t)(i / cols) * 4u + (uint32_t)(nr * 2 + ni);
		c.re = nr ? 0 : order_bits(re);
		c.im = ni ? 0 : order_bits(im);
		k[i] = c;
		v[i] = i;
	}
}

/* z[i] = copy[v[i]], idx[i] = v[i] % cols */
template <typename F>
__global__ void k_complex_place(F *z, const F *copy, const int64_t *v, int64_t *idx, int64_t n, int64_t cols)
{
	for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
		int64_t j = v[i];
		z[2 * i] = copy[2 * j];
		z[2 * i + 1] = copy[2 * j + 1];
		if (idx)
			idx[i] = j % cols;
	}
}

template <typename F, typename U>
static int sort_complex(F *z, int64_t *idx, int64_t rows, int64_t cols, alloc_fn alloc, release_fn release,
			cudaStream_t s)
{
	int64_t n = rows * cols;
	tmp t = {alloc, release, {0}, {0}, 0};
	int blocks = (int)((n + 255) / 256 < 4096 ? (n + 255) / 256 : 4096);
	ckey<U> *kin, *kout;
	int64_t *vin, *vout;
	F *copy;
	size_t tb = 0;
	void *temp;
	cudaError_t e;

	if (rows >= ((int64_t)1 << 30))
		return -2;
	/* keys and values in one block (tmp holds four), the copy, the temp */
	size_t kb = (size_t)n * sizeof(ckey<U>), vb = (size_t)n * 8;
	char *kv = (char *)t.get(2 * kb + 2 * vb);
	if (!kv || !(copy = (F *)t.get((size_t)n * 2 * sizeof(F))))
		return -3;
	kin = (ckey<U> *)kv;
	kout = (ckey<U> *)(kv + kb);
	vin = (int64_t *)(kv + 2 * kb);
	vout = (int64_t *)(kv + 2 * kb + vb);
	k_complex_keys<F, U><<<blocks, 256, 0, s>>>(z, kin, vin, n, cols);
	if ((e = cudaMemcpyAsync(copy, z, (size_t)n * 2 * sizeof(F), cudaMemcpyDeviceToDevice, s)))
		return e;
	e = cub::DeviceRadixSort::SortPairs(NULL, tb, kin, kout, vin, vout, n, ckey_parts<U>(), s);
	if (e)
		return e;
	if (!(temp = t.get(tb)))
		return -3;
	e = cub::DeviceRadixSort::SortPairs(temp, tb, kin, kout, vin, vout, n, ckey_parts<U>(), s);
	if (e)
		return e;
	k_complex_place<F><<<blocks, 256, 0, s>>>(z, copy, vout, idx, n, cols);
	return (int)cudaGetLastError();
}

/* ---- complex64, one row, no NaN: one radix sort of 64-bit keys (real bits
 * over imag bits) carrying 32-bit positions, 8 passes over 12 bytes an
 * element instead of 12 passes over 20.  The keys kernel flags a NaN; then
 * the caller takes the general path above (returns 1). */
__global__ void k_c64_keys(const float *z, uint64_t *k, uint32_t *v, int64_t n, int *nan)
{
	int seen = 0;
	for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
		float re = z[2 * i], im = z[2 * i + 1];
		seen |= re != re || im != im;
		k[i] = (uint64_t)order_bits(re) << 32 | order_bits(im);
		v[i] = (uint32_t)i;
	}
	if (seen)
		atomicOr(nan, 1);
}

__global__ void k_c64_place(float *z, const float *copy, const uint32_t *v, int64_t *idx, int64_t n)
{
	for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
		uint32_t j = v[i];
		z[2 * i] = copy[2 * j];
		z[2 * i + 1] = copy[2 * j + 1];
		if (idx)
			idx[i] = j;
	}
}

static int sort_c64_row(float *z, int64_t *idx, int64_t n, alloc_fn alloc, release_fn release, cudaStream_t s)
{
	tmp t = {alloc, release, {0}, {0}, 0};
	int blocks = (int)((n + 255) / 256 < 4096 ? (n + 255) / 256 : 4096), nan = 0;
	size_t kb = (size_t)n * 8, vb = (size_t)n * 4, tb = 0;
	char *kv = (char *)t.get(2 * kb + 2 * vb + 64);
	float *copy;
	void *temp;
	cudaError_t e;
	if (!kv || !(copy = (float *)t.get((size_t)n * 8)))
		return -3;
	uint64_t *kin = (uint64_t *)kv, *kout = (uint64_t *)(kv + kb);
	uint32_t *vin = (uint32_t *)(kv + 2 * kb), *vout = (uint32_t *)(kv + 2 * kb + vb);
	int *flag = (int *)(kv + 2 * kb + 2 * vb);
	if ((e = cudaMemsetAsync(flag, 0, sizeof(int), s)))
		return e;
	k_c64_keys<<<blocks, 256, 0, s>>>(z, kin, vin, n, flag);
	if ((e = cudaMemcpyAsync(&nan, flag, sizeof(int), cudaMemcpyDeviceToHost, s)) || (e = cudaStreamSynchronize(s)))
		return e;
	if (nan)
		return 1;
	if ((e = cudaMemcpyAsync(copy, z, (size_t)n * 8, cudaMemcpyDeviceToDevice, s)))
		return e;
	if ((e = cub::DeviceRadixSort::SortPairs(NULL, tb, kin, kout, vin, vout, n, 0, 64, s)))
		return e;
	if (!(temp = t.get(tb)))
		return -3;
	if ((e = cub::DeviceRadixSort::SortPairs(temp, tb, kin, kout, vin, vout, n, 0, 64, s)))
		return e;
	k_c64_place<<<blocks, 256, 0, s>>>(z, copy, vout, idx, n);
	return (int)cudaGetLastError();
}

extern "C" int cuk_sort(int dt, void *keys, int64_t *idx, int64_t rows, int64_t cols,
			void *(*alloc)(size_t), void (*release)(void *, size_t), void *stream)
{
	cudaStream_t s = (cudaStream_t)stream;
	switch (dt) {
	case DT_BOOL: case DT_UINT8: return sort_t((uint8_t *)keys, idx, rows, cols, alloc, release, s);
	case DT_INT8: return sort_t((int8_t *)keys, idx, rows, cols, alloc, release, s);
	case DT_INT16: return sort_t((int16_t *)keys, idx, rows, cols, alloc, release, s);
	case DT_INT32: return sort_t((int32_t *)keys, idx, rows, cols, alloc, release, s);
	case DT_INT64: return sort_t((int64_t *)keys, idx, rows, cols, alloc, release, s);
	case DT_UINT16: return sort_t((uint16_t *)keys, idx, rows, cols, alloc, release, s);
	case DT_UINT32: return sort_t((uint32_t *)keys, idx, rows, cols, alloc, release, s);
	case DT_UINT64: return sort_t((uint64_t *)keys, idx, rows, cols, alloc, release, s);
	case DT_FLOAT16: return sort_t((__half *)keys, idx, rows, cols, alloc, release, s);
	case DT_FLOAT32: return sort_t((float *)keys, idx, rows, cols, alloc, release, s);
	case DT_FLOAT64: return sort_t((double *)keys, idx, rows, cols, alloc, release, s);
	case DT_COMPLEX64:
		if (rows == 1 && cols < ((int64_t)1 << 32)) {
			int r = sort_c64_row((float *)keys, idx, cols, alloc, release, s);
			if (r != 1)
				return r;
		}
		return sort_complex<float, uint32_t>((float *)keys, idx, rows, cols, alloc, release, s);
	case DT_COMPLEX128: return sort_complex<double, uint64_t>((double *)keys, idx, rows, cols, alloc, release, s);
	default: return -2;
	}
}

/* ---- scan ---- */
struct mul_op {
	template <typename T> __device__ __forceinline__ T operator()(const T &a, const T &b) const { return a * b; }
};
struct add_op {
	template <typename T> __device__ __forceinline__ T operator()(const T &a, const T &b) const { return a + b; }
};

/* one block per row, chunk by chunk, carrying the running value */
template <typename T, typename Op>
__global__ void k_scan_rows(T *d, int64_t rows, int64_t len, Op op, T ident)
{
	typedef cub::BlockScan<T, 256> BS;
	__shared__ typename BS::TempStorage ts;
	__shared__ T carry;
	for (int64_t r = blockIdx.x; r < rows; r += gridDim.x) {
		T *row = d + r * len;
		if (!threadIdx.x)
			carry = ident;
		__syncthreads();
		for (int64_t c = 0; c < len; c += 256) {
			int64_t i = c + threadIdx.x;
			T v = i < len ? row[i] : ident, agg;
			BS(ts).InclusiveScan(v, v, op, agg);
			T base = carry;
			__syncthreads();
			if (i < len)
				row[i] = op(base, v);
			if (!threadIdx.x)
				carry = op(base, agg);
			__syncthreads();
		}
	}
}

/* a thread per (outer, inner) line, walking the axis */
template <typename T, typename Op>
__global__ void k_scan_lines(T *d, int64_t outer, int64_t len, int64_t inner, Op op)
{
	for (int64_t t = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; t < outer * inner; t += (int64_t)gridDim.x * blockDim.x) {
		int64_t o = t / inner, j = t % inner;
		T *p = d + o * len * inner + j;
		T acc = p[0];
		for (int64_t i = 1; i < len; i++) {
			acc = op(acc, p[i * inner]);
			p[i * inner] = acc;
		}
	}
}

template <typename T>
static int scan_t(T *d, int64_t outer, int64_t len, int64_t inner, int prod, alloc_fn alloc,
		  release_fn release, cudaStream_t s)
{
	if (inner == 1 && outer == 1) {
		tmp t = {alloc, release, {0}, {0}, 0};
		T *in = (T *)t.get(len * sizeof(T));
		size_t tb = 0;
		void *temp;
		cudaError_t e;
		if (!in)
			return -3;
		if ((e = cudaMemcpyAsync(in, d, len * sizeof(T), cudaMemcpyDeviceToDevice, s)))
			return e;
		e = prod ? cub::DeviceScan::InclusiveScan(NULL, tb, in, d, mul_op(), len, s)
			: cub::DeviceScan::InclusiveSum(NULL, tb, in, d, len, s);
		if (e)
			return e;
		if (!(temp = t.get(tb)))
			return -3;
		e = prod ? cub::DeviceScan::InclusiveScan(temp, tb, in, d, mul_op(), len, s)
			: cub::DeviceScan::InclusiveSum(temp, tb, in, d, len, s);
		return e ? e : (int)cudaGetLastError();
	}
	if (inner == 1) {
		int blocks = (int)(outer < 65535 ? outer : 65535);
		if (prod)
			k_scan_rows<<<blocks, 256, 0, s>>>(d, outer, len, mul_op(), (T)1);
		else
			k_scan_rows<<<blocks, 256, 0, s>>>(d, outer, len, add_op(), (T)0);
	} else {
		int64_t nt = outer * inner;
		int blocks = (int)((nt + 255) / 256 < 4096 ? (nt + 255) / 256 : 4096);
		if (prod)
			k_scan_lines<<<blocks, 256, 0, s>>>(d, outer, len, inner, mul_op());
		else
			k_scan_lines<<<blocks, 256, 0, s>>>(d, outer, len, inner, add_op());
	}
	return (int)cudaGetLastError();
}

extern "C" int cuk_scan(int dt, void *data, int64_t outer, int64_t len, int64_t inner, int prod,
			void *(*alloc)(size_t), void (*release)(void *, size_t), void *stream)
{
	cudaStream_t s = (cudaStream_t)stream;
	switch (dt) {
	case DT_INT32: return scan_t((int32_t *)data, outer, len, inner, prod, alloc, release, s);
	case DT_INT64: return scan_t((long long *)data, outer, len, inner, prod, alloc, release, s);
	case DT_UINT32: return scan_t((uint32_t *)data, outer, len, inner, prod, alloc, release, s);
	case DT_UINT64: return scan_t((unsigned long long *)data, outer, len, inner, prod, alloc, release, s);
	case DT_FLOAT32: return scan_t((float *)data, outer, len, inner, prod, alloc, release, s);
	case DT_FLOAT64: return scan_t((double *)data, outer, len, inner, prod, alloc, release, s);
	default: return -2;
	}
}
