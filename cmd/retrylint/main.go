// Command retrylint runs retrylint's analyzers.
//
// One binary serves every way Go users run a linter: standalone
// (retrylint ./..., with -json, -fix, -diff), as go vet -vettool and as
// go fix -fixtool (the x/tools unitchecker protocol, selected by the go
// command's -V=full, -flags and *.cfg arguments).
//
// `retrylint lsp` is a language server for editors (see internal/lsp).
// `retrylint version` and -V=full say which build is running.
package main

import (
	"flag"
	"os"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/lsp"
	"golang.org/x/tools/go/analysis/multichecker"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "lsp" {
		os.Exit(lsp.Main(os.Args[2:], analyzers.All()))
	}
	if len(os.Args) == 2 && os.Args[1] == "version" {
		printVersion()
		return
	}
	flag.Var(versionFlag{}, "V", "print version and exit (-V=full, as go vet and go fix ask)")
	multichecker.Main(analyzers.All()...)
}
