package unkeyedpost_test

import (
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/testutil"
	"github.com/retrylint/retrylint/analyzers/unkeyedpost"
)

func TestCases(t *testing.T) {
	testutil.RunCases(t, unkeyedpost.Analyzer, []testutil.Case{
		{Name: "Fixes", Pkgs: []string{"unkeyedpost/fixes"}, Fixes: true},
		// Fresh proves keys made anew on every attempt are reported, through
		// same-package helpers and cross-package FreshKeyFacts, and keys made
		// once or derived from a stable id are not.
		{Name: "Fresh", Pkgs: []string{"unkeyedpost/keys", "unkeyedpost/payclient", "unkeyedpost/fresh"}},
		// Clients proves clients that retry by themselves are recognised, and
		// that a visible RetryMax 0, a key, or a client the analysis cannot see
		// silences them.
		{Name: "Clients", Pkgs: []string{"unkeyedpost/clients"}},
		// FixClash proves the fix imports the runtime library under another
		// name when the file already uses retry, and makes the key before a
		// retry library call.
		// ClientOptions proves that a RetryMax the user may change through
		// an exported option or setter (go-gitlab's WithCustomRetryMax)
		// leaves the client's default, and the report says so; a test's
		// RetryMax = 0 is the test's. Quiet: a constructor's parameter,
		// an unexported option, and a visible RetryMax = 0.
		{Name: "ClientOptions", Pkgs: []string{"unkeyedpost/clientoptions"}, Fixes: true},
		{Name: "FixClash", Pkgs: []string{"unkeyedpost/fixclash"}, Fixes: true},
		{Name: "FixClients", Pkgs: []string{"unkeyedpost/fixclients"}, Fixes: true},
		// Stripe proves that a RawRequest POST with nil params, which
		// stripe-go sends with no key and retries, is reported: retried by
		// its backend (fixed with empty RawParams) or by the user's own loop;
		// and that a stripe-go write in a loop of the user's own whose params
		// carry no key (nil, a literal, a variable) is reported. In a loop,
		// the fix makes a key before it and sets it in the params (a params
		// variable made inside the attempt gets no fix); a key set on the
		// params but made inside the attempt is reported, and moved before
		// the loop. Quiet: calls made
		// once, a RawRequest with params, a GET, params from the caller or
		// given a key, a method that is not a constant, and every call in a
		// package that sets a backend's MaxNetworkRetries.
		{Name: "Stripe", Pkgs: []string{"unkeyedpost/stripe", "unkeyedpost/stripenoretry"}, Fixes: true},
		// HeadersFlag proves -unkeyedpost.headers adds key names (compared
		// without regard to case), that a name with Idempotency in it is a
		// key without the flag, and that other names stay unkeyed.
		{Name: "HeadersFlag", Pkgs: []string{"unkeyedpost/headersflag"},
			Flags: map[string]string{"headers": "PayPal-Request-Id"}},
		// Odd proves renamed and dot imports resolve by type, that a local
		// variable holding the client's Do sends what it is handed, and that
		// shapes the analysis cannot follow (function literals, function
		// values from parameters, fields, generics) neither crash it nor
		// draw a report.
		{Name: "Odd", Pkgs: []string{"unkeyedpost/odd"}},
		// Sites proves a named operation handed to a retry library and a
		// function literal handed to a retry helper of the user's own are
		// attempts.
		{Name: "Sites", Pkgs: []string{"unkeyedpost/sites"}},
		// OpenRetriers proves that an exported function of an exported type
		// that sends again any request it is handed (a parameter, or a clone
		// of its receiver's request field sent through a handler variable),
		// rewinding its body, after a failure that leaves open whether the
		// server acted, is reported at its loop. Quiet: a method read
		// anywhere in the function (in the loop, a switch, before it) or
		// handed to a predicate of the package that reads it, a key header
		// read, a key set on the request or its clone, a retry after a 429
		// only, a body never rewound or another request's rewound, a handler
		// that is a function literal, a conversion of one, or a wrapper that
		// replaces the header map, a method of an unexported type, an
		// unexported function whose callers are in sight, and one the
		// package calls (its POST reported at the call, or its GET not);
		// a call from a test file leaves the loop reported.
		{Name: "OpenRetriers", Pkgs: []string{"unkeyedpost/openretrier"}},
		// Refusals proves that a loop that sends a POST again only after a
		// refusal (a 429) is quiet, the method read by a predicate given
		// req.Method or the request, or by a test in the loop; one that goes
		// round on a transport error, a 502 or a 503 for a POST is reported.
		{Name: "Refusals", Pkgs: []string{"unkeyedpost/refusals"}},
		// UserRunners: an unkeyed POST inside a closure handed to a retry
		// helper of the user's own in another package (direct, forwarding,
		// generic, kept in an unexported field only ever set to it) is
		// reported; a key made once before the call, a callback called once,
		// and a helper kept in an exported field are quiet.
		{Name: "UserRunners", Pkgs: []string{"unkeyedpost/userrunner/retrier", "unkeyedpost/userrunner/billing"}, Fixes: true},
		// Hoist proves that a key made anew on every attempt and handed to the
		// function that sends it is reported in every shape of statement that
		// sends (:=, =, an if's init with an outer or its own err, an
		// expression statement, a return), and that the fix moves only the key
		// before the retry, under a name that clashes with nothing; keys made
		// once, or derived from a stable id, are quiet.
		{Name: "Hoist", Pkgs: []string{"unkeyedpost/hoist"}, Fixes: true},
		// Jumps proves that no fix declares a key that an earlier goto jumps
		// over into its scope (which does not compile), and that a goto jumping
		// back, or landing before the declaration, leaves the fix in place.
		{Name: "Jumps", Pkgs: []string{"unkeyedpost/jumps"}, Fixes: true},
		// Helpers proves that a POST sent by a helper of the package's own is
		// reported at the call in a retry attempt (issue 13, item 10): a sender
		// that takes the method, an options struct handed to a REST caller, a
		// Do on an interface, a helper that retries the request it is handed, a
		// key the helper makes on every call; GET, PUT, a key made once, a loop
		// over items and options handed to other code are quiet.
		{Name: "Helpers", Pkgs: []string{"unkeyedpost/helpers"}, Fixes: true},
		// HelpersAcrossPackages proves the same across packages, by the
		// SendsFacts of restapi's exported functions: a POST through Call with
		// Opts{Method: "POST"}, through functions that call Call or Send, and a
		// request handed to restapi's Do, which retries it, are reported in
		// restuser; a key in the options, a GET, a PUT and a call made once are
		// quiet.
		{Name: "HelpersAcrossPackages", Pkgs: []string{"unkeyedpost/restapi", "unkeyedpost/restuser"}, Fixes: true},
		// InjectedClients proves that a POST through a retrying client the
		// function did not build is reported (issue 13, item 11): a
		// go-retryablehttp client from a parameter or a field (RetryMax 4 by
		// default), a field whose constructor made the client or set its
		// retries, an http.Client field over a retrying transport, a resty
		// field given retries; a visible RetryMax 0, a field whose address is
		// taken, plain http.Clients, and resty clients without retries (v2's
		// default) or with a hook are quiet.
		// Deduplicated proves that a POST whose body the server deduplicates
		// is quiet: an alert event with a dedup_key, entity_id or alias that
		// is the same on every attempt (in a struct, a map literal, an index
		// assignment), and a Loki push request, followed through encoders,
		// the package's functions that make the body and a helper that takes
		// it; and a Prometheus remote-write request, known by its version
		// header, sent by a retried helper or in the loop; and a write at a
		// position (a chunk with its Content-Range, a tus PATCH with its
		// Upload-Offset). Another JSON name, a member never set or made anew
		// on every attempt, a body that may be plain, a body given by the
		// caller, a batch without the remote-write header and a chunk sent
		// with no position are reported; the last two, built in their loops,
		// get a key made before the loop (dedup.go.golden).
		// Executors: a retry loop inside the callee that re-sends the POST
		// and PATCH requests of several calls of its package (meilisearch's
		// do) is reported once, at the loop; a loop that re-sends the POST
		// of one call is reported at the call; GET, PUT and DELETE calls,
		// a silenced call, and calls of another package's loop whose
		// description reads the same are not counted.
		{Name: "Executors", Pkgs: []string{"unkeyedpost/executor", "unkeyedpost/executor/v1", "unkeyedpost/executor/v2"}},
		{Name: "Deduplicated", Pkgs: []string{"unkeyedpost/dedup"}, Fixes: true},
		{Name: "InjectedClients", Pkgs: []string{"unkeyedpost/injected"}, Fixes: true},
		// Builders proves that a request built by a function of the user's
		// and handed back (go-gitlab's NewRequest(method, path, opt,
		// options), then Do through its retrying client) is followed as one
		// from http.NewRequest, in its package and, by the builder's
		// SendsFact, in another: a POST or PATCH given as the method, or
		// fixed by the builder, through a retrying client (by a Do that
		// calls itself again after renewing a token) is reported, also
		// when the request is handed to its caller's request options and
		// gets a header map of constant names; a GET or PUT, a POST sent
		// once, one keyed by the caller or by the builder, and builders that
		// copy headers their caller gives or that a function sets by names
		// read at run time are quiet; so is a request handed to a function
		// value that is not the caller's option.
		{Name: "Builders", Pkgs: []string{"unkeyedpost/builders/glclient", "unkeyedpost/builders/gluser"}},
		// RestClient proves linodego's shape (issue 13, item 10): a builder
		// that copies the client's own headers (the same on every request,
		// so not a key) and each request's headers (the caller's); a retry
		// loop that hands the request to the caller's mutator, to the
		// client's hooks and to a logger that hands it back. A POST whose
		// params carry no headers is reported where the method is given, and
		// a loop's POST with only the client's headers copied onto it. Quiet:
		// a GET, params with a key or with one only sometimes, headers from a
		// map that is not the client's, a request replaced by one that may be
		// another, and one a helper keys with the API's own key header
		// (k6 Cloud's shape) before its retry loop. escapes.go: quiet where a
		// helper may key the request after all: one that gives its request
		// parameter another value before handing it back, or hands it back
		// on some paths only (another request on others), the request kept
		// under the name a helper hands it back under, an option the caller
		// passes to a helper (as a func, a pointer to one, or in a list),
		// options for one request held by a receiver
		// with no client, helpers that call each other, and params whose
		// header map gets a key in place.
		{Name: "RestClient", Pkgs: []string{"unkeyedpost/restclient"}},
		// HeaderHelper proves PagerDuty's shape: a sender that has each of
		// its caller's headers set on the request it is handed (by a helper
		// of its own, or itself), signs it through another package (a
		// header that is no key, known there by a fact) and keeps a Clone
		// for debugging, behind a retry loop that asks a predicate giving a
		// verdict and a delay. A POST whose headers hold no key, given as a
		// literal or handed on by a wrapper from a caller that gives none,
		// is counted where the headers are decided, and the three such calls
		// are reported at the loop that re-sends them; not counted: headers with a
		// key, headers handed on by an exported wrapper (its callers
		// decide), headers from code out of sight, a header another package
		// sets by a name it is given, a header map (or an options field
		// holding one) the helper writes a key into, a WithContext copy
		// keyed apart (it shares the header map), and a GET.
		{Name: "HeaderHelper", Pkgs: []string{"unkeyedpost/headerhelper/auth", "unkeyedpost/headerhelper"}},
	})
}

func TestBasic(t *testing.T) {
	testutil.WantNoFixes(t, testutil.Run(t, unkeyedpost.Analyzer, "unkeyedpost/basic"), "POST by ",
		"Post and PostForm cannot carry a header: the message says what to do")
}

// TestRetriedInterfaces proves that an interface method retried by a loop
// in one package (pipeline's Stage retries Notifier.Notify, marked by a
// RetriedFact) makes its implementations attempts in another package
// (issue 13, item 12): an unkeyed POST in webhook's Notify, one sent by a
// helper it calls or by pipeline.PostJSON kept in a field, one in a Page
// that pipeline retries through a wrapper of its own, and a key made on
// every call are reported, without a fix (the key belongs in the caller);
// a key from the event, a goroutine it starts, a field holding one of two
// functions, a method of an interface nothing retries, and a method of the
// same name that implements nothing are quiet. pipeline's own
// implementation is reported too.
func TestRetriedInterfaces(t *testing.T) {
	testutil.WantNoFixes(t, testutil.Run(t, unkeyedpost.Analyzer, "unkeyedpost/pipeline", "unkeyedpost/webhook"), "",
		"a key made in the implementation is made on every attempt")
}

func TestHeadersFlagRejectsBadNames(t *testing.T) {
	flag := unkeyedpost.Analyzer.Flags.Lookup("headers")
	defer flag.Value.Set("")
	if err := flag.Value.Set("Idempotency Key"); err == nil {
		t.Error(`-headers="Idempotency Key" was accepted; a header name has no space`)
	}
}

// TestRealLibs runs the client and fresh-key cases against the real
// go-retryablehttp, resty v2 and google/uuid, proving the stubs match.
func TestRealLibs(t *testing.T) {
	testutil.RunRealLibs(t, unkeyedpost.Analyzer, "./unkeyedpost/...")
}

// TestFixesRun runs each package's TestOneKeyPerOperation, which makes its
// retried writes fail and checks that every attempt of one operation
// carries one key, on the code as written, where it must fail on the keys,
// and on the fixed code (the .golden files), where it must pass: compiling
// the fixed code proves nothing about what it sends.
//
//   - fixes: a transport that fails the first request to each URL; the
//     fixes insert a key (none was sent) or move one made on every attempt
//     before the loop.
//   - hoist: a server that fails twice, then answers 200; every attempt
//     carries a new key until the fix moves its making before the loop.
//   - stripe: a stripe-go backend that fails twice, then succeeds; the
//     params carry no key (stripe-go makes one per call) or a new one per
//     attempt.
func TestFixesRun(t *testing.T) {
	for _, tc := range []struct {
		pkg        string
		wantBefore []string // in the failures of the code as written
	}{
		{"unkeyedpost/fixes", []string{"want one non-empty key on every attempt", `sent keys ["" ""]`}},
		{"unkeyedpost/hoist", []string{"want one non-empty key on every attempt"}},
		{"unkeyedpost/stripe", []string{"want one non-empty key on every attempt", "carries no key"}},
	} {
		t.Run(tc.pkg, func(t *testing.T) {
			out, err := testutil.GoInTree(testutil.Tree(t), "test", "-count=1", tc.pkg) // the code as written
			if err == nil {
				t.Errorf("before the fix, TestOneKeyPerOperation passed; it cannot tell a missing or new key:\n%s", out)
			}
			for _, want := range tc.wantBefore {
				if !strings.Contains(string(out), want) {
					t.Errorf("before the fix, TestOneKeyPerOperation did not fail with %q:\n%s", want, out)
				}
			}
			testutil.TestFixed(t, tc.pkg)
		})
	}
}

// TestBuildersNoFix proves that a POST or PATCH built by a builder carries
// no fix: the key belongs where the builder sets its headers, not at the
// call that gets the request.
func TestBuildersNoFix(t *testing.T) {
	results := testutil.Run(t, unkeyedpost.Analyzer, "unkeyedpost/builders/glclient", "unkeyedpost/builders/gluser")
	for _, prefix := range []string{"POST built by ", "PATCH built by "} {
		testutil.WantNoFixes(t, results, prefix, "a key made at the call would not reach the builder's other requests")
	}
}

// TestHeaderMaps proves that a header map built by a method of the package
// and given whole to a request (loki's logcli) is followed: headers named
// by the client's configuration are no key, so the retried POST is
// reported; a helper that sets a key, takes the name from its caller, makes
// a value anew or hands back a map it does not build is quiet, as is a map
// written to after. No report carries a fix: the map replaces the headers a
// key would be set on where the request is built.
func TestHeaderMaps(t *testing.T) {
	testutil.WantNoFixes(t, testutil.Run(t, unkeyedpost.Analyzer, "unkeyedpost/headermaps"), "POST is retried",
		"a key set where the request is built is dropped when its header map is replaced")
}
