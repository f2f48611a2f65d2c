#!/bin/sh
echo "check.sh: not written yet"
