package retry

import (
	"context"
	"crypto/tls"
	"errors"
	"io"
	"net"
	"net/http"
	"syscall"
	"time"
)

// DefaultClientTimeout is the Timeout of a client from [NewClient] when none
// is given.
const DefaultClientTimeout = 30 * time.Second

// NewClient returns an http.Client whose requests are retried by a
// [Transport] with policy p over http.DefaultTransport.
//
// The client always has a Timeout (timeout, or DefaultClientTimeout when
// timeout <= 0): a client without one waits forever for a server that stops
// answering, holding a goroutine and a connection. The timeout bounds the
// whole call, retries included, and the transport waits between attempts
// only while the wait ends before it.
func NewClient(timeout time.Duration, p Policy) *http.Client {
	if timeout <= 0 {
		timeout = DefaultClientTimeout
	}
	return &http.Client{Timeout: timeout, Transport: &Transport{Policy: p}}
}

// A Transport is an http.RoundTripper that retries, with its Policy, the
// requests that are safe to repeat and the failures that may pass.
//
// A request is repeated only when repeating it does no harm: GET, HEAD,
// OPTIONS, TRACE, PUT and DELETE, which RFC 9110 defines as idempotent, and
// POST and PATCH only when they carry an [IdempotencyKeyHeader] header. A
// request whose body cannot be rewound (its GetBody is nil) is not repeated
// either. Only failures that another attempt may not meet are retried:
// connection errors and timeouts, and the statuses 408, 429, 500, 502, 503
// and 504 (see [RetryableStatus]). A Retry-After header on the response is
// honoured as the least wait, up to the Cap of the Policy's Backoff and if
// the wait fits the request's deadline; a server that asks for longer gets
// its response returned at once.
//
// The Policy's AttemptTimeout bounds the wait for each response's headers;
// the body of the response RoundTrip returns is read under the request's
// context only, however long that takes. The body of a response it discards
// to retry is closed at once, unread, before the wait: draining it would let
// its connection be reused, but a body that stalls would hold the wait and
// the deadline hostage.
//
// When the retries stop on a retryable status, RoundTrip returns that last
// response, as a transport that does not retry would. Inside a [Do] on the
// request's context that owns the retries, the Transport makes a single
// attempt unless its Policy sets RetryNested, so that only one layer
// retries.
type Transport struct {
	// Base makes each attempt; nil means http.DefaultTransport.
	Base http.RoundTripper

	// Policy is the retry policy; its OnAttempt hook sees every attempt.
	Policy Policy

	// RetryStatus reports whether a response status is worth retrying;
	// nil means RetryableStatus.
	RetryStatus func(code int) bool
}

// RetryableStatus reports whether a response with status code may succeed
// when retried: 408 Request Timeout, 429 Too Many Requests, 500 Internal
// Server Error, 502 Bad Gateway, 503 Service Unavailable and 504 Gateway
// Timeout. Other statuses say something about the request itself, which a
// retry does not change.
func RetryableStatus(code int) bool {
	switch code {
	case http.StatusRequestTimeout, http.StatusTooManyRequests,
		http.StatusInternalServerError, http.StatusBadGateway,
		http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}

// RoundTrip implements http.RoundTripper.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	retryStatus := t.RetryStatus
	if retryStatus == nil {
		retryStatus = RetryableStatus
	}
	p := t.Policy
	clk := p.clk()
	repeatable := Repeatable(req)

	var (
		last       *http.Response // the last response, kept until it is returned or discarded
		lastCancel context.CancelFunc
		attempts   int
	)
	// discard closes the last response's body unread and ends its attempt.
	// Draining it first would let the connection be reused, but a body that
	// stalls would hold the wait, and the deadline, hostage.
	discard := func() {
		if last != nil {
			last.Body.Close()
			lastCancel()
			last, lastCancel = nil, nil
		}
	}
	err := p.run(req.Context(), func(ctx context.Context) error {
		attempts++
		// The attempt's timeout bounds the wait for the response's headers
		// only: a timer, stopped when they arrive, rather than a context
		// deadline, which would also cut the reading of the body returned.
		actx, cancel, stop := ctx, func() {}, func() bool { return true }
		if p.AttemptTimeout > 0 {
			c, cancelCause := context.WithCancelCause(ctx)
			actx, cancel = c, func() { cancelCause(nil) }
			stop = clk.afterFunc(p.AttemptTimeout, func() { cancelCause(errAttemptTimeout) })
		}
		r := req.WithContext(actx)
		if attempts > 1 && req.GetBody != nil {
			body, err := req.GetBody()
			if err != nil {
				stop()
				cancel()
				return Permanent(err)
			}
			r.Body = body
		}
		resp, err := base.RoundTrip(r)
		if !stop() {
			// The timer fired: whatever came back, the attempt timed out.
			if err == nil {
				resp.Body.Close()
			}
			err = &attemptTimeoutError{err}
		}
		if err != nil {
			cancel()
			if !repeatable || !retryableError(err) {
				return Permanent(err)
			}
			return err
		}
		last, lastCancel = resp, cancel
		if !repeatable || !retryStatus(resp.StatusCode) {
			return nil
		}
		err = &statusError{resp.Status}
		if d, ok := ParseRetryAfter(resp.Header.Get("Retry-After"), clk.now()); ok {
			err = RetryAfter(err, d)
		}
		return err
	}, discard)
	if last != nil && req.Context().Err() == nil {
		// Success, or the retries stopped on a retryable status: the
		// response is the answer. Its attempt context lives until its body
		// is closed.
		if last.StatusCode != http.StatusSwitchingProtocols {
			last.Body = &cancelBody{last.Body, lastCancel}
		}
		return last, nil
	}
	discard()
	if attempts == 0 && req.Body != nil {
		req.Body.Close() // a RoundTripper closes the body, even when it sends nothing
	}
	return nil, err
}

// Repeatable reports whether req may be sent again by a retry without harm:
// its method is idempotent (GET, HEAD, OPTIONS, TRACE, PUT, DELETE), or it is
// a POST or PATCH with an idempotency key; and its body, if any, can be
// rewound with GetBody.
func Repeatable(req *http.Request) bool {
	if req.Body != nil && req.Body != http.NoBody && req.GetBody == nil {
		return false
	}
	switch req.Method {
	case "", http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace,
		http.MethodPut, http.MethodDelete:
		return true
	case http.MethodPost, http.MethodPatch:
		return req.Header.Get(IdempotencyKeyHeader) != ""
	}
	return false
}

// retryableError reports whether err, from a RoundTrip, is a connection
// error or a timeout, which another attempt may not meet. Certificate
// errors and unknown hosts are not: they will be the same next time.
func retryableError(err error) bool {
	var certErr *tls.CertificateVerificationError
	if errors.As(err, &certErr) {
		return false
	}
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) && dnsErr.IsNotFound {
		return false
	}
	var netErr net.Error
	var opErr *net.OpError
	return errors.As(err, &netErr) || errors.As(err, &opErr) ||
		errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNREFUSED) ||
		errors.Is(err, syscall.ECONNABORTED) || errors.Is(err, syscall.EPIPE)
}

// errAttemptTimeout is the cause with which an attempt's timer ends it.
var errAttemptTimeout = errors.New("retry: attempt timeout")

// attemptTimeoutError is the error of an attempt that its AttemptTimeout
// ended before the response's headers arrived. It is a timeout, so the
// attempt may be retried, whatever error the base transport made of the
// cancellation.
type attemptTimeoutError struct{ err error }

func (e *attemptTimeoutError) Error() string {
	if e.err == nil {
		return errAttemptTimeout.Error()
	}
	return errAttemptTimeout.Error() + ": " + e.err.Error()
}

func (e *attemptTimeoutError) Unwrap() []error {
	if e.err == nil {
		return []error{errAttemptTimeout, context.DeadlineExceeded}
	}
	return []error{errAttemptTimeout, context.DeadlineExceeded, e.err}
}

func (e *attemptTimeoutError) Timeout() bool { return true }

// statusError is the error of an attempt answered with a retryable status.
type statusError struct{ status string }

func (e *statusError) Error() string { return "server answered " + e.status }

// cancelBody ends a response's attempt context when its body is closed.
type cancelBody struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (b *cancelBody) Close() error {
	err := b.ReadCloser.Close()
	b.cancel()
	return err
}
