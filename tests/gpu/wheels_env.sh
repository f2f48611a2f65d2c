# wheels_env.sh — sourced by the GPU machine's Jupyter scripts (notebooks.sh,
# check.sh's interrupt test): that machine's python3 has no jupyter_client or
# nbclient and no network, so the modules named in $mods come from the wheels
# in tests/gpu/wheels/ (tests/gpu/wheels.sh fetches them), installed into
# $work/site and put on PYTHONPATH.  Needs $top, $PY, $work and $mods
# ("nbclient, jupyter_client"); $extra_pkgs names more wheels to install;
# FORCE_WHEELS=1 installs them even when the modules import already.
# Returns 1 (with a message) when they cannot be had.
wheels_env() {
	if [ "${FORCE_WHEELS:-0}" != 1 ] && "$PY" -c "import $mods" 2>/dev/null; then
		return 0
	fi
	wheels=$top/tests/gpu/wheels
	if ! ls "$wheels"/*.whl >/dev/null 2>&1; then
		echo "no $mods here and no wheels in $wheels (run tests/gpu/wheels.sh)" >&2
		return 1
	fi
	site=$work/site
	mkdir -p "$site"
	if "$PY" -m pip --version >/dev/null 2>&1; then
		"$PY" -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --no-index --no-cache-dir \
			--find-links "$wheels" --target "$site" \
			nbclient nbformat jupyter_client pyzmq traitlets ${extra_pkgs:-} || return 1
	else
		# no pip: a wheel is a zip of the package folders
		for w in "$wheels"/*.whl; do
			"$PY" -m zipfile -e "$w" "$site" || return 1
		done
	fi
	export PYTHONPATH="$site${PYTHONPATH:+:$PYTHONPATH}"
}
