#!/bin/sh
echo "bundle.sh: not written yet"
