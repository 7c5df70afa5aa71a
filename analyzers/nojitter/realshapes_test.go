package nojitter_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/testutil"
	"github.com/retrylint/retrylint/analyzers/nojitter"
)

// TestRealShapes: the shapes real code waits in, each with cases reported
// and cases left alone (testdata/src/nojitter/realshapes).
func TestRealShapes(t *testing.T) {
	testutil.RunCases(t, nojitter.Analyzer, []testutil.Case{
		// FieldWaits: a wait from a struct field or a configuration struct is
		// fixed unless something gives the field a randomised value (in the
		// package, or by a fact of the package that declares the field).
		{Name: "FieldWaits", Pkgs: []string{"nojitter/realshapes/fields"}, Fixes: true},
		// CalleeWaits: a function the loop calls that always waits a fixed
		// time is that loop's fixed wait, here and, by a fact, across packages.
		{Name: "CalleeWaits", Pkgs: []string{"nojitter/realshapes/callee"}, Fixes: true},
		// LoopExits: loops that leave on success through a type switch on the
		// error, a flag, a goroutine per attempt, or a range over an int whose
		// counter is in the wait.
		{Name: "LoopExits", Pkgs: []string{"nojitter/realshapes/exits"}, Fixes: true},
		// AbsentAnswer: a loop that goes round only while its call answers
		// that the object does not exist (a sentinel named for it, io/fs's
		// ErrNotExist, os.IsNotExist) waits for the object to show up; one
		// that goes round on the other errors retries.
		{Name: "AbsentAnswer", Pkgs: []string{"nojitter/realshapes/absent"}, Fixes: true},
		// RetryAfterBranch: waiting for the server's Retry-After is not
		// reported and excuses no fixed wait of another branch.
		{Name: "RetryAfterBranch", Pkgs: []string{"nojitter/realshapes/retryafter"}, Fixes: true},
		// Pacing: a reused timer, time.Tick or a ticker pacing a loop that ends
		// on success; a ticker loop that goes round after a failed call and
		// ends only on a test of a successful answer polls, and is quiet.
		{Name: "Pacing", Pkgs: []string{"nojitter/realshapes/pacing"}, Fixes: true},
		// StoredDefaults: a function-typed field the package stores a
		// deterministic function in (a constructor's literal, a package
		// variable in an options literal, a method value on a fixed
		// receiver) waits fixed, unless an option, the user or an exported
		// variable sets another (named in the message); a nil stored adds
		// nothing, and a test file's value is the test's. Quiet: a
		// randomised default, a method value on a random receiver, a
		// function another call returns, one of a call's results, a method
		// expression and the caller's function alone.
		{Name: "StoredDefaults", Pkgs: []string{"nojitter/realshapes/defaults"}, Fixes: true},
		// HookWaits: a wait a configuration lets its user replace with a
		// function (if conf.BackoffFunc != nil { return conf.BackoffFunc(...) })
		// is the fixed default unless the user sets it, when nothing in the
		// package does: reported, naming the field, with no fix (a jitter
		// around the whole wait would change the user's function too). A
		// randomised default, the user's function alone, a hook the package
		// sets itself and one called without the test are quiet.
		{Name: "HookWaits", Pkgs: []string{"nojitter/realshapes/hooks", "nojitter/realshapes/hooksuse"}, Fixes: true},
		// TestSupport: a package that imports "testing" outside its _test.go
		// files is test code: nothing reported there.
		{Name: "TestSupport", Pkgs: []string{"nojitter/realshapes/harness"}, Fixes: true},
		// GatedJitter: another package's backoff whose jitter is a field of
		// its own, drawn only when set, is deterministic for a literal that
		// leaves the field out; a helper returning one of its duration
		// arguments is as random as they are.
		{Name: "GatedJitter", Pkgs: []string{"nojitter/realshapes/gatedlib", "nojitter/realshapes/gated"}, Fixes: true},
		// BoolGatedJitter: jpillora/backoff draws its wait only under
		// if b.Jitter, a bool field false by default, and its Duration
		// calls ForAttempt on the same receiver: a Backoff literal that
		// leaves Jitter out or sets it false is deterministic (fixed by
		// jittering the wait); one that sets it, a Backoff given Jitter
		// after the literal, and one from the caller are quiet.
		{Name: "BoolGatedJitter", Pkgs: []string{"nojitter/realshapes/jpillora"}, Fixes: true},
		// UnlessGatedJitter: cloudflare/backoff draws its wait unless
		// noJitter is set, which NewWithoutJitter does (its
		// SetsFieldsFact): a Backoff it makes is deterministic; one from
		// New, or from the caller, is quiet.
		{Name: "UnlessGatedJitter", Pkgs: []string{"nojitter/realshapes/cfbackoff"}, Fixes: true},
		// ShortWaits: a retry whose every wait lasts at most 100ms is left
		// alone; a longer wait, or one whose longest value is unknown, is
		// reported with the short ones beside it. A wait that is a parameter
		// of an unexported function lasts the longest of its calls'
		// arguments, unless the function is also a value.
		{Name: "ShortWaits", Pkgs: []string{"nojitter/realshapes/short"}, Fixes: true},
		// Rescheduled: a retry that reschedules the attempt with
		// time.AfterFunc under a count of tries, not in a loop.
		{Name: "Rescheduled", Pkgs: []string{"nojitter/realshapes/resched"}, Fixes: true},
		// Rearmed: an event loop whose failed attempt arms a timer, and whose
		// timer case makes the attempt again or kicks the case that does.
		{Name: "Rearmed", Pkgs: []string{"nojitter/realshapes/rearm"}, Fixes: true},
		// LoopbackDial: a loop that dials a loopback address until it
		// connects waits for a process on this host to listen; one that dials
		// another host, or may, or sends an HTTP request, retries.
		{Name: "LoopbackDial", Pkgs: []string{"nojitter/realshapes/loopback"}, Fixes: true},
	})
}
