// Package callerctx sends under contexts its callers bound: an unexported
// function whose every call in the package passes a context with a
// deadline, and goroutines that capture such a context (tailscale's
// dnsfallback and netcheck).
package callerctx

import (
	"context"
	"io"
	"net/http"
	"sync"
	"time"
)

func readAll(resp *http.Response, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// --- quiet ---

// bootstrap sends under the context it is given; its only caller gives
// each candidate a 3s deadline.
func bootstrap(ctx context.Context, u string) ([]byte, error) {
	c := &http.Client{}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return readAll(c.Do(req))
}

func Lookup(ctx context.Context, candidates []string) ([]byte, error) {
	for _, u := range candidates {
		ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		defer cancel()
		if b, err := bootstrap(ctx, u); err == nil {
			return b, nil
		}
	}
	return nil, io.EOF
}

// Probe starts a goroutine per host, each sending under the deadline Probe
// made.
func Probe(ctx context.Context, hosts []string) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	probe(ctx, hosts)
}

func probe(ctx context.Context, hosts []string) {
	var wg sync.WaitGroup
	for _, h := range hosts {
		wg.Go(func() {
			req, _ := http.NewRequestWithContext(ctx, http.MethodHead, "https://"+h+"/probe", nil)
			if r, err := http.DefaultClient.Do(req); err == nil {
				r.Body.Close()
			}
		})
	}
	wg.Wait()
}

// --- reported ---

// fetch has one caller that bounds it and one that does not.
func fetch(ctx context.Context, u string) ([]byte, error) {
	c := &http.Client{} // want `^http.Client has no Timeout`
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return readAll(c.Do(req))
}

func Bounded(ctx context.Context, u string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return fetch(ctx, u)
}

func Unbounded(u string) ([]byte, error) { return fetch(context.Background(), u) }

// Fetch is exported: its callers are out of sight.
func Fetch(ctx context.Context, u string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return readAll(http.DefaultClient.Do(req)) // want `^http.DefaultClient has no Timeout`
}

// probeAll's goroutines capture its caller's context, which has no deadline.
func probeAll(ctx context.Context, hosts []string) {
	for _, h := range hosts {
		go func() {
			req, _ := http.NewRequestWithContext(ctx, http.MethodHead, "https://"+h+"/probe", nil)
			if r, err := http.DefaultClient.Do(req); err == nil { // want `^http.DefaultClient has no Timeout`
				r.Body.Close()
			}
		}()
	}
}

func ProbeAll(hosts []string) { probeAll(context.Background(), hosts) }
