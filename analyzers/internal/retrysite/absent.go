package retrysite

import (
	"go/ast"
	"go/types"
	"strings"
	"unicode"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// A loop that goes round only while its call answers that something does
// not exist yet, and leaves on any other error, waits for a state (an
// object just written to an eventually consistent store showing up), not
// for a failed dependency to come back: its callers do not fail together,
// so it is no retry (rclone's linkbox backend, reading back an upload while
// the answer is ErrorObjectNotFound). The walker's failure by error is a
// failure of the dependency, so it is not such an answer: a comparison of
// the attempt's error with one is false under that scenario.
//
// io.ErrNoProgress is the same kind of answer for a stream: a read that
// reached the server and found nothing new yet (go-tfe's LogReader tails a
// run's log, going round while its read gives io.ErrNoProgress and
// returning any other error), so a loop that goes round only on it polls.

// absentWords are what the name of an error variable says, lower case and
// without separators, when the error means that a resource does not exist:
// ErrNotFound, ErrorObjectNotFound, ErrNotExist, ErrNoSuchKey.
var absentWords = []string{"notfound", "notexist", "nosuch"}

// isAbsentError is the package's isAbsentError unless the walk counts
// "does not exist" as a failure (walker.absentFails).
func (w *walker) isAbsentError(e ast.Expr) bool {
	return !w.absentFails && isAbsentError(w.info, e)
}

// isAbsentError reports whether e names an error variable that means a
// resource does not exist (yet): io/fs's ErrNotExist (os.ErrNotExist is the
// same variable), io's ErrNoProgress (a read found no new data), or a
// package-level variable of an error type whose name says so.
func isAbsentError(info *types.Info, e ast.Expr) bool {
	id := typematch.Ident(e)
	if id == nil {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() || !typematch.ImplementsError(v.Type()) {
		return false
	}
	if typematch.IsVar(v, "io/fs", "ErrNotExist") || typematch.IsVar(v, "io", "ErrNoProgress") {
		return true
	}
	name := strings.Map(func(r rune) rune {
		if !unicode.IsLetter(r) {
			return -1
		}
		return unicode.ToLower(r)
	}, v.Name())
	for _, w := range absentWords {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

// isAbsentCheck reports whether call tests its one argument for an error
// that means a file does not exist: os.IsNotExist.
func isAbsentCheck(fn *types.Func) bool { return typematch.IsFunc(fn, "os", "IsNotExist") }
