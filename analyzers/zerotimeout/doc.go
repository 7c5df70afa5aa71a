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
//     values of them, which use http.DefaultClient.
//
// It does not report a Timeout that is not provably zero (a variable, a
// configuration field, a call); a client whose Timeout is assigned a value
// that is not provably zero in the same function before the client is first
// used, also through a field path such as s.hc.Timeout = d (an assignment
// after the first use does not count), or that is replaced by another before
// its first use; comparisons with http.DefaultClient, reads of its fields and
// assignments to it; and _test.go files, unless -zerotimeout.tests is set,
// because go test -timeout already ends a hung test.
//
// Each report has a fix, safe to apply unreviewed: a literal gets
// Timeout: 30 * time.Second (the value of -zerotimeout.timeout), importing
// time where needed; var c http.Client gets an initialiser with that
// Timeout; new(http.Client) becomes &http.Client{Timeout: ...}; and
// http.Get(u), http.DefaultClient and friends become
// (&http.Client{Timeout: ...}).Get(u), a client that shares
// http.DefaultTransport (a nil Transport means the default one), so
// connections are still pooled. A declaration of several names gets no fix,
// nor does code where a local variable hides the package name time.
package zerotimeout
