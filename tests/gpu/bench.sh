#!/bin/sh
echo "bench.sh: not written yet"
