// Package reqhelper builds its requests in helpers that give them their
// caller's context (restic's selfupdate): a request a helper returns is
// bounded when the context handed to the helper is.
package reqhelper

import (
	"context"
	"io"
	"net/http"
	"time"
)

func readAll(resp *http.Response, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// NewRequest builds a GET with ctx and an Accept header.
func NewRequest(ctx context.Context, url, accept string) (*http.Request, error) { // want NewRequest:`request context from parameter 0`
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", accept)
	return req, nil
}

// api is a method helper over NewRequest, its context the second parameter.
type api struct{ base string }

func (a *api) request(path string, ctx context.Context) (*http.Request, error) {
	return NewRequest(ctx, a.base+path, "application/json")
}

// background drops its caller's context.
func background(ctx context.Context, url string) (*http.Request, error) {
	ctx = context.Background()
	return http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
}

// either gives its caller's context on one path and none on the other.
func either(ctx context.Context, url string, detach bool) (*http.Request, error) {
	if detach {
		return http.NewRequestWithContext(context.Background(), http.MethodGet, url, nil)
	}
	return http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
}

// --- quiet: the helper's request carries a deadline made by the caller ---

func Latest(ctx context.Context, url string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	req, err := NewRequest(ctx, url, "application/json")
	if err != nil {
		return nil, err
	}
	return readAll(http.DefaultClient.Do(req))
}

func (a *api) Get(ctx context.Context, path string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := a.request(path, ctx)
	if err != nil {
		return nil, err
	}
	return readAll(http.DefaultClient.Do(req))
}

// execute sends the request its callers build; each gives it a deadline.
func execute(req *http.Request) ([]byte, error) {
	return readAll(http.DefaultClient.Do(req))
}

func Release(ctx context.Context, url string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	req, err := NewRequest(ctx, url, "application/json")
	if err != nil {
		return nil, err
	}
	return execute(req)
}

// --- reported ---

// sendAll is given, by one of its callers, a request with no deadline.
func sendAll(req *http.Request) ([]byte, error) {
	return readAll(http.DefaultClient.Do(req)) // want `^http.DefaultClient has no Timeout`
}

func Timed(ctx context.Context, url string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	req, err := NewRequest(ctx, url, "application/json")
	if err != nil {
		return nil, err
	}
	return sendAll(req)
}

func Untimed(ctx context.Context, url string) ([]byte, error) {
	req, err := NewRequest(ctx, url, "application/json")
	if err != nil {
		return nil, err
	}
	return sendAll(req)
}

// The caller's context has no deadline.
func Download(ctx context.Context, url string) ([]byte, error) {
	req, err := NewRequest(ctx, url, "application/octet-stream")
	if err != nil {
		return nil, err
	}
	return readAll(http.DefaultClient.Do(req)) // want `^http.DefaultClient has no Timeout`
}

// The helper replaces the deadline with context.Background().
func Detached(ctx context.Context, url string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	req, err := background(ctx, url)
	if err != nil {
		return nil, err
	}
	return readAll(http.DefaultClient.Do(req)) // want `^http.DefaultClient has no Timeout`
}

// The helper may not use the context it is given.
func Either(ctx context.Context, url string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	req, err := either(ctx, url, len(url) > 100)
	if err != nil {
		return nil, err
	}
	return readAll(http.DefaultClient.Do(req)) // want `^http.DefaultClient has no Timeout`
}
