#!/bin/sh
# protocol_bench.sh — tests/protocol/bench_protocol.py (Lumen vs ipykernel,
# raw ZeroMQ client, one run) on the lent GPU machine's 16-core host, a
# quiet machine beside the loaded 2-core development box.  That machine's
# python3 has no ipykernel/pyzmq: they come from tests/gpu/wheels (see
# notebooks.sh); the kernel is the bundle's lumen-kernel (host mode, as the
# bench runs it).  Run from the repo root with tests/gpu/bundle and
# tests/gpu/wheels carried.  Prints the bench's table.
top=$(cd "$(dirname "$0")/../.." && pwd)
PY=${PYTHON:-python3}
work=$(mktemp -d "${TMPDIR:-/tmp}/lumen-pb.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
tar -C "$work" -xJf "$top/tests/gpu/bundle/lumen-gpu.tar.xz" || exit 1
export LD_LIBRARY_PATH="$work/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
if ! "$PY" -c "import zmq, jupyter_client, ipykernel" 2>/dev/null; then
	"$PY" -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --no-index \
		--no-cache-dir --find-links "$top/tests/gpu/wheels" --target "$work/site" \
		jupyter_client pyzmq ipykernel || exit 1
	export PYTHONPATH="$work/site${PYTHONPATH:+:$PYTHONPATH}"
fi
"$PY" "$top/tests/protocol/bench_protocol.py" --kernel "$work/bin/lumen-kernel" \
	-n "${PB_N:-1000}" --starts "${PB_STARTS:-10}" --big "${PB_BIG:-20}"
