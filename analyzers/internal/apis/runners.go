package apis

import (
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// Library names a retry library. The analyzers switch on it, not on import
// paths, where they read a library's options and fix its jitter.
type Library int

const (
	NoLibrary Library = iota
	CenkaltiLib
	RetryGoLib
	GoRetryLib
	K8sLib
	EapacheLib
	FailsafeLib
	RetrylintLib // retrylint's own retry package
)

// Outcome says how a runner treats what its operation returns.
type Outcome int

const (
	// AsPackage: as the runner's RetryPackage says (a Runner row only).
	AsPackage Outcome = iota
	// RetriesErrors: every non-nil error is retried, except one wrapped by
	// the package's Marker (cenkalti's backoff.Permanent, retry-go's
	// Unrecoverable, retrylint's retry.Permanent).
	RetriesErrors
	// RetriesMarked: only errors wrapped by the Marker are retried
	// (sethvargo/go-retry's RetryableError).
	RetriesMarked
	// ConditionFunc: the operation returns (done bool, err error); an error
	// stops the runner and done == false retries (k8s wait.ExponentialBackoff).
	ConditionFunc
	// ConflictsOnly: only Kubernetes conflict (or not-found, already-exists)
	// errors are retried (client-go's retry.RetryOnConflict).
	ConflictsOnly
)

// A RetryPackage is a package of a retry library: what its runners do with
// errors, and the knob that jitters their waits.
type RetryPackage struct {
	Path string
	Lib  Library
	// Outcome is how the package's runners treat their operation's results,
	// and Marker the function that marks the errors Outcome excepts or
	// retries ("" for none).
	Outcome Outcome
	Marker  string
	// JitterKnob is the field, option or wrapper that randomises the waits,
	// and JitterFix the value nojitter's fix gives a factor knob ("" where
	// the fix wraps instead, or there is none to give).
	JitterKnob, JitterFix string
	Source                string
}

// RetryPackages lists the packages of the retry libraries.
var RetryPackages = []RetryPackage{
	{
		// A *PermanentError is returned at once; NewExponentialBackOff's
		// RandomizationFactor is DefaultRandomizationFactor, 0.5.
		Path: CenkaltiV4, Lib: CenkaltiLib, Outcome: RetriesErrors, Marker: "Permanent",
		JitterKnob: "RandomizationFactor", JitterFix: "0.5",
		Source: "https://github.com/cenkalti/backoff/blob/v4.3.0/retry.go",
	},
	{
		Path: CenkaltiV5, Lib: CenkaltiLib, Outcome: RetriesErrors, Marker: "Permanent",
		JitterKnob: "RandomizationFactor", JitterFix: "0.5",
		Source: "https://github.com/cenkalti/backoff/blob/v5.0.3/retry.go",
	},
	{
		// RetryIf defaults to IsRecoverable, false for Unrecoverable
		// errors; the default DelayType combines BackOffDelay with
		// RandomDelay.
		Path: RetryGoV4, Lib: RetryGoLib, Outcome: RetriesErrors, Marker: "Unrecoverable",
		JitterKnob: "RandomDelay",
		Source:     "https://github.com/avast/retry-go/blob/v4.7.0/options.go",
	},
	{
		Path: RetryGoV5, Lib: RetryGoLib, Outcome: RetriesErrors, Marker: "Unrecoverable",
		JitterKnob: "RandomDelay",
		Source:     "https://github.com/avast/retry-go/blob/v5.1.1/options.go",
	},
	{
		// Do returns any error that is not a *retryableError; no backoff
		// jitters unless wrapped (backoff.go: WithJitter, WithFullJitter).
		Path: GoRetry, Lib: GoRetryLib, Outcome: RetriesMarked, Marker: "RetryableError",
		JitterKnob: "WithFullJitter",
		Source:     "https://github.com/sethvargo/go-retry/blob/v0.5.0/retry.go",
	},
	{
		// ExponentialBackoff returns the condition's error; client-go's
		// DefaultRetry has Jitter 0.1.
		Path: K8sWait, Lib: K8sLib, Outcome: ConditionFunc,
		JitterKnob: "Jitter", JitterFix: "0.1",
		Source: "https://github.com/kubernetes/apimachinery/blob/v0.37.2/pkg/util/wait/backoff.go",
	},
	{
		// OnError retries while retriable(err); RetryOnConflict passes
		// errors.IsConflict.
		Path: K8sRetry, Lib: K8sLib, Outcome: RetriesErrors,
		JitterKnob: "Jitter", JitterFix: "0.1",
		Source: "https://github.com/kubernetes/client-go/blob/v0.37.2/util/retry/util.go",
	},
	{
		// A retrier jitters only after SetJitter.
		Path: EapacheRetrier, Lib: EapacheLib, Outcome: RetriesErrors,
		JitterKnob: "SetJitter",
		Source:     "https://github.com/eapache/go-resiliency/blob/v1.7.0/retrier/retrier.go",
	},
	{
		// A retry policy's delay jitters only with WithJitter or
		// WithJitterFactor; the fix asks for a quarter of the delay.
		Path: Failsafe, Lib: FailsafeLib, Outcome: RetriesErrors,
		JitterKnob: "WithJitterFactor", JitterFix: "0.25",
		Source: "https://github.com/failsafe-go/failsafe-go/blob/v0.9.8/retrypolicy/retry.go",
	},
	{
		// A Backoff's zero Jitter is full jitter; only JitterNone is none.
		Path: Retry, Lib: RetrylintLib, Outcome: RetriesErrors, Marker: "Permanent",
		JitterKnob: "Jitter", JitterFix: "JitterFull",
		Source: "https://github.com/retrylint/retrylint/blob/main/retry/do.go",
	},
}

// PackageOf returns the row of the retry package at path, or nil.
func PackageOf(path string) *RetryPackage {
	for i := range RetryPackages {
		if RetryPackages[i].Path == path {
			return &RetryPackages[i]
		}
	}
	return nil
}

// LibraryOf returns the library the package at path belongs to.
func LibraryOf(path string) Library {
	if p := PackageOf(path); p != nil {
		return p.Lib
	}
	return NoLibrary
}

// A Runner is a library function or method that runs an operation until
// it succeeds.
type Runner struct {
	Pkg, Recv, Name string // Recv is the receiver's type name for a method
	// Op is the index of the operation parameter; -1: the last one.
	Op int
	// Config is the index of the argument that configures the waits and the
	// bound (a BackOff, a wait.Backoff, a Policy); -1 where the call's
	// options, its receiver or the runner itself do.
	Config int
	// Outcome, when set, replaces the package's (RetryOnConflict).
	Outcome Outcome
}

// Runners is the table of known retry runners; each package's Source is
// its RetryPackage's.
var Runners = []Runner{
	{Pkg: CenkaltiV4, Name: "Retry", Op: 0, Config: 1},
	{Pkg: CenkaltiV4, Name: "RetryWithData", Op: 0, Config: 1},
	{Pkg: CenkaltiV4, Name: "RetryNotify", Op: 0, Config: 1},
	{Pkg: CenkaltiV4, Name: "RetryNotifyWithData", Op: 0, Config: 1},
	{Pkg: CenkaltiV4, Name: "RetryNotifyWithTimer", Op: 0, Config: 1},
	{Pkg: CenkaltiV4, Name: "RetryNotifyWithTimerAndData", Op: 0, Config: 1},
	{Pkg: CenkaltiV5, Name: "Retry", Op: 1, Config: -1},
	{Pkg: RetryGoV4, Name: "Do", Op: 0, Config: -1},
	{Pkg: RetryGoV4, Name: "DoWithData", Op: 0, Config: -1},
	{Pkg: RetryGoV5, Recv: "Retrier", Name: "Do", Op: 0, Config: -1},
	{Pkg: RetryGoV5, Recv: "RetrierWithData", Name: "Do", Op: 0, Config: -1},
	{Pkg: GoRetry, Name: "Do", Op: 2, Config: 1},
	{Pkg: GoRetry, Name: "DoValue", Op: 2, Config: 1},
	// Constant, Exponential and Fibonacci make their backoff themselves.
	{Pkg: GoRetry, Name: "Constant", Op: 2, Config: -1},
	{Pkg: GoRetry, Name: "Exponential", Op: 2, Config: -1},
	{Pkg: GoRetry, Name: "Fibonacci", Op: 2, Config: -1},
	{Pkg: K8sWait, Name: "ExponentialBackoff", Op: 1, Config: 0},
	{Pkg: K8sWait, Name: "ExponentialBackoffWithContext", Op: 2, Config: 1},
	{Pkg: K8sRetry, Name: "RetryOnConflict", Op: 1, Config: 0, Outcome: ConflictsOnly},
	{Pkg: K8sRetry, Name: "OnError", Op: 2, Config: 0},
	{Pkg: EapacheRetrier, Recv: "Retrier", Name: "Run", Op: 0, Config: -1},
	{Pkg: EapacheRetrier, Recv: "Retrier", Name: "RunCtx", Op: 1, Config: -1},
	{Pkg: EapacheRetrier, Recv: "Retrier", Name: "RunFn", Op: 1, Config: -1},
	{Pkg: Failsafe, Recv: "Executor", Name: "Run", Op: 0, Config: -1},
	{Pkg: Failsafe, Recv: "Executor", Name: "Get", Op: 0, Config: -1},
	{Pkg: Failsafe, Recv: "Executor", Name: "RunWithExecution", Op: 0, Config: -1},
	{Pkg: Failsafe, Recv: "Executor", Name: "GetWithExecution", Op: 0, Config: -1},
	{Pkg: Failsafe, Recv: "Executor", Name: "RunAsync", Op: 0, Config: -1},
	{Pkg: Failsafe, Recv: "Executor", Name: "GetAsync", Op: 0, Config: -1},
	{Pkg: Failsafe, Recv: "Executor", Name: "RunAsyncWithExecution", Op: 0, Config: -1},
	{Pkg: Failsafe, Recv: "Executor", Name: "GetAsyncWithExecution", Op: 0, Config: -1},
	// Do(ctx, policy, op): the Policy decides.
	{Pkg: Retry, Name: "Do", Op: -1, Config: 1},
	{Pkg: Retry, Name: "DoValue", Op: -1, Config: 1},
}

// OutcomeOf returns how the runner fn treats its operation's results (its
// package's Outcome, or its own row's where that differs) and its package's
// row; RetriesErrors and nil for a runner of no known package.
func OutcomeOf(fn *types.Func) (Outcome, *RetryPackage) {
	if fn == nil || fn.Pkg() == nil {
		return RetriesErrors, nil
	}
	p := PackageOf(fn.Pkg().Path())
	if p == nil {
		return RetriesErrors, nil
	}
	if row := RunnerOf(fn); row != nil && row.Outcome != AsPackage {
		return row.Outcome, p
	}
	return p.Outcome, p
}

// RunnerOf returns the row of fn, or nil.
func RunnerOf(fn *types.Func) *Runner {
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	path := fn.Pkg().Path()
	for i := range Runners {
		r := &Runners[i]
		if r.Pkg != path || r.Name != fn.Name() {
			continue
		}
		if r.Recv == "" && typematch.IsFunc(fn, path, r.Name) || r.Recv != "" && typematch.IsMethod(fn, path, r.Recv, r.Name) {
			return r
		}
	}
	return nil
}
