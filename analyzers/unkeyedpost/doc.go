// Package unkeyedpost defines an Analyzer that reports POST and PATCH
// requests sent more than once without one idempotency key for all their
// attempts.
//
// # Analyzer unkeyedpost
//
// unkeyedpost: report retried POST and PATCH requests without an idempotency key
//
// A timeout does not say the work did not happen: the server may have applied
// the request and only the reply was lost. POST and PATCH are not idempotent
// (RFC 9110 section 9.2.2, RFC 5789), so a retry can apply them twice: the
// card is charged twice. The remedy is an idempotency key
// (draft-ietf-httpapi-idempotency-key-header) that the client makes once per
// logical operation and sends with every attempt, so the server recognises a
// repeat and answers with the first result. net/http itself replays a request
// on a reused connection when it carries Idempotency-Key or X-Idempotency-Key.
//
// The analyzer reports a request that is
//
//   - non-idempotent: http.Post, http.PostForm, (*http.Client).Post and
//     PostForm, http.NewRequest and NewRequestWithContext with the method
//     POST or PATCH as a constant (a literal, http.MethodPost, or a named
//     constant of the user's), sent with Do; go-retryablehttp's Post,
//     PostForm and NewRequest*; resty v2's Post, Patch and Execute;
//   - sent more than once: inside the attempt of a retry site (a retry loop
//     or a retry-library call, found by the shared retrysite analyzer), or
//     through a client that retries by itself: a go-retryablehttp client
//     (RetryMax 4 by default, POST included) unless RetryMax = 0 is visible,
//     its StandardClient() or an http.Client over its RoundTripper, or a
//     resty client with SetRetryCount(n > 0);
//   - without a key: no header of the key list set on it before it is sent,
//     by Header.Set, Header.Add, a map index assignment, an http.Header
//     literal, or resty's SetHeader/SetHeaders.
//
// A retrying client the function did not build counts too. A
// go-retryablehttp client from a parameter, a field that the package never
// sets, or another package's function was, all but always, made by
// NewClient: it retries 4 times unless the function visibly sets RetryMax.
// A client kept in a field is judged by every value the package stores
// there (the constructor's NewClient, RetryMax, StandardClient, an
// http.Client over a retryablehttp.RoundTripper, resty's SetRetryCount). A
// RetryMax set in the function literal an exported option returns, one the
// package never applies itself (go-gitlab's WithCustomRetryMax), leaves
// the default unless the user passes it, and the report says so; any other
// setting that is not a constant (a constructor's or a setter's parameter)
// leaves the client unjudged, and a _test.go file's setting is the test's.
// resty v2 makes clients with RetryCount 0 and then sends once, and an
// http.Client never retries by default, so a client of theirs from out of
// sight is not taken to retry.
//
// The POST may be sent by a helper, in this package or another. Each
// function is summarised by the requests a call of it sends (a SendsFact
// for the other packages): the method, a constant or the caller's argument
// (a parameter, or a field of an options struct: Opts{Method: "POST"}); the
// key, none, the caller's argument (a parameter, a field, or the header map
// it hands over), or one made anew on every call; and what inside the call
// sends it again. A request is followed into the functions it is handed to
// that send it (do(req) calling c.Do(req)) and into a Do on an interface or
// a function-typed field that takes a request and returns a response (an
// httpDoer). A call of such a helper in a retry attempt that sends a POST
// or PATCH without a key is reported at the call; so is a call whose
// arguments make a POST of a request that the helper itself retries. A
// POST travels up one call from the function that decides it (the one that
// puts the method, and the key or its absence, on the request): a retry
// further up repeats a larger operation (a connection, a bootstrap, a
// sync) of which the POST is one step, and RPC-style APIs post even their
// reads. Nor does it travel out of a loop over items or targets, which
// sends it once per item.
//
// A retrier of the package that re-sends the unkeyed POST or PATCH of two
// or more calls of the package, inside their callee (an SDK's one
// executor: meilisearch-go's retry loop in (*client).do, go-gitlab's
// (*Client).Do sending through its retrying client), is reported once, at
// the loop or at the call that sends through the client, where the fix
// goes; the POST of a single call, of a retrier in another package, or
// built in sight (where its fix goes) is reported at the call, and a
// client handed to the callee is not the callee's to change.
//
// An exported function whose loop sends again whatever request it is
// handed (a parameter, or a clone of its receiver's request field:
// typesense-go's (*APICall).Do, the Stainless SDKs'
// (*RequestConfig).Execute) is reported at the loop when it rewinds the
// body, reads neither the method nor a key header, hands the request to
// no test, and retries after a failure that leaves open whether the
// server acted on a POST: net/http replays only idempotent or keyed
// requests, and the callers that hand it POSTs are out of sight.
//
// A request may also be built by a function of the user's that hands it
// back unsent (go-gitlab's c.NewRequest(http.MethodPost, u, opt, options),
// then c.Do(req, v)): a builder whose request gets no key header (a
// header map of its own, filled with constant names, copied onto it, is
// no key, nor is the header map of a receiver that also holds the
// *http.Client, sent with every request),
// or a key or headers its caller gives (linodego's createRequest copies
// params.Headers), is summarised by the method it builds, a constant or
// its caller's argument, and where its key comes from; the request a call
// of it returns is followed as one from http.NewRequest, keyed as that
// call's arguments say. Request options, the function values a caller
// hands over to adjust the request (a func parameter or a pointer to one,
// or a range over a parameter or a field holding them), are taken to set
// no key: the call that hands none is the common one, and sends the
// request as the library built it. A request handed to a function of the
// package that only reads or adjusts it (and calls no option its own
// caller passes), and may hand the same request back
// (req = c.logRequest(req)), stays followed.
//
// A function kept in a field is followed when every value the package
// stores there is the same function (postJSON: notify.PostJSON), and a
// local variable into every function or method value it is given, when
// its address is never taken (send := n.notifyV2; if v1 { send = n.notifyV1 }).
//
// The attempt may also be an interface method's implementation: a retry
// site that calls an interface method of its package, itself or through a
// function of the package that calls it, marks it with a
// RetriedFact ("retried by a retry loop in pipeline.(*Stage).deliver (up to
// 5 attempts)"), and a package that implements the method, there or in a
// package that imports it, treats the implementation's body as an attempt.
//
// stripe-go keys a write request only when the call carries params: a
// RawRequest POST (stripe.RawRequest, rawrequest.Client's, a
// RawRequestBackend's) given nil params goes out with no key, and the
// backend retries it (MaxNetworkRetries 2 by default: 3 attempts), in
// stripe-go v82 and later majors. A package that sets a backend's
// MaxNetworkRetries anywhere is left alone. The key stripe-go makes is
// made per call: in a retry site of the user's own, a stripe-go POST (a
// service method that sends one through the backend, a StripeWriteFact
// from stripe-go's code, or a RawRequest) whose params surely carry no
// key (nil, a literal without IdempotencyKey, a local variable given one
// and not otherwise handed on) sends a new key on every attempt.
//
// The key list is Idempotency-Key, X-Idempotency-Key and any name with
// Idempotency in it (an API's own: K6-Idempotency-Key, Cko-Idempotency-Key),
// compared without regard to case; -unkeyedpost.headers adds names
// (PayPal-Request-Id, ...). X-Request-ID is a correlation id, not a key.
//
// It also reports a key made anew on every attempt: a key header (or a
// stripe-go params key: SetIdempotencyKey, the IdempotencyKey field) written
// inside a retry attempt whose value is made inside that attempt by a UUID,
// crypto/rand, math/rand, the clock, retry.NewIdempotencyKey, or a function
// of this or another package that returns such a value (a FreshKeyFact).
// The key may also be handed, made inside the attempt, to a function of this
// or another package that sends that parameter as a key header (a
// KeyParamFact). A key derived from a retry loop's counter changes on every
// attempt too. Each retry then looks like a new operation to the server, and
// nothing is deduplicated.
//
// Precision comes first. It stays quiet for GET, HEAD, OPTIONS, TRACE, PUT
// and DELETE; for "post" in lower case (methods are case-sensitive, and
// servers do not take it for POST); for a method that is not a constant; for
// a POST sent once (a loop over orders sends each once; a retry loop that
// leaves right after the POST, by return, break or panic with no continue on
// the way, retries only what comes before it; a loop that goes around only
// on an error of the package's own type that nothing in its attempt makes,
// such as a redirect to the leader, follows an answer and leaves when the
// POST fails; a POST sent in a loop over items inside the attempt, one
// that nothing leaves but a failure's return, after which every path
// leaves the retry loop); for a loop whose attempt is the POST or PATCH
// and that goes round after it only on a refusal, a 429, leaving on a
// transport error and on a 500, 502, 503 or 504, read with the request's
// method where the loop or the predicate it asks compares it (a client
// that retries a GET on a 5xx but anything else only on a 429); for a key
// that comes
// from outside the attempt (a parameter, a value made before the loop, one
// derived from an order id); for a header name that is not a constant,
// unless a function of the package that takes no parameter and makes no
// value anew builds the header map (req.Header = c.headers()): such a name
// comes from the client's configuration and is set on every request, so it
// names no one operation; for a
// request, header map or client handed to code it cannot see (which may set
// a key or turn retries off), a header map a helper ranges over that the
// caller does not visibly fill without a key, and options handed to other
// code before the call; for a resty or net/http client it did not see made,
// as a client that retries by itself; for this project's retry.NewClient
// and retry.Transport, which refuse to retry an unkeyed POST; for stripe-go
// calls that no retry of the user's own repeats, to which stripe-go adds a
// key itself (but see below); for a body the server deduplicates (a JSON event
// whose dedup_key, incident_key, alias or entity_id is set to a value not
// made anew on every attempt, a Loki push request), followed back through
// the encoders and wrappers that make it, the package's functions that
// return it and the helpers it is handed to; for a request of a protocol
// whose receivers apply a repeat once, known by its header (Prometheus
// remote write's X-Prometheus-Remote-Write-Version), or a write at a
// position, whose repeat writes the same bytes at the same place or is
// refused (a chunked upload's Content-Range, a tus upload's Upload-Offset);
// and in _test.go files, whose retries hit a stub server.
//
// Fixes: a request built by NewRequest* inside a retry attempt gets a key
// made once before the retry site (key := retry.NewIdempotencyKey(), the
// runtime library imported under a name that does not clash) and set on
// every attempt right after it is built and its error checked
// (req.Header.Set(retry.IdempotencyKeyHeader, key)); a request built once
// and sent again (before a loop, or by a client that retries by itself) gets
// a key made where it is built; a resty chain gets .SetHeader(...) before its
// Post; a stripe-go RawRequest that only its backend retries gets
// &stripe.RawParams{} for its nil params, so that stripe-go keys it; a
// stripe-go POST in a retry site of the user's own gets a key made once
// before the site, set in its params (a new params literal for nil, the
// Params of its literal, or SetIdempotencyKey on a params variable made
// before the site). A key made inside the attempt is moved before the site, when the
// expression uses nothing declared inside it and does nothing but make the
// key (key makers, formatting, conversion); two requests in one attempt get
// two keys. Only the key moves, never the send: a key made in the argument
// of the call that sends it (err := post(ctx, body, newKey()), err = ...,
// if err = ...; err == nil, an expression statement, a return) is declared
// before the site (key := newKey(); the name is key, idempotencyKey, idemKey,
// then key2, key3, ..., whichever clashes with nothing) and the argument
// becomes key, so every attempt still sends. No fix declares a variable that
// an earlier goto jumps over into its scope, which Go forbids: such a site
// gets the report without a fix. http.Post and PostForm cannot carry a
// header, so they get no automatic fix: the message says to build the
// request with NewRequestWithContext and a key. A request given a whole new
// header map after it is built (req.Header = h) gets no fix: the map would
// drop a key set where the request is built. A POST built by a builder
// gets no fix: its key belongs where the builder sets its headers, or in an
// option the caller hands it. A POST sent by a helper, and
// one in an implementation retried through an interface, get no fix either:
// the key must be made once, in the caller, and handed to the helper.
package unkeyedpost
