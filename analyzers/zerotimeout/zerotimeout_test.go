package zerotimeout_test

import (
	"strings"
	"testing"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/testutil"
	"github.com/retrylint/retrylint/analyzers/zerotimeout"
)

func TestCases(t *testing.T) {
	testutil.RunCases(t, zerotimeout.Analyzer, []testutil.Case{
		// ZeroTimeout runs the analyzer over its test packages at once (one
		// build of the fixed tree): what it reports (basic, names, dot,
		// generated); Timeouts set before the first use (setbefore); where
		// fixes put the field (layout); clients bounded another way (bounded: a
		// context deadline on every request, the transport, an SDK option, a
		// setter, a fallback no caller reaches, no request at all); the fix
		// chosen from how responses are read (streaming: Timeout for bodies
		// read whole, bounds on the transport for bodies streamed or out of
		// sight, keeping the transport's settings); fixes that replace
		// http.DefaultClient keep what the package configures on it or give
		// none, a Timeout set on it anywhere bounds it, and &http.DefaultClient,
		// *&http.DefaultClient and method values all become valid Go (default*,
		// addr).
		{Name: "ZeroTimeout", Pkgs: []string{
			"zerotimeout/basic", "zerotimeout/setbefore", "zerotimeout/names", "zerotimeout/dot", "zerotimeout/generated",
			"zerotimeout/layout", "zerotimeout/bounded", "zerotimeout/streaming", "zerotimeout/defaultcfg",
			"zerotimeout/defaulttransport", "zerotimeout/defaultset", "zerotimeout/defaultafter", "zerotimeout/defaultvar", "zerotimeout/addr",
		}, Fixes: true},
		// TestFilesSkippedByDefault: _test.go files, test support (a
		// non-test package that imports "testing") and a function that
		// starts an httptest server are skipped.
		{Name: "TestFilesSkippedByDefault", Pkgs: []string{"zerotimeout/testfiles", "zerotimeout/testsupport", "zerotimeout/mockserver"}},
		{Name: "TestsFlag", Pkgs: []string{"zerotimeout/testfileson", "zerotimeout/testsupporton", "zerotimeout/mockserveron"}, Fixes: true,
			Flags: map[string]string{"tests": "true"}},
		{Name: "TimeoutFlag", Pkgs: []string{"zerotimeout/timeoutflag"}, Fixes: true,
			Flags: map[string]string{"timeout": "1500ms"}},
		// DelegatedTransport: a client made around the transport a caller
		// gives is checked where it is called, in the package and, through its
		// fact, in importing packages; a nil transport the function replaces
		// with a bounded default is fine.
		{Name: "DelegatedTransport", Pkgs: []string{"zerotimeout/delegated", "zerotimeout/delegateduse"}},
		// DecoratedClient: a function that only decorates the client it is
		// given and hands it back (nil beside an error) carries a fact; the
		// client is followed through it, and its fallback to
		// http.DefaultClient for nil is reported at the calls that give nil
		// (not where it is, as for one that also sends through or keeps the
		// client). A client made by a function literal held in an unexported
		// package-level variable is followed through the variable's calls;
		// one given to azcore as the options' Transport beside a TryTimeout
		// that is not provably zero is bounded per try.
		{Name: "DecoratedClient", Pkgs: []string{"zerotimeout/hedginglib", "zerotimeout/hedginguse"}, Fixes: true},
		// ReturnedClient: a function of another module that returns a new
		// client with no Timeout (go-cleanhttp's) carries a fact, and its calls
		// are checked like literals; no fix, since the client is made out of
		// reach.
		{Name: "ReturnedClient", Pkgs: []string{"zerotimeout/pooled"}},
		// NilClient: a function that falls back to a client with no Timeout
		// when its caller gives none (a nil client, options that leave it
		// out) carries a fact, also through an exported function that hands
		// its caller's value on unchanged; calls of another module that give
		// nil or such options are reported, unless their context has a
		// deadline, also in a package that imports neither net/http nor
		// context (test support's skipped as test code), and in the module of a wrapper of
		// another module's fallback. A function that replaces nil by a
		// bounded client, sends under its own deadline, refuses nil, or may
		// find a client of its own making in the field, has no fact; calls in
		// the module of the fallback are covered where it is.
		{Name: "NilClient", Pkgs: []string{"example.com/apiclient", "example.com/apiclient/quick", "example.net/wswrap", "example.net/wswrap/use",
			"zerotimeout/nilclient", "zerotimeout/nilclientbare", "zerotimeout/nilclienttestsupport"}},
		// InternalClient: an exported function of an internal package that
		// returns a client with no Timeout is not reported where it makes it
		// (its callers are all of its module) but at each call in another
		// package of the module, through the same fact, unless the package
		// already sends through it unbounded or the function returns more
		// than the client; a test's call is test code.
		{Name: "InternalClient", Pkgs: []string{"zerotimeout/internal/tokenauth", "zerotimeout/tokenuse"}, Fixes: true},
		// ForwardingTransport: a transport that sends every request through
		// the *http.Client it holds leaves the wait to that client, judged
		// where it is made; one that may also send another way does not.
		{Name: "ForwardingTransport", Pkgs: []string{"zerotimeout/forwarding"}},
		// FailingTransport: a transport whose RoundTrip answers every
		// request with a nil response, calling nothing but errors.New and
		// fmt.Errorf, never waits on a server.
		{Name: "FailingTransport", Pkgs: []string{"zerotimeout/failing"}},
		// InProcessTransport proves that a client whose transport answers
		// with what an httptest.ResponseRecorder recorded (through a
		// variable, a field embedding the recorder, or directly) is quiet,
		// and one that also sends, or answers from elsewhere, is not.
		{Name: "InProcessTransport", Pkgs: []string{"zerotimeout/inprocess"}},
		// TransportFactory: an exported function that returns a transport
		// bounding the wait carries a fact, and a client made around what it
		// returns in another package is bounded.
		{Name: "TransportFactory", Pkgs: []string{"zerotimeout/transportfactory", "zerotimeout/transportfactoryuse"}},
		// WrappedClient: the client retryablehttp's StandardClient wraps is
		// followed to where it is made through a field whose package stores
		// only clients with a Timeout in it (by its fact, or by the stores of
		// this package) and through a helper that hands back its parameter's
		// client; a field that may hold a client without one and a helper
		// that may return another client are not.
		{Name: "WrappedClient", Pkgs: []string{"zerotimeout/wrappedlib", "zerotimeout/wrappeduse"}},
		// BoundedField: a client stored in another package's exported field is
		// followed through that package's fact, which says it sends through
		// the field only under a deadline; the fact needs a send there, and
		// the storing package's own uses still count.
		// RequestHelper: a request built by a helper that gives it the
		// context of one of its parameters (in the package, or by the
		// helper's RequestContextFact) is bounded when the caller's context
		// is; a helper that replaces the context, or drops it on one path, is
		// no such helper.
		// CallerContext: an unexported function's context parameter is
		// bounded when every call in the package passes a context with a
		// deadline, and a closure's captured context is followed in the
		// function that declares it; an exported function's callers are
		// out of sight.
		{Name: "CallerContext", Pkgs: []string{"zerotimeout/callerctx"}, Fixes: true},
		// DeadlineParam: a client with no bound of its own that an exported
		// function of an internal package sends through under its caller's
		// context is not reported where it is used; the function carries a
		// DeadlineParamFact, and each call of it is checked, in its package
		// and in the others of the module: a context with no deadline is
		// reported at the call, naming the client's place; one with a
		// deadline is quiet; an exported function of an internal package that
		// hands its own context on carries the fact in turn, and one of a
		// package others can import is reported at its call. A client sent
		// through under two contexts is reported where it is used. A call
		// through an interface of the function's package that only its type
		// implements is checked too; one through an interface with other
		// implementations, or declared by the caller, is not.
		{Name: "DeadlineParam", Pkgs: []string{"zerotimeout/internal/announce", "zerotimeout/internal/pipeline", "zerotimeout/announceuse"}, Fixes: true},
		// DerivedContext: a context made from one with a deadline by a
		// function that keeps it (another package's, by its
		// DerivedContextFact, or the package's own, by its body) bounds the
		// request; one that drops it (WithoutCancel) or may start over
		// (context.Background on a path) does not.
		// StallWatch: a context from errgroup.WithContext bounds the
		// requests made under it when a function the group runs waits on the
		// clock and fails with an error of its own (a stall check), which
		// cancels the context; a group without one, or whose clock only
		// passes the context's own end on, does not.
		{Name: "StallWatch", Pkgs: []string{"zerotimeout/stallwatch"}, Fixes: true},
		{Name: "DerivedContext", Pkgs: []string{"zerotimeout/ctxwrap", "zerotimeout/ctxwrapuse"}, Fixes: true},
		{Name: "RequestHelper", Pkgs: []string{"zerotimeout/reqhelper", "zerotimeout/reqhelperuse"}, Fixes: true},
		{Name: "BoundedField", Pkgs: []string{"zerotimeout/logsink", "zerotimeout/logsinkuse", "zerotimeout/logsinkown"}, Fixes: true},
		// EventStream: a request that asks for text/event-stream alone
		// (Header.Set or Add, before the send) stays open as long as events
		// come, and is not reported; one that also accepts a document, or
		// whose header went on another request, is, and so is a client that
		// sends a stream and a document.
		{Name: "EventStream", Pkgs: []string{"zerotimeout/eventstream"}, Fixes: true},
	})
}

func TestDoc(t *testing.T) {
	doc := zerotimeout.Analyzer.Doc
	title, _, _ := strings.Cut(doc, "\n")
	if title != "report http.Client values that can wait forever" {
		t.Errorf("Doc title = %q", title)
	}
	if strings.Contains(doc, "//") || !strings.Contains(doc, "http.DefaultTransport (a nil Transport") {
		t.Errorf("Doc is not the unwrapped package comment:\n%s", doc)
	}
}

func TestDurationExpr(t *testing.T) {
	for d, want := range map[time.Duration]string{
		30 * time.Second:        "30 * time.Second",
		time.Second:             "time.Second",
		1500 * time.Millisecond: "1500 * time.Millisecond",
		time.Minute:             "time.Minute",
		90 * time.Minute:        "90 * time.Minute",
		2 * time.Hour:           "2 * time.Hour",
		time.Microsecond:        "time.Microsecond",
		1001 * time.Nanosecond:  "1001 * time.Nanosecond",
	} {
		if got := zerotimeout.DurationExpr("time", d); got != want {
			t.Errorf("DurationExpr(%v) = %q, want %q", d, got, want)
		}
	}
	if got := zerotimeout.DurationExpr("", time.Second); got != "Second" {
		t.Errorf("with a dot import: %q", got)
	}
}

// TestRealLibs runs the Docker SDK and Google API cases against the real
// modules (github.com/docker/docker, github.com/moby/moby/client,
// cloud.google.com/go/storage and google.golang.org/api in
// testdata/reallibs), proving the stubs' WithHTTPClient options are the real
// ones.
func TestRealLibs(t *testing.T) {
	testutil.RunRealLibs(t, zerotimeout.Analyzer, "./zerotimeout/...")
}
