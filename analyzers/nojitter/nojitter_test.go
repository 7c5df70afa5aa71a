package nojitter_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/testutil"
	"github.com/retrylint/retrylint/analyzers/nojitter"
)

func TestCases(t *testing.T) {
	testutil.RunCases(t, nojitter.Analyzer, []testutil.Case{
		{Name: "Loops", Pkgs: []string{"nojitter/loops"}, Fixes: true},
		{Name: "Libraries", Pkgs: []string{"nojitter/libs"}, Fixes: true},
		{Name: "Retryablehttp", Pkgs: []string{"nojitter/rhttp"}, Fixes: true},
		// Facts proves that what a function of another package returns (a
		// randomised duration) and does (wait for its argument) crosses
		// packages.
		{Name: "Facts", Pkgs: []string{"nojitter/crosspkg"}, Fixes: true},
		{Name: "Periodic", Pkgs: []string{"nojitter/periodic"}, Fixes: true,
			Flags: map[string]string{"periodic": "true"}},
		// UserJitter: without the flag a clock-derived offset is
		// deterministic; with -nojitter.jitter naming the function
		// (UserJitterFlag), it counts as jitter.
		{Name: "UserJitter", Pkgs: []string{"nojitter/userflags"}, Fixes: true},
		{Name: "UserJitterFlag", Pkgs: []string{"nojitter/userflags2"}, Fixes: true,
			Flags: map[string]string{"jitter": "nojitter/userflags2.clockJitter"}},
		// UserRunners: a runner of the user's own whose waits are fixed is
		// reported once, in the runner; a runner forwarding to it (another
		// package) and the callers of both (a third package) get no
		// diagnostic, and a runner with jittered waits none at all.
		{Name: "UserRunners", Pkgs: []string{"nojitter/userrunner/retrier", "nojitter/userrunner/forward", "nojitter/userrunner/app"}, Fixes: true},
		// Constructors: go-retryablehttp clients and go-retry backoffs
		// configured in one function and used in others (returned, kept in
		// fields, handed to helpers) are reported where they are made, unless
		// the package visibly gives them jitter or loses them to code out of
		// sight; the package-level retryablehttp functions send through a
		// default client without jitter.
		{Name: "Constructors", Pkgs: []string{"nojitter/constructors"}, Fixes: true},
		// Recursion: a function that waits after a failure and calls itself
		// with one attempt fewer retries; a poll that keeps no count, a
		// recursion after success, local work and a wait after the call do
		// not.
		{Name: "Recursion", Pkgs: []string{"nojitter/recursion"}, Fixes: true},
		// Reconnect: a supervisor that never leaves on success retries a
		// failed connect when its wait grows with a count of failures that
		// a success sets back (kafka-go's reader); a pace that counts
		// errors, a count set back before the attempt or not to a
		// constant, and a local reopen are not such retries.
		{Name: "Reconnect", Pkgs: []string{"nojitter/reconnect"}, Fixes: true},
		// InsideSDK: in go-redis's own packages the SDK's code, not the
		// table that says every call of the SDK reaches Redis, tells what a
		// call does: the auto-pipeliner's wait for a batch to fill re-reads
		// local counters and is no retry; the pool's redial probe is one.
		{Name: "InsideSDK", Pkgs: []string{"github.com/redis/go-redis/v9", "github.com/redis/go-redis/v9/internal/pool"}, Fixes: true},
	})
}

// TestRealLibs runs the Loops, Libraries, Retryablehttp, BoolGatedJitter
// and UnlessGatedJitter cases against the real libraries
// (testdata/reallibs), proving that the stubs match them.
func TestRealLibs(t *testing.T) {
	testutil.RunRealLibs(t, nojitter.Analyzer, "./nojitter/libs", "./nojitter/rhttp", "./nojitter/loops",
		"./nojitter/jpillora", "./nojitter/cfbackoff")
}

// TestConstructorsRealLibs runs the Constructors cases against the real
// go-retryablehttp and go-retry (testdata/reallibs), proving that the stubs
// match them.
func TestConstructorsRealLibs(t *testing.T) {
	testutil.RunRealLibs(t, nojitter.Analyzer, "./nojitter/constructors")
}
