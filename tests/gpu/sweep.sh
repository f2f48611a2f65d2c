#!/bin/sh
# sweep.sh — the device sweep (`make bench-gpu-sweep`): every cp/cupyx.scipy
# function of LANGUAGE.md at ~1e3, ~1e6 and ~1e8 items, run by CuPy
# (python3) and by Lumen (`lumen run`, LUMEN_DEVICE=cuda) from the same cell
# files (tests/gpu/sweep/gen.py), within one time budget, then one table
# (tests/gpu/sweep/table.py): CuPy/Lumen per row, GB/s beside the card's
# copy bandwidth (tests/gpu/sweep/bw.py, measured in this run), Lumen's
# implicit device-to-host transfers, and WRONG where a result differs.
# Writes sweep_raw.txt and sweep.txt to $OUT (or /tmp).
# usage: sweep.sh [SRCDIR [BUILDDIR]]
#   SWEEP_BUDGET=s   seconds for the whole sweep (default 500)
#   SWEEP_ONLY=re    only the rows whose "group name" matches (Python regex)
#   SWEEP_TIERS=l    tiers (gen.py): 1 1e6, 2 1e8, 3 1e3 of each row's first
#                    dtype; 4-6 the same for its other dtypes (default all)
#   SWEEP_SIDES=l    "cupy lumen" (default), or one of them
#   SWEEP_PYTHON     the python3 with CuPy (default python3)
#   LUMEN=path       the lumen to run (default: as bench.sh finds it)
#   SWEEP_DEVICE=d   LUMEN_DEVICE for Lumen (default cuda; host to try it
#                    here, with SWEEP_PYTHON=tests/gpu/sweep/fakecupy.sh)
top=${1:-.}
build=${2:-}
if [ -n "$LUMEN" ]; then
	lumen=$LUMEN
elif [ -z "$build" ]; then
	b=${LUMEN_GPU_DIR:-/tmp/lumen-gpu}   # where the bundle is unpacked (one per concurrent script)
	test -x "$b/bin/lumen-gpu" || { rm -rf "$b" && mkdir -p "$b" && tar -C "$b" -xJf "$top/tests/gpu/bundle/lumen-gpu.tar.xz"; } || exit 1
	export LD_LIBRARY_PATH="$b/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
	lumen=$b/bin/lumen-gpu
	test -x "$b/bin/lumen" && test -f "$b/bin/lumen-cuda.so" && lumen=$b/bin/lumen
else
	lumen=$build/tests/gpu/lumen-gpu
	test -x "$build/lumen" && test -f "$build/lumen-cuda.so" && lumen=$build/lumen
fi
py=${SWEEP_PYTHON:-python3}
out=${OUT:-/tmp}
raw=$out/sweep_raw.txt
budget=${SWEEP_BUDGET:-500}
sides=${SWEEP_SIDES:-cupy lumen}
start=$(date +%s)
work=$(mktemp -d "${TMPDIR:-/tmp}/lsweep.XXXXXX") || exit 1
python3 "$top/tests/gpu/sweep/gen.py" "$work" --only "${SWEEP_ONLY:-}" \
	--tiers "${SWEEP_TIERS:-1,2,3,4,5,6}" >"$work/files" || exit 1
: >"$raw"
echo "lumen: $lumen ($("$lumen" --version 2>&1 | head -1))"
echo "I|start|$(date -u +%FT%TZ) budget ${budget} s" | sed 's/^/meta|/' >>"$raw"

left() { echo $((budget - ($(date +%s) - start))); }

# one side's run of one file with a budget; a crash or a timeout is noted
# (C|seq|...) and the file goes on after that row while its budget lasts
run1() {
	side=$1 file=$2 b=$3
	st=0
	t0=$(date +%s)
	while :; do
		used=$(($(date +%s) - t0))
		rem=$((b - used))
		[ "$rem" -gt 2 ] || break
		sed -e "s/^BUDGET = .*/BUDGET = $rem/" -e "s/^START = .*/START = $st/" "$file" >"$work/cur.py"
		if [ "$side" = cupy ]; then
			PYTHONUNBUFFERED=1 timeout -k 5 $((rem + 40)) "$py" "$work/cur.py" >"$work/cur.out" 2>&1
		else
			PYTHONUNBUFFERED=1 LUMEN_DEVICE=${SWEEP_DEVICE:-cuda} timeout -s INT -k 5 $((rem + 40)) "$lumen" run "$work/cur.py" >"$work/cur.out" 2>&1
		fi
		rc=$?
		sed "s/^/$side|/" "$work/cur.out" >>"$raw"
		grep -q '^I|done|\|^I|budget|' "$work/cur.out" && break
		last=$(grep '^B|' "$work/cur.out" | tail -1)
		if [ -z "$last" ]; then
			echo "$side|C|-|$(basename "$file" .py)|start|rc $rc: $(tail -3 "$work/cur.out" | tr '\n' ' ' | cut -c1-300)" >>"$raw"
			break
		fi
		seq=$(echo "$last" | cut -d'|' -f2)
		if grep -q "^[RE]|$seq|" "$work/cur.out"; then
			echo "$side|C|$seq|after the row: rc $rc: $(tail -2 "$work/cur.out" | tr '\n' ' ' | cut -c1-300)" >>"$raw"
		else
			why="crash"
			[ $rc = 124 ] || [ $rc = 137 ] || [ $rc = 130 ] && why="timeout"
			echo "$side|C|$(echo "$last" | cut -d'|' -f2-)|$why rc $rc: $(grep -v '^[BRSEI]|' "$work/cur.out" | tail -3 | tr '\n' ' ' | cut -c1-300)" >>"$raw"
		fi
		st=$((seq + 1))
	done
}

echo "=== copy bandwidth ($(date +%T))"
for s in $sides; do
	if [ "$s" = cupy ]; then
		PYTHONUNBUFFERED=1 timeout 120 "$py" "$top/tests/gpu/sweep/bw.py" 2>&1 | sed "s/^/cupy|/" >>"$raw"
	else
		LUMEN_DEVICE=${SWEEP_DEVICE:-cuda} timeout 120 "$lumen" run "$top/tests/gpu/sweep/bw.py" 2>&1 | sed "s/^/lumen|/" >>"$raw"
	fi
done
grep '|I|' "$raw"

ngroups=$(wc -l <"$work/files")
nsides=$(echo $sides | wc -w)
i=0
while read -r f; do
	i=$((i + 1))
	l=$(left)
	# this group's share of what is left, per side
	b=$(((l - 10) / ((ngroups - i + 1) * nsides)))
	[ "$b" -gt 3 ] || { echo "meta|I|skipped|$(basename "$f") (budget)" >>"$raw"; continue; }
	for s in $sides; do
		echo "=== $(basename "$f" .py) $s ${b}s ($(date +%T))"
		run1 "$s" "$f" "$b"
	done
done <"$work/files"
echo "=== table ($(date +%T), $(($(date +%s) - start)) s)"
python3 "$top/tests/gpu/sweep/table.py" "$raw" | tee "$out/sweep.txt"
rm -rf "$work"
