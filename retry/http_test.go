package retry

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// flaky is a test server that answers each request with the next status in
// its script (the last one repeats) and records what it received.
type flaky struct {
	mu     sync.Mutex
	script []int
	header http.Header // set on every reply
	bodies []string
}

func (f *flaky) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	n := len(f.bodies)
	f.bodies = append(f.bodies, string(body))
	code := f.script[min(n, len(f.script)-1)]
	f.mu.Unlock()
	if code == 0 { // drop the connection: a connection error for the client
		conn, _, _ := w.(http.Hijacker).Hijack()
		conn.Close()
		return
	}
	for k, v := range f.header {
		w.Header()[k] = v
	}
	w.WriteHeader(code)
	fmt.Fprintf(w, "reply %d", n+1)
}

func (f *flaky) calls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.bodies)
}

// testTransport returns a Transport over a fresh http.Transport on the fake
// clock, and a cleanup that closes its idle connections.
func testTransport(t *testing.T, p Policy) (*Transport, *fakeClock) {
	base := &http.Transport{}
	t.Cleanup(base.CloseIdleConnections)
	clk := newFakeClock()
	return &Transport{Base: base, Policy: withFakes(p, clk, 1)}, clk
}

func roundTrip(t *testing.T, rt http.RoundTripper, req *http.Request) (*http.Response, string) {
	t.Helper()
	resp, err := rt.RoundTrip(req)
	if err != nil {
		t.Fatalf("%s: %v", req.Method, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s: reading the body: %v", req.Method, err)
	}
	return resp, string(b)
}

func TestTransportRetriesOnlyWhatIsSafeToRepeat(t *testing.T) {
	for _, tc := range []struct {
		method string
		key    bool
		calls  int
	}{
		{"GET", false, 3}, {"HEAD", false, 3}, {"OPTIONS", false, 3}, {"TRACE", false, 3},
		{"PUT", false, 3}, {"DELETE", false, 3},
		{"POST", false, 1}, {"PATCH", false, 1}, {"POST", true, 3}, {"PATCH", true, 3},
		{"CONNECT", false, 1}, {"PURGE", false, 1},
	} {
		f := &flaky{script: []int{503, 502, 200}}
		srv := httptest.NewServer(f)
		tr, _ := testTransport(t, Policy{MaxAttempts: 5})
		req, _ := http.NewRequest(tc.method, srv.URL, strings.NewReader("payload"))
		if tc.key {
			req.Header.Set(IdempotencyKeyHeader, NewIdempotencyKey())
		}
		resp, err := tr.RoundTrip(req)
		if err != nil {
			t.Fatalf("%s: %v", tc.method, err)
		}
		resp.Body.Close()
		want := 200
		if tc.calls == 1 {
			want = 503
		}
		if f.calls() != tc.calls || resp.StatusCode != want {
			t.Errorf("%s (key %v): %d calls, status %d; want %d, %d", tc.method, tc.key, f.calls(), resp.StatusCode, tc.calls, want)
		}
		srv.Close()
	}
}

func TestTransportRetriesOnlyRetryableStatuses(t *testing.T) {
	for code := 200; code < 600; code++ {
		if http.StatusText(code) == "" {
			continue
		}
		f := &flaky{script: []int{code, 200}}
		srv := httptest.NewServer(f)
		tr, _ := testTransport(t, Policy{})
		req, _ := http.NewRequest("GET", srv.URL, nil)
		resp, _ := roundTrip(t, tr, req)
		retried := f.calls() == 2
		want := code == 408 || code == 429 || code == 500 || code == 502 || code == 503 || code == 504
		if retried != want || RetryableStatus(code) != want {
			t.Errorf("status %d: retried %v, RetryableStatus %v; want %v", code, retried, RetryableStatus(code), want)
		}
		if retried && resp.StatusCode != 200 {
			t.Errorf("status %d: final status %d, want 200", code, resp.StatusCode)
		}
		srv.Close()
	}
}

func TestTransportRetryStatusOption(t *testing.T) {
	f := &flaky{script: []int{409, 200}}
	srv := httptest.NewServer(f)
	defer srv.Close()
	tr, _ := testTransport(t, Policy{})
	tr.RetryStatus = func(code int) bool { return code == http.StatusConflict }
	req, _ := http.NewRequest("GET", srv.URL, nil)
	if resp, _ := roundTrip(t, tr, req); resp.StatusCode != 200 || f.calls() != 2 {
		t.Errorf("status %d after %d calls, want 200 after 2", resp.StatusCode, f.calls())
	}
}

func TestTransportRetriesConnectionErrors(t *testing.T) {
	f := &flaky{script: []int{0, 0, 200}}
	srv := httptest.NewServer(f)
	defer srv.Close()
	tr, _ := testTransport(t, Policy{MaxAttempts: 5})
	req, _ := http.NewRequest("PUT", srv.URL, strings.NewReader("x"))
	if resp, body := roundTrip(t, tr, req); resp.StatusCode != 200 || body != "reply 3" {
		t.Errorf("got %d %q, want 200 %q", resp.StatusCode, body, "reply 3")
	}

	// Not safe to repeat: the connection error is returned after one attempt.
	f = &flaky{script: []int{0, 200}}
	srv2 := httptest.NewServer(f)
	defer srv2.Close()
	req, _ = http.NewRequest("POST", srv2.URL, strings.NewReader("x"))
	if _, err := tr.RoundTrip(req); err == nil || f.calls() != 1 {
		t.Errorf("POST without key after a dropped connection: %v after %d calls, want an error after 1", err, f.calls())
	}
}

func TestTransportRewindsBodies(t *testing.T) {
	f := &flaky{script: []int{503, 503, 200}}
	srv := httptest.NewServer(f)
	defer srv.Close()
	tr, _ := testTransport(t, Policy{MaxAttempts: 5})
	req, _ := http.NewRequest("PUT", srv.URL, strings.NewReader("the same body"))
	roundTrip(t, tr, req)
	if got := strings.Join(f.bodies, "|"); got != "the same body|the same body|the same body" {
		t.Errorf("server received %q, want the body three times", got)
	}

	// A body that cannot be rewound is sent once.
	f2 := &flaky{script: []int{503, 200}}
	srv2 := httptest.NewServer(f2)
	defer srv2.Close()
	req, _ = http.NewRequest("PUT", srv2.URL, io.NopCloser(strings.NewReader("once")))
	req.GetBody = nil
	if resp, _ := roundTrip(t, tr, req); resp.StatusCode != 503 || f2.calls() != 1 {
		t.Errorf("unrewindable body: status %d after %d calls, want 503 after 1", resp.StatusCode, f2.calls())
	}
}

func TestTransportHonoursRetryAfter(t *testing.T) {
	f := &flaky{script: []int{429, 200}, header: http.Header{"Retry-After": {"2"}}}
	srv := httptest.NewServer(f)
	defer srv.Close()
	tr, clk := testTransport(t, Policy{Backoff: Backoff{Base: 100 * ms}})
	req, _ := http.NewRequest("GET", srv.URL, nil)
	roundTrip(t, tr, req)
	if fmt.Sprint(clk.sleeps) != "[2s]" {
		t.Errorf("slept %v, want the server's 2s", clk.sleeps)
	}

	// With a deadline that the wait would pass, the transport stops and
	// returns the 429.
	f.bodies = nil
	tr, clk = testTransport(t, Policy{Backoff: Backoff{Base: 100 * ms}})
	req, _ = http.NewRequestWithContext(fakeDeadline(time.Second), "GET", srv.URL, nil)
	if resp, _ := roundTrip(t, tr, req); resp.StatusCode != 429 || len(clk.sleeps) != 0 || f.calls() != 1 {
		t.Errorf("status %d after %d calls and waits %v; want 429 after 1 call and no wait", resp.StatusCode, f.calls(), clk.sleeps)
	}
}

// bodyTracker wraps a RoundTripper and records whether each response body
// it returned was closed.
type bodyTracker struct {
	http.RoundTripper
	mu     sync.Mutex
	bodies []*trackedBody
}

type trackedBody struct {
	io.ReadCloser
	closed bool
}

func (b *trackedBody) Close() error { b.closed = true; return b.ReadCloser.Close() }

func (t *bodyTracker) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.RoundTripper.RoundTrip(req)
	if err == nil {
		tb := &trackedBody{ReadCloser: resp.Body}
		t.mu.Lock()
		t.bodies = append(t.bodies, tb)
		t.mu.Unlock()
		resp.Body = tb
	}
	return resp, err
}

func TestTransportClosesDiscardedBodies(t *testing.T) {
	f := &flaky{script: []int{500, 503, 504}}
	srv := httptest.NewServer(f)
	defer srv.Close()
	tr, _ := testTransport(t, Policy{MaxAttempts: 3, AttemptTimeout: 5 * time.Second})
	tracker := &bodyTracker{RoundTripper: tr.Base}
	tr.Base = tracker
	req, _ := http.NewRequest("GET", srv.URL, nil)
	resp, err := tr.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	// Out of attempts on a retryable status: the last response is the
	// answer, readable even though its attempt had a timeout.
	if resp.StatusCode != 504 {
		t.Errorf("status %d, want the last answer, 504", resp.StatusCode)
	}
	if b, err := io.ReadAll(resp.Body); err != nil || string(b) != "reply 3" {
		t.Errorf("body %q, %v; want %q", b, err, "reply 3")
	}
	if len(tracker.bodies) != 3 || !tracker.bodies[0].closed || !tracker.bodies[1].closed || tracker.bodies[2].closed {
		t.Errorf("want the two discarded bodies closed and the returned one open")
	}
	resp.Body.Close()
	if !tracker.bodies[2].closed {
		t.Error("closing the returned body did not close the underlying one")
	}
	if n := tr.Policy.clock.(*fakeClock).liveTimers(); n != 0 {
		t.Errorf("%d attempt timers left after the body was closed", n)
	}
}

// TestTransportInsideDo: a Do around a client whose transport retries makes
// the transport's retries collapse to one attempt each, the one-owner rule.
func TestTransportInsideDo(t *testing.T) {
	f := &flaky{script: []int{503}}
	srv := httptest.NewServer(f)
	defer srv.Close()
	tr, _ := testTransport(t, Policy{MaxAttempts: 3})
	client := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	err := Do(context.Background(), Policy{MaxAttempts: 2, Backoff: Backoff{Base: ms}}, func(ctx context.Context) error {
		req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL, nil)
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		return errors.New(resp.Status)
	})
	if err == nil || f.calls() != 2 {
		t.Errorf("%d calls, want 2 (not 2 x 3)", f.calls())
	}
}

func TestTransportClosesTheBodyItNeverSends(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	body := &trackedBody{ReadCloser: io.NopCloser(strings.NewReader("x"))}
	req, _ := http.NewRequestWithContext(ctx, "PUT", "http://127.0.0.1:1", body)
	if _, err := (&Transport{}).RoundTrip(req); !errors.Is(err, context.Canceled) || !body.closed {
		t.Errorf("RoundTrip = %v, body closed %v; want context.Canceled and the body closed", err, body.closed)
	}
}

func TestNewClientAlwaysHasATimeout(t *testing.T) {
	if c := NewClient(0, Policy{}); c.Timeout != DefaultClientTimeout {
		t.Errorf("NewClient(0).Timeout = %v, want %v", c.Timeout, DefaultClientTimeout)
	}
	if c := NewClient(-time.Second, Policy{}); c.Timeout != DefaultClientTimeout {
		t.Errorf("NewClient(-1s).Timeout = %v, want %v", c.Timeout, DefaultClientTimeout)
	}
	c := NewClient(5*time.Second, Policy{MaxAttempts: 7})
	if tr, ok := c.Transport.(*Transport); c.Timeout != 5*time.Second || !ok || tr.Policy.MaxAttempts != 7 {
		t.Errorf("NewClient(5s, policy) = %+v, want a 5s timeout and a retrying Transport", c)
	}
}

// payments is a payment provider that charges on arrival, once per
// idempotency key, and whose first reply is slower than the client waits.
type payments struct {
	mu      sync.Mutex
	charges int
	calls   int
	keys    map[string]bool
}

func (p *payments) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	io.ReadAll(r.Body) // the server notices a closed connection only once the body is read
	key := r.Header.Get(IdempotencyKeyHeader)
	p.mu.Lock()
	p.calls++
	first := p.calls == 1
	if key == "" || !p.keys[key] {
		p.charges++
		if key != "" {
			p.keys[key] = true
		}
	}
	p.mu.Unlock()
	if first {
		select { // slower than the client: it gives up and closes the connection
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
		return
	}
	io.WriteString(w, "charged")
}

// TestDoubleCharge: a timeout does not mean the work did not happen (Stripe,
// "Designing robust and predictable APIs with idempotency",
// https://stripe.com/blog/idempotency). The charge is applied on arrival and the reply is
// lost; a retry without a key charges again, a retry with a key does not,
// and the Transport does not retry a POST that has no key.
func TestDoubleCharge(t *testing.T) {
	for _, tc := range []struct {
		name    string
		key     bool
		own     bool // retried by the caller's own Do loop rather than the Transport
		charges int
		calls   int
		ok      bool
	}{
		{"own loop, no key", false, true, 2, 2, true},
		{"transport, key", true, false, 1, 2, true},
		{"transport, no key: not retried", false, false, 1, 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(&payments{keys: map[string]bool{}})
			defer srv.Close()
			p := Policy{MaxAttempts: 2, AttemptTimeout: 200 * ms, Backoff: Backoff{Base: ms}}
			base := &http.Transport{}
			defer base.CloseIdleConnections()
			var rt http.RoundTripper = &Transport{Base: base, Policy: p}
			if tc.own {
				rt = base
			}
			client := &http.Client{Transport: rt, Timeout: 10 * time.Second}
			key := NewIdempotencyKey() // once per payment, not per attempt
			post := func(ctx context.Context) error {
				req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL, strings.NewReader(`{"amount":100}`))
				if tc.key {
					req.Header.Set(IdempotencyKeyHeader, key)
				}
				resp, err := client.Do(req)
				if err != nil {
					return err
				}
				defer resp.Body.Close()
				_, err = io.ReadAll(resp.Body)
				return err
			}
			var err error
			if tc.own {
				err = Do(context.Background(), p, post)
			} else {
				err = post(context.Background())
			}
			pay := srv.Config.Handler.(*payments)
			pay.mu.Lock()
			defer pay.mu.Unlock()
			if pay.charges != tc.charges || pay.calls != tc.calls || (err == nil) != tc.ok {
				t.Errorf("%d charges in %d calls, error %v; want %d charges in %d calls, success %v", pay.charges, pay.calls, err, tc.charges, tc.calls, tc.ok)
			}
		})
	}
}

func TestTransportLeavesNoGoroutine(t *testing.T) {
	before := func() int {
		srv := httptest.NewServer(&flaky{script: []int{503, 0, 200}})
		defer srv.Close()
		base := &http.Transport{}
		defer base.CloseIdleConnections()
		tr := &Transport{Base: base, Policy: Policy{MaxAttempts: 4, AttemptTimeout: time.Second, Backoff: Backoff{Base: ms}}}
		for range 5 {
			req, _ := http.NewRequest("GET", srv.URL, nil)
			if resp, err := tr.RoundTrip(req); err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		}
		return 0
	}
	n := countGoroutines()
	before()
	settle(t, n)
}

func countGoroutines() int {
	// Let goroutines from earlier tests end first.
	time.Sleep(20 * ms)
	return runtime.NumGoroutine()
}

// BenchmarkTransport compares a GET on loopback through a bare
// http.Transport and through a retry Transport over it that never needs to
// retry: the difference is the retry machinery's overhead.
func BenchmarkTransport(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }))
	defer srv.Close()
	base := &http.Transport{MaxIdleConnsPerHost: 64}
	defer base.CloseIdleConnections()
	for _, bc := range []struct {
		name string
		rt   http.RoundTripper
	}{
		{"bare", base},
		{"retry", &Transport{Base: base}},
		{"retry-attempt-timeout", &Transport{Base: base, Policy: Policy{AttemptTimeout: time.Second}}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				req, _ := http.NewRequest("GET", srv.URL, nil)
				resp, err := bc.rt.RoundTrip(req)
				if err != nil {
					b.Fatal(err)
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		})
	}
}

// TestTransportRetryAfterBeyondCap: a Retry-After longer than the Cap (3
// years in seconds, or a date in year 9999) ends the retries at once, with
// no wait, even for a client without a deadline: the caller gets the
// server's answer.
func TestTransportRetryAfterBeyondCap(t *testing.T) {
	for _, v := range []string{"99999999", "Fri, 31 Dec 9999 23:59:59 GMT"} {
		f := &flaky{script: []int{503, 200}, header: http.Header{"Retry-After": {v}}}
		srv := httptest.NewServer(f)
		var reasons []Reason
		tr, clk := testTransport(t, Policy{MaxAttempts: 3, OnAttempt: func(a Attempt) { reasons = append(reasons, a.Reason) }})
		req, _ := http.NewRequest("GET", srv.URL, nil)
		resp, body := roundTrip(t, tr, req)
		if resp.StatusCode != 503 || body != "reply 1" || f.calls() != 1 || len(clk.sleeps) != 0 {
			t.Errorf("Retry-After %q: %d %q after %d calls and waits %v; want the 503 after 1 call, no wait", v, resp.StatusCode, body, f.calls(), clk.sleeps)
		}
		if fmt.Sprint(reasons) != fmt.Sprint([]Reason{ReasonRetryAfter}) {
			t.Errorf("Retry-After %q: attempts %v, want one stopped by the Retry-After", v, reasons)
		}
		srv.Close()
	}
}

// stalledBody is a response body that sends nothing: Read blocks until the
// body is closed, or the request's context ends, or, so that the test ends
// even when nothing does, a second passes.
type stalledBody struct {
	ctx    context.Context
	closed chan struct{}
	reads  atomic.Int32
}

func (b *stalledBody) Read([]byte) (int, error) {
	b.reads.Add(1)
	select {
	case <-b.closed:
		return 0, errors.New("read on closed body")
	case <-b.ctx.Done():
		return 0, b.ctx.Err()
	case <-time.After(time.Second):
		return 0, errors.New("stalled")
	}
}

func (b *stalledBody) Close() error {
	select {
	case <-b.closed:
	default:
		close(b.closed)
	}
	return nil
}

// stallingServer answers the first request 503 with a body that stalls,
// then 200; it counts the requests that reached it.
type stallingServer struct {
	mu           sync.Mutex
	calls        int
	stalled      *stalledBody
	closedBefore bool // the stalled body was closed when the second request came
}

func (s *stallingServer) RoundTrip(req *http.Request) (*http.Response, error) {
	if err := req.Context().Err(); err != nil {
		return nil, err // never reached the server
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	if s.calls == 1 {
		s.stalled = &stalledBody{ctx: req.Context(), closed: make(chan struct{})}
		return &http.Response{StatusCode: 503, Status: "503 Service Unavailable", Header: http.Header{}, Body: s.stalled, Request: req}, nil
	}
	select {
	case <-s.stalled.closed:
		s.closedBefore = true
	default:
	}
	return &http.Response{StatusCode: 200, Status: "200 OK", Header: http.Header{}, Body: io.NopCloser(strings.NewReader("ok")), Request: req}, nil
}

// TestTransportDiscardsWithoutWaiting: the body of a response that is
// retried is closed at once, unread, before the wait, so a body that stalls
// cannot eat the deadline, and no attempt is counted that did not reach the
// server.
func TestTransportDiscardsWithoutWaiting(t *testing.T) {
	srv := &stallingServer{}
	var attempts []Attempt
	tr := &Transport{Base: srv, Policy: Policy{MaxAttempts: 3, Backoff: Backoff{Base: time.Microsecond}, OnAttempt: func(a Attempt) {
		if a.Number == 1 {
			select {
			case <-srv.stalled.closed:
				t.Error("the discarded body was closed before the attempt was judged")
			default:
			}
		}
		attempts = append(attempts, a)
	}}}
	ctx, cancel := context.WithTimeout(context.Background(), 500*ms)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://dependency.example/", nil)
	start := time.Now()
	resp, err := tr.RoundTrip(req)
	if err != nil {
		t.Fatalf("RoundTrip = %v after %v, want the 200", err, time.Since(start))
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || srv.calls != 2 || len(attempts) != 2 {
		t.Errorf("status %d, %d calls reached the server, %d attempts counted; want 200, 2, 2", resp.StatusCode, srv.calls, len(attempts))
	}
	if !srv.closedBefore {
		t.Error("the discarded body was not closed before the retry")
	}
	if n := srv.stalled.reads.Load(); n != 0 {
		t.Errorf("the discarded body was read %d times, want it closed unread", n)
	}
	if d := time.Since(start); d > 250*ms {
		t.Errorf("RoundTrip took %v: the stalled body held it", d)
	}
}

// TestTransportBodyOutlivesAttemptTimeout: the attempt timeout bounds the
// wait for headers; the caller reads the returned body under the request's
// context only, even when that takes longer than the attempt timeout.
func TestTransportBodyOutlivesAttemptTimeout(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "first,")
		w.(http.Flusher).Flush()
		time.Sleep(300 * ms)
		io.WriteString(w, "second")
	}))
	defer srv.Close()
	base := &http.Transport{}
	defer base.CloseIdleConnections()
	client := &http.Client{Timeout: 5 * time.Second, Transport: &Transport{Base: base, Policy: Policy{AttemptTimeout: 100 * ms}}}
	resp, err := client.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if b, err := io.ReadAll(resp.Body); err != nil || string(b) != "first,second" {
		t.Errorf("body %q, %v; want %q read whole, past the 100ms attempt timeout", b, err, "first,second")
	}
}

// TestTransportInsideSingleAttemptDo: a Do that makes one attempt does not
// own the retries, so the Transport inside it retries.
func TestTransportInsideSingleAttemptDo(t *testing.T) {
	f := &flaky{script: []int{503, 503, 200}}
	srv := httptest.NewServer(f)
	defer srv.Close()
	tr, _ := testTransport(t, Policy{MaxAttempts: 3})
	client := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	err := Do(context.Background(), Policy{MaxAttempts: 1}, func(ctx context.Context) error {
		req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL, nil)
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			return errors.New(resp.Status)
		}
		return nil
	})
	if err != nil || f.calls() != 3 {
		t.Errorf("Do = %v after %d calls, want success after the Transport's 3", err, f.calls())
	}
}
