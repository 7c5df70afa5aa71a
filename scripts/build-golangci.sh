#!/usr/bin/env bash
# Builds golangci-lint v2.15.0 with retrylint's module plugins into the path given:
#   scripts/build-golangci.sh ./bin/golangci-lint-retrylint
# Everything comes from the Go module proxy (golangci/cmd is a small main module);
# it needs Go 1.26. A cold build takes about 5 minutes and 1 GB of memory on 2 cores;
# a rebuild after a change to retrylint takes seconds.
set -euo pipefail
if [ $# -ne 1 ]; then
	echo "usage: $0 OUTPUT" >&2
	exit 2
fi
out=$1
case $out in /*) ;; *) out="$PWD/$out" ;; esac
mkdir -p "$(dirname "$out")"
cd "$(dirname "$0")/../golangci/cmd"
GOWORK=off go build -ldflags='-s -w' -o "$out" .
