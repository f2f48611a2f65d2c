#!/bin/sh
# bundle.sh — packs a build for the GPU machine (Ubuntu, CUDA 13 in
# /usr/local/cuda, no network): the binaries and the non-CUDA shared
# libraries they need (libzmq, OpenBLAS, FFTW ...) into one compressed
# tarball tests/gpu/bundle/lumen-gpu.tar.xz (ignored by git; pass
# tests/gpu/bundle in `carry`).  There: tests/gpu/check.sh unpacks it.
# usage: tests/gpu/bundle.sh BUILDDIR
set -e
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:?usage: bundle.sh BUILDDIR}
out=$top/tests/gpu/bundle
stage=$(mktemp -d "${TMPDIR:-/tmp}/lumen-bundle.XXXXXX")
mkdir -p "$stage/bin" "$stage/lib" "$out"
# lumen and lumen-kernel load the CUDA plugin lumen-cuda.so from next to them
for b in tests/gpu/lumen-gpu lumen lumen-kernel lumen-mpi-kernel lumen-cuda.so tests/t-cuda-backend \
	 tests/t-cuda-codegen; do
	test -x "$build/$b" || continue
	cp "$build/$b" "$stage/bin/"
	strip --strip-debug "$stage/bin/$(basename "$b")" 2>/dev/null || true
done
# the C reference of tests/gpu/mpi_nccl.sh, for a GPU machine without mpicc
# (it opens libnccl.so.2 at run time: no NCCL needed here)
cuda=${CUDA:-/usr/local/cuda}
if command -v mpicc >/dev/null 2>&1 && test -f "$cuda/include/cuda_runtime.h"; then
	mpicc -O2 "$top/tests/gpu/nccl_ref.c" -I"$cuda/include" -L"$cuda/lib64" -lcudart -ldl \
		-o "$stage/bin/nccl_ref" || echo "bundle.sh: nccl_ref did not build (mpi_nccl.sh builds it there)"
fi
# every library a binary needs, except glibc's, the C++ runtime (newer on the
# GPU machine) and CUDA's (there in /usr/local/cuda/lib64)
for b in "$stage"/bin/*; do
	ldd "$b" | awk '/=> \// { print $3 }'
done | sort -u | while read -r lib; do
	case $lib in
	*/libc.so*|*/libm.so*|*/libmvec.so*|*/libpthread.so*|*/libdl.so*|*/librt.so*|*/ld-linux*|\
	*/libstdc++.so*|*/libgcc_s.so*|/usr/local/cuda*|*/libcuda.so*) ;;
	# MPI comes from the GPU machine's own Open MPI 4.1 (its mpiexec must
	# match the library the ranks load); NCCL is loaded at run time there
	# (copied to lib-mpi/ for a machine without Open MPI: put it on
	# LD_LIBRARY_PATH only where `ldd bin/lumen` finds no libmpi)
	*/libmpi.so*|*/libopen-rte.so*|*/libopen-pal.so*|*/libpmix.so*|*/libhwloc.so*|\
	*/libevent*.so*) mkdir -p "$stage/lib-mpi" && cp -L "$lib" "$stage/lib-mpi/" ;;
	*/libnccl.so*) ;;
	*) cp -L "$lib" "$stage/lib/" ;;
	esac
done
tar -C "$stage" -cJf "$out/lumen-gpu.tar.xz" bin lib $(test -d "$stage/lib-mpi" && echo lib-mpi)
rm -rf "$stage"
ls -la "$out"
