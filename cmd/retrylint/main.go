// Command retrylint runs retrylint's analyzers.
//
// One binary serves every way Go users run a linter: standalone
// (retrylint ./..., with -json, -fix, -diff), as go vet -vettool and as
// go fix -fixtool (the x/tools unitchecker protocol, selected by the go
// command's -V=full, -flags and *.cfg arguments).
package main

import (
	"github.com/retrylint/retrylint/analyzers"
	"golang.org/x/tools/go/analysis/multichecker"
)

func main() {
	multichecker.Main(analyzers.All()...)
}
