package retrycompare

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cenkalti/backoff/v5"
	"github.com/hashicorp/go-retryablehttp"
	"github.com/retrylint/retrylint/retry"
)

var errTransient = errors.New("transient")

func BenchmarkDelay(b *testing.B) {
	b.Run("retry", func(b *testing.B) {
		bo := retry.Backoff{Base: 100 * time.Millisecond, Cap: 10 * time.Second, Jitter: retry.JitterFull}
		r := rand.New(rand.NewPCG(1, 1))
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			bo.Delay(i%8+1, 0, r)
		}
	})
	b.Run("cenkalti", func(b *testing.B) {
		bo := backoff.NewExponentialBackOff()
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if i%8 == 0 {
				bo.Reset()
			}
			bo.NextBackOff()
		}
	})
	b.Run("retryablehttp", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			retryablehttp.LinearJitterBackoff(100*time.Millisecond, 10*time.Second, i%8+1, nil)
		}
	})
}

// failTwice returns an operation that fails twice, then succeeds, over and over.
func failTwice() func() error {
	n := 0
	return func() error {
		if n++; n%3 != 0 {
			return errTransient
		}
		return nil
	}
}

func BenchmarkLoop(b *testing.B) {
	ctx := context.Background()
	b.Run("retry", func(b *testing.B) {
		op := failTwice()
		p := retry.Policy{Backoff: retry.Backoff{Base: 1, Cap: 1}}
		b.ReportAllocs()
		for b.Loop() {
			if err := retry.Do(ctx, p, func(context.Context) error { return op() }); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("cenkalti", func(b *testing.B) {
		op := failTwice()
		b.ReportAllocs()
		for b.Loop() {
			_, err := backoff.Retry(ctx, func() (struct{}, error) { return struct{}{}, op() },
				backoff.WithBackOff(&backoff.ConstantBackOff{Interval: 1}), backoff.WithMaxTries(3))
			if err != nil {
				b.Fatal(err)
			}
		}
	})
}

// server answers "ok", or, when flaky, 503 to every other request.
func server(flaky bool) *httptest.Server {
	var n atomic.Int64
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if flaky && n.Add(1)%2 == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		io.WriteString(w, "ok")
	}))
}

func BenchmarkHTTP(b *testing.B) {
	for _, flaky := range []bool{false, true} {
		name := "healthy"
		if flaky {
			name = "503-then-200"
		}
		b.Run(name, func(b *testing.B) {
			srv := server(flaky)
			defer srv.Close()
			base := &http.Transport{MaxIdleConnsPerHost: 16}
			defer base.CloseIdleConnections()

			rh := retryablehttp.NewClient()
			rh.HTTPClient = &http.Client{Transport: base}
			rh.Logger = nil
			rh.RetryWaitMin, rh.RetryWaitMax = 0, 0

			rts := []struct {
				name string
				rt   http.RoundTripper
			}{
				{"retry", &retry.Transport{Base: base, Policy: retry.Policy{Backoff: retry.Backoff{Base: 1, Cap: 1}}}},
				{"retryablehttp", &retryablehttp.RoundTripper{Client: rh}},
			}
			if !flaky {
				rts = append([]struct {
					name string
					rt   http.RoundTripper
				}{{"bare", base}}, rts...)
			}
			for _, c := range rts {
				b.Run(c.name, func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						req, _ := http.NewRequest(http.MethodGet, srv.URL, nil)
						resp, err := c.rt.RoundTrip(req)
						if err != nil {
							b.Fatal(err)
						}
						io.Copy(io.Discard, resp.Body)
						resp.Body.Close()
						if resp.StatusCode != http.StatusOK {
							b.Fatalf("status %d", resp.StatusCode)
						}
					}
				})
			}
		})
	}
}

// TestSameWork checks that the benchmarks compare like with like: each
// library's loop makes three attempts for one success, and each HTTP client
// ends with 200 on the flaky server.
func TestSameWork(t *testing.T) {
	ctx := context.Background()
	calls := 0
	op := failTwice()
	count := func() error { calls++; return op() }
	if err := retry.Do(ctx, retry.Policy{Backoff: retry.Backoff{Base: 1, Cap: 1}}, func(context.Context) error { return count() }); err != nil || calls != 3 {
		t.Errorf("retry: %v after %d calls, want success after 3", err, calls)
	}
	calls = 0
	if _, err := backoff.Retry(ctx, func() (int, error) { return 0, count() },
		backoff.WithBackOff(&backoff.ConstantBackOff{Interval: 1}), backoff.WithMaxTries(3)); err != nil || calls != 3 {
		t.Errorf("cenkalti: %v after %d calls, want success after 3", err, calls)
	}
}
