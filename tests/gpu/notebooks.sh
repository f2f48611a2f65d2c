#!/bin/sh
# notebooks.sh — executes every notebooks/*.ipynb with nbclient on the GPU
# machine and writes the executed notebooks (outputs saved) to $OUT/notebooks/,
# for the lead to commit over notebooks/.  That machine's python3 has CuPy/
# NumPy/SciPy but no jupyter_client or nbclient and no network: the wheels come
# in tests/gpu/wheels/ (tests/gpu/wheels.sh fetches them; carry it with
# tests/gpu/bundle) and go into a private folder on PYTHONPATH.  The kernel is
# the bundle's lumen-kernel (tests/gpu/bundle.sh), behind a kernelspec in a
# private JUPYTER_PATH.  Prints TAP (one line per notebook: no cell raised),
# also in $OUT/notebooks.log; exit status 1 when a notebook failed.
#   on the device, from the repo root:  sh tests/gpu/notebooks.sh
#   here, host mode, with a build:      LUMEN_DEVICE=host OUT=/tmp/x \
#                                        LUMEN_KERNEL=BUILD/lumen-kernel sh tests/gpu/notebooks.sh
# NB_KERNEL=ipykernel runs the same notebooks under ipykernel with the real CuPy
# instead (into $OUT/notebooks-ipykernel/): every cell must run there too, the
# Lumen-only magics (%device, %memgetinfo, %free, %timeit -c: IPython's
# UsageError) aside.
# Environment: PYTHON (python3), LUMEN_KERNEL (a built kernel instead of the
# bundle's), LUMEN_DEVICE (passed to the kernel), CELL_TIMEOUT (seconds, 600),
# FORCE_WHEELS=1 (install the wheels even if nbclient imports already),
# NB_ONLY (names without .ipynb, space separated: only these notebooks).
top=$(cd "$(dirname "$0")/../.." && pwd)
PY=${PYTHON:-python3}
out=${OUT:-/tmp/lumen-notebooks-out}
mode=${NB_KERNEL:-lumen}
case $mode in
lumen) dest=notebooks; mods="nbclient, nbformat, jupyter_client" ;;
ipykernel) dest=notebooks-ipykernel; mods="nbclient, nbformat, jupyter_client, ipykernel" ;;
*) echo "notebooks.sh: NB_KERNEL is lumen or ipykernel" >&2; exit 2 ;;
esac
work=$(mktemp -d "${TMPDIR:-/tmp}/lumen-nb.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
mkdir -p "$out/$dest" || exit 1

# the kernel: a build's, or the bundle's (with its libraries)
kernel=${LUMEN_KERNEL:-}
if [ "$mode" = ipykernel ]; then
	kernel=$(command -v "$PY")
elif [ -z "$kernel" ]; then
	tar -C "$work" -xJf "$top/tests/gpu/bundle/lumen-gpu.tar.xz" || exit 1
	kernel=$work/bin/lumen-kernel
	export LD_LIBRARY_PATH="$work/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
	plugin=$(find "$work" -name 'lumen-cuda.so' | head -1)
	[ -n "$plugin" ] && export LUMEN_CUDA_PLUGIN="$plugin"
fi
kernel=$(cd "$(dirname "$kernel")" && pwd)/$(basename "$kernel")
if [ ! -x "$kernel" ]; then
	echo "notebooks.sh: no kernel at $kernel" >&2
	exit 1
fi

# nbclient and its dependencies, from the carried wheels when missing
. "$top/tests/gpu/wheels_env.sh"
extra_pkgs=$(test "$mode" = ipykernel && echo ipykernel)
wheels_env || exit 1

# a private Jupyter world: the kernelspec "lumen" names this kernel
mkdir -p "$work/jupyter/kernels/lumen" "$work/run"
if [ "$mode" = ipykernel ]; then
	argv="\"$kernel\", \"-m\", \"ipykernel_launcher\""
else
	argv="\"$kernel\""
fi
cat >"$work/jupyter/kernels/lumen/kernel.json" <<JSON
{"argv": [$argv, "-f", "{connection_file}"], "display_name": "Lumen (GPU arrays)",
 "language": "python", "interrupt_mode": "signal"}
JSON
export JUPYTER_PATH="$work/jupyter" JUPYTER_DATA_DIR="$work/jupyter"
export JUPYTER_RUNTIME_DIR="$work/runtime" JUPYTER_CONFIG_DIR="$work/config" JUPYTER_PLATFORM_DIRS=1

"$PY" - "$top/notebooks" "$out/$dest" "$work/run" "${CELL_TIMEOUT:-600}" "$out/$dest.log" "$mode" <<'PYEOF'
import glob, os, sys, time
import nbformat
from nbclient import NotebookClient

src, dst, cwd, timeout = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
log = open(sys.argv[5], "w")
mode = sys.argv[6]


def say(line):
    print(line, flush=True)
    log.write(line + "\n")
    log.flush()


books = sorted(glob.glob(os.path.join(src, "*.ipynb")))
only = os.environ.get("NB_ONLY", "").split()
if only:
    books = [b for b in books if os.path.basename(b)[:-len(".ipynb")] in only]
say("1..%d" % len(books))
failed = 0
for i, path in enumerate(books, 1):
    name = os.path.basename(path)
    nb = nbformat.read(path, as_version=4)
    t0 = time.time()
    note = ""
    try:
        # every cell runs; errors stay in the saved outputs and fail the notebook
        NotebookClient(nb, kernel_name="lumen", timeout=timeout, allow_errors=True,
                       record_timing=False, resources={"metadata": {"path": cwd}}).execute()
    except Exception as e:  # a dead kernel, a timeout
        note = "%s: %s" % (type(e).__name__, (str(e).strip().splitlines() or [""])[-1])
    errors, lumen_only = [], []
    for k, c in enumerate(nb.cells):
        for o in c.get("outputs", []) if c.cell_type == "code" else []:
            text = "".join(o.get("text", ""))
            if mode == "ipykernel" and o.get("output_type") == "stream" and "UsageError" in text:
                lumen_only.append("cell %d: %s" % (k, text.strip().splitlines()[-1]))
            if o.get("output_type") != "error":
                continue
            e = "cell %d: %s: %s" % (k, o.get("ename"), o.get("evalue"))
            # under ipykernel a Lumen-only magic is IPython's UsageError
            (lumen_only if mode == "ipykernel" and o.get("ename") == "UsageError"
             else errors).append(e)
    nbformat.validate(nb)
    nbformat.write(nb, os.path.join(dst, name))
    ok = not note and not errors
    failed += not ok
    say("%s %d - %s (%.1f s)" % ("ok" if ok else "not ok", i, name, time.time() - t0))
    for line in ([note] if note else []) + errors:
        say("# " + line)
    for line in lumen_only:
        say("# (Lumen-only magic) " + line)
say("# executed notebooks in %s" % dst)
sys.exit(1 if failed else 0)
PYEOF
exit $?
