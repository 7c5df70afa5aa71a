// Command retrylint runs retrylint's analyzers.
//
// One binary serves every way Go users run a linter: standalone
// (retrylint ./..., with -json, -fix, -diff), as go vet -vettool and as
// go fix -fixtool (the x/tools unitchecker protocol, selected by the go
// command's -V=full, -flags and *.cfg arguments).
//
// `retrylint lsp` is a language server for editors (see internal/lsp).
package main

import (
	"os"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/lsp"
	"golang.org/x/tools/go/analysis/multichecker"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "lsp" {
		os.Exit(lsp.Main(os.Args[2:], analyzers.All()))
	}
	multichecker.Main(analyzers.All()...)
}
