package nestedretry_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/testutil"
	"github.com/retrylint/retrylint/analyzers/nestedretry"
)

func TestCases(t *testing.T) {
	testutil.RunCases(t, nestedretry.Analyzer, []testutil.Case{
		{Name: "AWSv2", Pkgs: []string{"nestedretry/awsv2"}},
		{Name: "AWSv2Fix", Pkgs: []string{"nestedretry/awsfix"}, Fixes: true},
		{Name: "GoRedis", Pkgs: []string{"nestedretry/goredis"}, Fixes: true},
		{Name: "RetryableHTTP", Pkgs: []string{"nestedretry/rhttp"}, Fixes: true},
		// RetryableHTTPClone proves that a variable given either a client or
		// its clone has the count they agree on, and a count copied from
		// another client's RetryMax is that client's (client-go's
		// newRetryableHTTPClientWithRetryCheck); a clone with its caller's
		// count leaves the call uncounted.
		{Name: "RetryableHTTPClone", Pkgs: []string{"nestedretry/clone"}},
		// Layers checks facts across three packages: api -> orders -> store.
		{Name: "Layers", Pkgs: []string{"nestedretry/layers/store", "nestedretry/layers/orders", "nestedretry/layers/api"}},
		// ClientsFlag declares an internal SDK's retrying calls with -clients.
		{Name: "ClientsFlag", Pkgs: []string{"nestedretry/own/app"},
			Flags: map[string]string{"clients": "nestedretry/own/sdk.Client.Send=3, nestedretry/own/sdk.Publish=2"}},
		{Name: "DatabaseSQL", Pkgs: []string{"nestedretry/sqldb"}},
		{Name: "MinioRestResty", Pkgs: []string{"nestedretry/others"}},
		{Name: "Generic", Pkgs: []string{"nestedretry/generic"}},
		{Name: "AWSv1", Pkgs: []string{"nestedretry/awsv1"}},
		// RetrylintDo: retrylint's retry.Do inside another on the same context
		// makes a single attempt, so it is not a second layer.
		{Name: "RetrylintDo", Pkgs: []string{"nestedretry/owndo/store", "nestedretry/owndo/app"}},
		// FuncValueOperation: layers are counted through runners handed a
		// function value rather than a literal. (A site whose operation is such
		// a value has a nil Attempt; the panic that once caused is guarded by
		// internal/proof, which runs the analyzers with user-declared runners
		// over the whole testdata tree.)
		{Name: "FuncValueOperation", Pkgs: []string{"nestedretry/funcvalue"}},
		// UserRunners: an SDK call inside a closure handed to a runner of the
		// user's own in another package (directly, through a forwarding runner,
		// with a constant attempts argument, generic, through an interface of
		// the package one of whose implementations is a runner, through a
		// variable only ever set to a runner) is reported at the call, with the
		// runner's bound; callbacks called once or per item, and a variable that
		// may hold a function calling once, stay quiet.
		{Name: "UserRunners", Pkgs: []string{"nestedretry/userrunner/kit", "nestedretry/userrunner/wrap", "nestedretry/userrunner/app"}},
		{Name: "Azure", Pkgs: []string{"nestedretry/azure"}},
		// GAPIC: only a retryer the call visibly passes is counted.
		{Name: "GAPIC", Pkgs: []string{"nestedretry/gapic"}},
		// GAPICDeclared: a GAPIC method known to retry by default is declared
		// with -clients.
		{Name: "GAPICDeclared", Pkgs: []string{"nestedretry/gapicflag"},
			Flags: map[string]string{"clients": "nestedretry/gapic/pb.Client.AccessSecretVersion=5"}},
		// Background: a retrying function started with go inside an attempt is
		// not a layer; the same function called in the attempt is.
		{Name: "Background", Pkgs: []string{"nestedretry/background"}},
		// GiveUp: a retry that runs the failed call again is reported; one that
		// gives up as soon as the call fails (a return, a permanent error, a k8s
		// condition's error, go-retry's unmarked error), or goes around only on
		// errors the client never retries (S3 NoSuchKey and NotFound, DynamoDB's
		// conditional and transaction conflicts, go-redis Nil and TxFailedErr,
		// k8s conflicts, the user's own conflicts), is not.
		{Name: "GiveUp", Pkgs: []string{"nestedretry/giveup"}},
		// Bounds: a layer bounded by a clock is said to be bounded by time (a
		// deadline, a timer, a context's timeout, cenkalti's MaxElapsedTime),
		// not unbounded; a count the analysis cannot read is said as such, and
		// two of them around each other are not reported; "per request" only in
		// an HTTP handler.
		{Name: "Bounds", Pkgs: []string{"nestedretry/bounds"}},
		// V5Options: a runner that hands its caller's options to
		// cenkalti/backoff v5 (lego's wait.Retry), in its package and
		// another, is bounded by the time each call's options set: a
		// constant, a configured one, the library's 15 minutes when none
		// does, and not known for a slice spread from out of sight.
		// Closures: a function that hands back a closure calling a retrying
		// client sends nothing when it is called; one that calls such a
		// closure at once does.
		{Name: "Closures", Pkgs: []string{"nestedretry/closures"}},
		{Name: "V5Options", Pkgs: []string{"nestedretry/v5opts/wait", "nestedretry/v5opts/app"}},
		// Accessors: retrying clients that arrive through constructors and
		// accessors (redis.NewUniversalClient, retryablehttp's StandardClient
		// and RoundTripper), parameters and fields retry by default; visibly
		// turned off, or an http.Client retryablehttp did not make, they are
		// quiet. A function that takes the *http.Request it sends is no
		// handler: "in all".
		{Name: "Accessors", Pkgs: []string{"nestedretry/accessors"}},
		// Pacer: a runner that invokes the operation through a function-typed
		// field or variable whose values are all in sight (a repository's own
		// pacer) is a runner, in its package and another; one whose invoker
		// comes from the caller, or does not run the operation, is not.
		{Name: "Pacer", Pkgs: []string{"nestedretry/pacer/pacer", "nestedretry/pacer/app"}},
		// InterfaceSamePackage: a retry loop that calls an interface method
		// reaches what the package's implementation of it reaches (S3 behind a
		// Blobs interface); with an implementation that does not retry beside
		// it, it is quiet.
		{Name: "InterfaceSamePackage", Pkgs: []string{"nestedretry/iface/store"}},
		// InterfaceForeignValues: a field whose values another package makes
		// from nothing of this one never holds this package's implementation
		// (rclone's TokenSource retrying an x/oauth2 source); one made from a
		// value of this package may.
		{Name: "InterfaceForeignValues", Pkgs: []string{"nestedretry/iface/foreign/tokens", "nestedretry/iface/foreign"}},
		// InterfaceRetried: a retry in one package of an interface method
		// declared there marks the method (RetriedFact); a package that
		// implements it reports the retrying calls in its implementation, with
		// the fix where there is one. Methods called once, or whose failure ends
		// the retry, and an implementation that swallows the failure, stay
		// quiet.
		{Name: "InterfaceRetried", Pkgs: []string{"nestedretry/iface/pipeline", "nestedretry/iface/sinks"}, Fixes: true},
		// Restic reduces restic's S3 backend: a cenkalti runner whose backoff a
		// second assignment wraps in WithContext (the bound is kept), and an
		// operation that hands the failed call's error back in a bare return of
		// its named result (reported; quiet when the runner is told to stop, or
		// the named error is never set).
		{Name: "Restic", Pkgs: []string{"nestedretry/restic/s3"}},
		// Loki reduces loki's S3 object client: dskit backoff loops (a count
		// the loop condition keeps: unknown) around an interface method called
		// on a field whose values in the package are all aws-sdk-go-v2 clients,
		// one inside a callback timed by a helper, built with an option
		// function a helper returns (RetryMaxAttempts 0: the default). A field
		// that may hold an in-memory implementation, one set from a parameter,
		// and a client the returned option function limits to one attempt stay
		// quiet.
		{Name: "Loki", Pkgs: []string{"nestedretry/loki/instrument", "nestedretry/loki/aws"}, Fixes: true},
		// InterfaceThroughWrapper reduces alertmanager's notify and SNS
		// notifier: the retry (a loop paced by a backoff ticker in a select
		// case, after a context check that returns an error) runs a method of
		// its package that hands an interface method's failure back
		// (Integration.Notify around Notifier.Notify), so the interface method
		// is retried too, and an implementing package reports there, also
		// through a client built by LoadDefaultConfig(ctx, opts...) from a
		// slice of options that leave the retries alone. A wrapper that
		// swallows the failure (Ping), and options that turn the retries off,
		// stay quiet.
		{Name: "InterfaceThroughWrapper", Pkgs: []string{"nestedretry/iface/notify", "nestedretry/iface/notify/s3sink"}, Fixes: true},
		// OwnGiveUp reduces restic's lock: an outer retry that goes around
		// only on an error of the user's own (an error type, tested through a
		// predicate of the package, by errors.As or a type assertion; a
		// sentinel, by errors.Is or ==) is quiet over a retry loop of the
		// user's own that gives that error up at once, in its package and
		// through ReachesFact's GivesUpOn in another. One that goes around on
		// every failure, or on an error the inner loop retries, is reported.
		// A wrapper of errors.Is or errors.As in another package (restic's
		// internal/errors) reads as the standard one (ErrorsFuncFact).
		// Wiring reduces restic's retry.Backend around its S3 backend: a
		// wrapper (retrying through a helper that hands a runner a variable
		// holding the operation) retries an interface that a sibling package
		// implements on minio-go (through a helper that runs a method value),
		// and the two meet only where they are linked: the program reports, at
		// the import that brings the implementation in; the library that
		// links them does not. A package that retries the interface itself and
		// imports the implementation reports at its call, and a program above
		// it not again. An in-memory implementation, wiring in a file that
		// imports "testing", and a registry without the wrapper stay quiet.
		{Name: "Wiring", Pkgs: []string{"nestedretry/wiring/blob", "nestedretry/wiring/retrying", "nestedretry/wiring/s3blob",
			"nestedretry/wiring/memblob", "nestedretry/wiring/registry", "nestedretry/wiring/app", "nestedretry/wiring/cmd",
			"nestedretry/wiring/tool", "nestedretry/wiring/fixtures", "nestedretry/wiring/direct"}},
		// Chain follows loki's compactor: a retry of an interface method whose
		// implementation reaches, through a second interface of its package
		// and a struct embedding a third, another package's object client
		// (ForwardsFact), pairs in the program that links the S3 store with
		// that store's retries; a method that swallows the client's failure,
		// drops it (a blank, a call statement) or stops at a cache forwards
		// nothing, a method without a context is no remote operation, and a
		// program that links only the in-memory store stays quiet.
		{Name: "Chain", Pkgs: []string{"nestedretry/chain/objstore", "nestedretry/chain/s3store", "nestedretry/chain/memstore",
			"nestedretry/chain/index", "nestedretry/chain/compactor", "nestedretry/chain/cmd", "nestedretry/chain/memcmd"}},
		{Name: "OwnGiveUp", Pkgs: []string{"nestedretry/owngiveup/errs", "nestedretry/owngiveup/lock", "nestedretry/owngiveup/app"}},
		// Exhausted reduces ollama's blob upload: a retry that gives up on the
		// sentinel a retry loop below returns (or wraps with %w) when its
		// attempts run out never runs the exhausted layer again, in its
		// package, through a function that calls itself, and through
		// ReachesFact's RunsOutWith in another. One that goes around on it,
		// gives up on another sentinel, compares a wrapped one with ==, or
		// tests for one the loop below returns bare, prints with %v or not at
		// all, is reported.
		{Name: "Exhausted", Pkgs: []string{"nestedretry/exhausted/upload", "nestedretry/exhausted/app"}},
	})
}

// TestClientsFlagUnset: without the flag the internal SDK is unknown.
func TestClientsFlagUnset(t *testing.T) {
	diags := testutil.CheckFixed(t, nestedretry.Analyzer, "nestedretry/own/app")
	if len(diags) != 0 {
		t.Errorf("without -clients, got %d diagnostics, want none: %v", len(diags), diags[0].Message)
	}
}

// TestBadClientsFlag: a bad entry is refused when the flag is set (every
// driver then reports it once, as a bad flag), and leaves the list in force.
func TestBadClientsFlag(t *testing.T) {
	testutil.SetFlag(t, nestedretry.Analyzer, "clients", "a/b.Func=2")
	if got := nestedretry.Analyzer.Flags.Lookup("clients").Value.String(); got != "a/b.Func=2" {
		t.Fatalf("-clients=a/b.Func=2 reads back as %q", got)
	}
	testutil.RefusesFlagValues(t, nestedretry.Analyzer, "clients",
		"pkg.Func", "pkg.Func=0", "pkg.Func=x", "nodot=3", "a/b.T.M.X=2", "pkg..M=2", "a/b.Func=2,pkg.Func")
}

// TestRealLibs runs the stub cases against the real aws-sdk-go-v2 (s3,
// dynamodb, config), go-redis/v9, go-retryablehttp, cenkalti/backoff,
// grafana/dskit's backoff (the loki case), minio-go (others, restic),
// stripe-go, go-elasticsearch and Cloud Storage (others).
func TestRealLibs(t *testing.T) {
	testutil.RunRealLibs(t, nestedretry.Analyzer, "./nestedretry/...")
}
