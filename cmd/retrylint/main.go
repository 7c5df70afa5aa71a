// Command retrylint runs retrylint's analyzers.
//
// One binary serves every way Go users run a linter: standalone
// (retrylint ./..., with -json, -fix, -diff), as go vet -vettool and as
// go fix -fixtool (the x/tools unitchecker protocol, selected by the go
// command's -V=full, -flags and *.cfg arguments).
//
// The protocol runs go to x/tools' multichecker, which hands them to
// unitchecker, as the go command expects (vettool.go). Standalone runs have
// a driver of their own (run.go), which analyses in one process, in
// dependency order, with a result cache (ordered.go, cache.go), or, for a
// graph with errors, with x/tools' go/analysis/checker on go/packages; so
// that it can honour -tags, map fixes of cgo-translated files back to the
// files users edit, check fixed files before writing them, say what -fix
// did, name the analyzer of each finding, and keep the exit statuses the
// README promises.
//
// `retrylint lsp` is a language server for editors (see internal/lsp).
// `retrylint version` and -V=full say which build is running.
package main

import (
	"flag"
	"os"
	"strings"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/lsp"
)

func main() {
	args := os.Args[1:]
	switch {
	case len(args) > 0 && args[0] == "lsp":
		os.Exit(lsp.Main(args[1:], analyzers.All()))
	case len(args) > 0 && args[0] == "report":
		os.Exit(report(args[1:], os.Stdout, os.Stderr))
	case len(args) == 1 && args[0] == "version":
		printVersion()
	case goCommandProtocol(args):
		flag.Var(versionFlag{}, "V", "print version and exit (-V=full, as go vet and go fix ask)")
		vetToolMain(analyzers.All())
	default:
		os.Exit(standalone(args, analyzers.All(), os.Stdout, os.Stderr))
	}
}

// goCommandProtocol reports whether the go command runs the binary as
// go vet's or go fix's tool: it asks for -V=full and -flags, then runs it
// once per package on a *.cfg file, the last argument.
func goCommandProtocol(args []string) bool {
	if len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") {
		return true
	}
	for _, arg := range args {
		name, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		if strings.HasPrefix(arg, "-") && (name == "flags" || name == "V") {
			return true
		}
	}
	return false
}
