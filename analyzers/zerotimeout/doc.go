// Package zerotimeout defines an Analyzer that reports HTTP clients that can
// wait forever.
//
// # Analyzer zerotimeout
//
// zerotimeout: report http.Client values that can wait forever
//
// An http.Client whose Timeout is zero has no time limit: net/http documents
// a Timeout of zero as "no timeout". A call through it to a server that stops
// answering (a full queue, a dead peer behind a load balancer, a half-open
// connection) never returns, and each waiting call holds a goroutine, a
// connection and its buffers until the process runs out of one of them.
//
// The analyzer reports:
//
//   - an http.Client literal, with or without &, that sets no Timeout, or
//     sets it to a constant zero (also through a named constant);
//   - a zero-value declaration, var c http.Client, at package level or local;
//   - new(http.Client);
//   - a use of http.DefaultClient (calling its methods, copying or passing
//     it), which has no Timeout;
//   - calls of http.Get, http.Head, http.Post and http.PostForm, and method
//     values of them, which use http.DefaultClient;
//   - calls of a function of another module that returns a new client with
//     no Timeout (go-cleanhttp's DefaultPooledClient), known from the fact
//     the analyzer leaves on it, checked like a literal but with no fix;
//     and, through the same fact, calls in another package of the module of
//     an exported function of an internal package whose only result is
//     such a client: only its module can call it, so the client is checked
//     at each call instead of where it is made (unless the internal package
//     itself sends through it without a bound);
//   - calls of a function of another module that falls back to a client
//     with no Timeout when its caller gives none (nhooyr's and coder's
//     websocket.Dial with DialOptions.HTTPClient nil, a NewClient(nil) that
//     makes a bare http.Client), known from the fact the analyzer leaves on
//     it where it reports the fallback, also on an exported function that
//     hands its caller's value on to one unchanged: a call that gives nil,
//     or a literal of the options that leaves the client out (also through
//     a local variable given it once and named nowhere else), is reported
//     at that argument, unless a context argument of the call has a
//     deadline (in the module of the package that falls back, the report
//     there covers it); no fix, since how the library reads its responses
//     is out of sight.
//
// A client whose wait is bounded another way is not reported. The analyzer
// follows the client to its uses in the package (through variables,
// unexported fields, a field of a function's own copy of a struct, the
// parameters and callers of unexported functions, the calls of a function
// literal held in an unexported package-level variable, and the result of
// a function that only decorates the client it is given and hands it back,
// known by its PassedClientFact in another package), and into an exported
// field of another package whose fact says that package sends through it
// only under a deadline (logtail's Config.HTTPC). A use out of sight (an
// exported field or variable, a client returned by an exported function or
// handed to another package) keeps the report. It stays quiet when:
//
//   - every request the client sends carries a context with a deadline, made
//     by context.WithTimeout or WithDeadline in the function that sends it,
//     or by WithCancel whose cancel a watchdog (a goroutine, time.AfterFunc)
//     calls, or by errgroup.WithContext for a group that also runs a
//     function that waits on the clock and fails with an error of its own
//     (a stall check, which cancels the group's context); the request may be built by a helper that gives it the context
//     of one of its parameters (a function of the package, or of another
//     package by its RequestContextFact), and the context may be a
//     parameter of an unexported function that every call in the package
//     gives a context with a deadline, or captured by a closure from a
//     function where it has one, or derived from such a context by
//     WithValue, WithCancel or a function that returns a context made from
//     its parameter that way (of the package, or of another package by its
//     DerivedContextFact; context.WithoutCancel drops the deadline); or the
//     context is a parameter of an exported function of an internal
//     package or a program, which only its module can call: each call of
//     the function, in its package and through its DeadlineParamFact in the
//     others, is checked instead, and one that gives a context with no
//     deadline in sight is reported there (also a call through an interface
//     of its package that only its type implements; a call through another
//     interface or a function value is not seen);
//   - the request asks for a stream of server-sent events (every value the
//     function gives its Accept header names text/event-stream alone, one
//     is set on every path before the send) and carries a context: the
//     response stays open as long as events come, a model's tokens or a
//     feed of changes, and the caller ends it, so no Timeout fits;
//   - its transport bounds the wait for the server: an http.Transport with a
//     ResponseHeaderTimeout, or whose dial function returns connections with
//     read deadlines, also wrapped in another RoundTripper;
//   - its transport, a RoundTripper of the package, never sends: it fails
//     every request with an error (prometheus' failingRoundTripper), or
//     serves it with a handler in this process and answers with what an
//     httptest.ResponseRecorder recorded (an in-memory fake), and calls no
//     client, transport or dialer;
//   - its Timeout is set another way: assigned in the same function before
//     the first use (also through a field path such as s.hc.Timeout = d, or
//     by a setter of the package called there; under a condition too,
//     except *x under if x != nil, an optional setting nil by default);
//   - it is go-retryablehttp's StandardClient, whose attempts each go
//     through the retrying client's HTTPClient, and that client gets a
//     Timeout before the call on every path to it
//     (rc.HTTPClient.Timeout = c.HTTPClient.Timeout), or is set to a
//     client checked where it is made;
//   - it is handed to an SDK whose calls may rightly wait as long as they
//     take (the Docker client's WithHTTPClient: logs -f, events, a commit
//     answered when done; Google API clients' option.WithHTTPClient: Cloud
//     Storage streams objects of any size), where no Timeout fits, also
//     when a function of the package made it around a transport, its
//     caller's or its own;
//   - it is given to azcore (every Azure SDK client) as ClientOptions'
//     Transport beside retry options whose TryTimeout is not provably zero:
//     azcore sends each try under a deadline of TryTimeout, body included;
//   - http.DefaultClient is only a fallback (if c == nil { c =
//     http.DefaultClient }) in an unexported function that every caller in
//     the package gives a client (also every call through a function-typed
//     field the function is stored in, when the package only stores,
//     compares and calls that field), or for an unexported field of a struct
//     of the package that every literal and assignment of the package sets
//     to a client (a fallback for a struct the package did not make), or
//     in a function, exported or not, that only decorates the client it is
//     given and hands it back (loki's hedging ClientWithRegisterer), whose
//     calls that give nil are reported instead, in its package and through
//     its fact in importing packages, or
//     http.DefaultClient gets a Timeout elsewhere in the package (an init,
//     main);
//   - it never sends a request;
//   - it is test code: a _test.go file, a package that imports "testing"
//     or lives in an e2e directory (test support), or a function that
//     takes a testing value or starts an httptest server, unless
//     -zerotimeout.tests is set, because go test -timeout already ends a
//     hung test.
//
// A client made around the transport its caller gives (a RoundTripper
// parameter, or a field of an options parameter such as Options.Transport,
// possibly replaced by a default when nil) leaves the bound to that caller:
// a library cannot know what its callers will pass, and a Timeout would cut
// the long transfers such libraries make. The analyzer checks the calls
// instead, in the package and, through a fact, in every package that
// imports it, and reports a call that gives a transport that provably does
// not bound the wait: nil (unless the function replaces it with one that
// does), http.DefaultTransport, or an http.Transport without
// ResponseHeaderTimeout. A caller that hands on its own caller's transport
// is checked where it is called in turn.
//
// Comparisons with http.DefaultClient, reads of its fields and assignments
// to it are not uses.
//
// Each report has a fix, safe to apply unreviewed, chosen from how the
// client's responses are read. Client.Timeout also covers reading the
// body, so it would cut a long download. When every response is read whole
// (io.ReadAll, a JSON or XML value decoded at once, or the body only
// closed), the fix sets Timeout: 30 * time.Second (the value of
// -zerotimeout.timeout). When a body is streamed (copied to a writer, read
// in a loop, handed back to the caller) or the analyzer cannot tell, the fix
// bounds the wait for the server instead of the transfer: a client that
// sends through http.DefaultTransport gets a copy of its settings (proxy
// from the environment, HTTP/2, a 30 s dial and 10 s TLS handshake timeout)
// with ResponseHeaderTimeout set to -zerotimeout.timeout, keeping a pool of
// idle connections when the client is made once, none when it may be made
// for each request; an http.Transport literal of the file gets the
// ResponseHeaderTimeout and TLSHandshakeTimeout it lacks (and a dial timeout
// where that keeps its choice of HTTP/2). A transport the analyzer cannot
// see into gets no transport fix.
//
// http.Get(u) and http.DefaultClient become a new client, (&http.Client{
// Timeout: ...}).Get(u), and so does the nil given to a decorator that
// would replace it by http.DefaultClient: a client with a nil Transport sends through
// http.DefaultTransport (a nil Transport means the default one), so
// connections are still pooled. What the package sets on
// http.DefaultClient (Transport, Jar, CheckRedirect) is kept; where the
// package changes http.DefaultTransport or http.DefaultClient's Transport,
// no transport fix is offered. &http.DefaultClient, the address of the
// variable, gets no fix. A declaration of several names gets no fix, nor
// does code where a local variable hides the package name time.
package zerotimeout
