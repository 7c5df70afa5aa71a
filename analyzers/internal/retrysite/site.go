package retrysite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
)

// Kind says how a site retries.
type Kind int

const (
	// Loop is a for or range loop that re-runs an attempt after it fails.
	Loop Kind = iota + 1
	// LibraryCall is a call to a known retry runner (cenkalti/backoff, retry-go,
	// sethvargo/go-retry, k8s wait and util/retry, failsafe-go, eapache
	// retrier, this project's retry.Do); the operation handed to it is the
	// attempt.
	LibraryCall
	// RunnerCall is a call to a retry runner of the user's own, known by a
	// RunnerFact; the operation handed to it is the attempt.
	RunnerCall
	// Recursion is a function's call of itself, after a failure and a wait,
	// with one attempt fewer (sarama's fetchInitialOffset(topic, partition,
	// retries-1)); the function's body is the attempt.
	Recursion
)

func (k Kind) String() string {
	switch k {
	case Loop:
		return "retry loop"
	case LibraryCall, RunnerCall:
		return "retry call"
	case Recursion:
		return "recursive retry"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// BoundKind says how much is known of a site's attempt count.
type BoundKind int

const (
	// Unknown: the bound is an expression the analysis cannot evaluate.
	Unknown BoundKind = iota
	// Known: Bound.Attempts is the most attempts the site makes (a constant
	// loop bound or a library option).
	Known
	// LibraryDefault: the runner's default applies; Bound.Attempts holds it
	// when the library has a finite default, else 0.
	LibraryDefault
	// Unbounded: nothing stops the retries but success or a context.
	Unbounded
)

// Bound is how many attempts (not retries: the first call counts) a site makes.
type Bound struct {
	Kind     BoundKind
	Attempts int // > 0 when Kind is Known, or LibraryDefault with a finite default
}

// Finite reports whether the bound is a known number of attempts.
func (b Bound) Finite() bool { return b.Attempts > 0 && (b.Kind == Known || b.Kind == LibraryDefault) }

// String says the bound the way messages use it: "up to 5 attempts",
// "unbounded attempts", "the library default of 10 attempts", "an unknown
// number of attempts".
func (b Bound) String() string {
	switch {
	case b.Kind == Known && b.Attempts == 1:
		return "1 attempt"
	case b.Kind == Known:
		return fmt.Sprintf("up to %d attempts", b.Attempts)
	case b.Kind == LibraryDefault && b.Attempts > 0:
		return fmt.Sprintf("the library default of %d attempts", b.Attempts)
	case b.Kind == LibraryDefault:
		return "the library default number of attempts"
	case b.Kind == Unbounded:
		return "unbounded attempts"
	}
	return "an unknown number of attempts"
}

// WaitKind says how a wait pauses.
type WaitKind int

const (
	Sleep      WaitKind = iota + 1 // time.Sleep(d)
	After                          // <-time.After(d), also as a select case
	Timer                          // time.NewTimer(d), (*time.Timer).Reset(d), time.AfterFunc
	Tick                           // time.Tick(d), time.NewTicker(d): a periodic wait
	LibBackoff                     // a retry library's backoff configuration
)

// A Wait is one pause between attempts.
type Wait struct {
	Kind WaitKind
	// Node is the call that waits (time.Sleep(d), time.After(d), t.Reset(d)),
	// or for LibBackoff the expression configuring the backoff.
	Node ast.Node
	// Duration is the duration expression the wait uses; nil when there is
	// none (a library backoff object, a wait inside a called function).
	Duration ast.Expr
	// Via is, for a wait made inside a function the loop calls (a
	// tryAgain() that sleeps a configured interval), that function; Node is
	// then the call, Judged says what is known of the wait it makes, and
	// Inner is its duration expression when the function is of this
	// package.
	Via    *types.Func
	Judged Judgement
	Inner  ast.Expr
}

// A Site is one place where the package retries.
type Site struct {
	Kind Kind
	// Node is the *ast.ForStmt or *ast.RangeStmt of a Loop, or the
	// *ast.CallExpr of a LibraryCall or RunnerCall.
	Node ast.Node
	// Attempt is the code run once per attempt: the loop body, or the body of
	// the operation handed to the runner (a function literal's body, or the
	// body of a named function of this package).
	Attempt *ast.BlockStmt
	// Operation is the named function handed to a runner (nil for a loop or a
	// function literal).
	Operation *types.Func
	// Runner is the retry runner called by a LibraryCall or RunnerCall.
	Runner *types.Func
	// Func is the *ast.FuncDecl or *ast.FuncLit whose body holds Node.
	Func ast.Node
	// Bound is the most attempts the site makes.
	Bound Bound
	// Waits are the pauses between attempts, in source order. A RunnerCall
	// has none: its waits are in the runner (see RunnerFact.Waits).
	Waits []Wait
	// Call is, for a Loop, the attempt's checked call: the call whose
	// failure sends the loop around again (err := op(), resp, err :=
	// c.Do(req), tryLock()). For a periodic loop (Result.Periodic), it is
	// set when the loop re-runs a call after every failure and leaves only
	// after some of its successes (a poll until the answer is stable): such
	// a loop cannot end while the call fails; or when the loop re-runs the
	// call while it answers that an object does not exist (a wait for the
	// object to show up). Nil for other kinds.
	Call *ast.CallExpr

	// boundParam is the parameter that holds a loop's attempt count, if any.
	boundParam *types.Var
	// walk walks a Loop's body with Call as its attempt (see
	// RetriesUnsureFailure); nil for other kinds and for a loop paced by a
	// ticker's channel.
	walk *walker
}

// BoundParam is the parameter that holds a loop's attempt count
// (for i := 1; i <= retries; i++), or nil.
func (s *Site) BoundParam() *types.Var { return s.boundParam }

// RetriesUnsureFailure reports whether the site may run its attempt again
// after it sent a request of the given method ("POST") and failed in a way
// that leaves open whether the server acted on it: a transport error, or a
// 500, 502, 503 or 504. A loop that goes round for such a method only on a
// refusal (a 429) or on its own test of the answer says no; so may only a
// loop whose body the recogniser walked. Every other site may.
func (s *Site) RetriesUnsureFailure(method string) bool {
	if s.walk == nil {
		return true
	}
	return s.walk.retriesUnsure(s.Attempt, method)
}

// Contains reports whether pos lies in the site's attempt.
func (s *Site) Contains(pos token.Pos) bool {
	return s.Attempt != nil && s.Attempt.Pos() <= pos && pos < s.Attempt.End()
}

// Result is what the analyzer returns: the package's retry sites.
type Result struct {
	// Sites lists every site of the package's non-generated files, in source order.
	Sites []*Site
	// Periodic lists the loops that wait but are not retry sites: pollers
	// and workers that wait whatever happens (a ticker loop, for { job();
	// sleep(d) }), and poll-until-ready loops that end on error. Their Kind is
	// Loop and their Waits are filled; their Attempt is the loop body.
	Periodic []*Site
	// Recursive lists the retries by recursion (Kind Recursion), in source
	// order: Node is the function's call of itself, Attempt its body, Waits
	// the waits before that call, and the bound is unknown. They are kept
	// apart from Sites: only nojitter and retrydeadline read them.
	Recursive []*Site

	a *recogniser
}

// Value follows e, when it is a local variable assigned exactly once (its
// declaration included), to the expression it was given; otherwise it
// returns e. Analyzers use it to see where a duration or a backoff comes from.
func (r *Result) Value(e ast.Expr) ast.Expr {
	if r.a == nil {
		return e
	}
	return r.a.value(e)
}

// Values returns the expressions a variable of the package is given (its
// initialiser, or its name when declared without one, and the right-hand
// sides of its assignments, x op= y included; for n, err := f(x), the call)
// and whether that list is complete (false when it is also changed in ways
// not listed: v, ok := m[k], &x).
func (r *Result) Values(obj types.Object) (exprs []ast.Expr, complete bool) {
	if r.a == nil {
		return nil, false
	}
	as := r.a.assigned[obj]
	if as == nil {
		return nil, true
	}
	return as.exprs, !as.unknown
}

// Enclosing returns the sites whose attempt contains pos, outermost first.
func (r *Result) Enclosing(pos token.Pos) []*Site {
	var out []*Site
	for _, s := range r.Sites {
		if s.Contains(pos) {
			out = append(out, s)
		}
	}
	// Attempts nest strictly, so a larger attempt is an outer one.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Attempt.End()-out[j].Attempt.Pos() > out[j-1].Attempt.End()-out[j-1].Attempt.Pos(); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// RetriesFact marks a function or method whose body contains a retry site,
// with the largest bound among them, so that other packages see that a call
// to it retries.
type RetriesFact struct {
	Bound Bound
}

func (*RetriesFact) AFact()           {}
func (f *RetriesFact) String() string { return "retries(" + f.Bound.String() + ")" }

// WaitsFact marks a function that pauses for the duration passed as its
// parameter Param (a sleepCtx(ctx, d) helper), or, when Param is -1, one
// that always pauses for a duration of its own whose randomness is
// Randomness (a tryAgain() that sleeps a configured interval), so that a
// loop in another package that calls it is seen to wait.
type WaitsFact struct {
	Kind       WaitKind
	Param      int
	Randomness Randomness
	// Unless, for a Fixed wait, names the user's function that replaces it
	// when set (hooks.go).
	Unless string
	// Params, for a Fixed wait of its own, are the parameters (bit i) its
	// duration is computed from (RetryParams.Backoff(ctx, tries) waits
	// r.Period * tries): each call's arguments there decide how random it is.
	Params uint64
}

func (*WaitsFact) AFact() {}
func (f *WaitsFact) String() string {
	switch {
	case f.Param >= 0:
		return fmt.Sprintf("waits(param %d)", f.Param)
	case f.Randomness == Random:
		return "waits(random)"
	case f.Unless != "":
		return "waits(fixed unless " + f.Unless + " is set)"
	case f.Params != 0:
		return fmt.Sprintf("waits(fixed, from params %b)", f.Params)
	}
	return "waits(fixed)"
}
