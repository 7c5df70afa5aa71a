// Package modroot finds retrylint's module root, for the tests and the
// measuring commands (internal/bench, internal/corpus) that read the
// repository's own files: one definition, so that none of them guesses it
// from the directory it happens to run in.
package modroot

import (
	"path/filepath"
	"runtime"
)

// Dir is the directory of retrylint's go.mod: two levels above the source
// of this package, which the go command compiles from the module's tree
// (go test, go run). A binary built with -trimpath has no such path and
// must not call it.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}
