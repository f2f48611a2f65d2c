#!/bin/sh
# probe_devperf.sh — builds tests/gpu/probe_devperf.c with gcc against
# /usr/local/cuda (runtime and driver API; NVML is dlopen'd) and runs it on
# the GPU machine.  usage: probe_devperf.sh [SRCDIR]   (CUDA=path overrides)
top=${1:-.}
cuda=${CUDA:-/usr/local/cuda}
exe=$(mktemp /tmp/probe_devperf.XXXXXX) || exit 1
stub=""
test -e "$cuda/lib64/libcuda.so" || stub="-L$cuda/lib64/stubs"
gcc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -I"$cuda/include" "$top/tests/gpu/probe_devperf.c" -o "$exe" \
	-L"$cuda/lib64" $stub -Wl,-rpath,"$cuda/lib64" -lcudart -lcuda -ldl || { rm -f "$exe"; exit 1; }
"$exe"
rc=$?
rm -f "$exe"
exit $rc
