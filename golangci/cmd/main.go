// Command golangci-lint is golangci-lint v2 with retrylint's module plugins
// compiled in: the binary `golangci-lint custom` would build, made from the
// Go module proxy alone (no clone of golangci-lint from GitHub).
//
// Build it with scripts/build-golangci.sh OUT. It is its own module so that
// retrylint's module does not depend on golangci-lint.
package main

import (
	"fmt"
	"os"
	"runtime"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/retrylint/retrylint/golangci/plugin"
)

func main() {
	// Version stays empty: golangci-lint then keys its analysis cache on a
	// hash of this binary, so a rebuild with a changed analyzer never reuses
	// results of the old one (pkg/commands/run.go, computeBinarySalt).
	info := commands.BuildInfo{
		GoVersion: runtime.Version(),
		Commit:    "golangci-lint v2.15.0 with the retrylint plugins",
		Date:      "(unknown)",
	}
	if err := commands.Execute(info); err != nil {
		_, _ = fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}
