package client

import (
	"context"
	"net/http"
	"time"
)

// The client is made in the function: each attempt may take its whole
// Timeout, 2s, and the request's context carries the 5s deadline.
func Literal(ctx context.Context, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	c := &http.Client{Timeout: 2 * time.Second}
	var lastErr error
	for i := 0; i < 4; i++ { // want `4 attempts x 2s \+ waits up to 100ms, 100ms and 100ms = 8\.3s, over the 5s deadline: the third attempt cannot finish; 2 attempts fit`
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return nil, lastErr
}

var apiClient = &http.Client{Timeout: time.Second}

// fetch sends one request through the package's client.
func fetch(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://api.internal/", nil)
	if err != nil {
		return err
	}
	resp, err := apiClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A package-level client, through a helper that sends once.
func PackageVar(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `3 attempts x 1s = 3s, over the 2s deadline: the third attempt cannot finish; 2 attempts fit`
		if err = fetch(ctx); err == nil {
			return nil
		}
	}
	return err
}

// Store's client is set by its one constructor.
type Store struct {
	hc *http.Client
}

func NewStore() *Store {
	return &Store{hc: &http.Client{Timeout: 3 * time.Second}}
}

// A struct field set in the constructor.
func (s *Store) Get(ctx context.Context, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	var lastErr error
	for i := 0; i < 3; i++ { // want `3 attempts x 3s = 9s, over the 5s deadline: the second attempt cannot finish; 1 attempt fits`
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := s.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// The per-attempt context is shorter than the client's Timeout: it decides.
func Shorter(ctx context.Context, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, 800*time.Millisecond)
	defer cancel()
	c := &http.Client{Timeout: 10 * time.Second}
	var lastErr error
	for i := 0; i < 3; i++ { // want `3 attempts x 300ms = 900ms, over the 800ms deadline: the third attempt cannot finish; 2 attempts fit`
		actx, acancel := context.WithTimeout(ctx, 300*time.Millisecond)
		req, err := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		if err != nil {
			acancel()
			return nil, err
		}
		resp, err := c.Do(req)
		acancel()
		if err == nil {
			return resp, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// Fits: 3 x 1s + 2 x 100ms within 5s.
func Fits(ctx context.Context, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	c := &http.Client{Timeout: time.Second}
	var lastErr error
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return nil, lastErr
}

// A client without a Timeout: the deadline bounds every attempt.
func NoTimeout(ctx context.Context, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	c := &http.Client{}
	var lastErr error
	for i := 0; i < 5; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// The client is the caller's: out of sight.
func Param(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	var lastErr error
	for i := 0; i < 5; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// Exported: another package may replace it.
var Shared = &http.Client{Timeout: 5 * time.Second}

func Exported(ctx context.Context, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	var lastErr error
	for i := 0; i < 5; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := Shared.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// Pool's client has a different Timeout in each constructor: which one a
// retry meets is out of sight.
type Pool struct {
	hc *http.Client
}

func NewPool() *Pool     { return &Pool{hc: &http.Client{Timeout: 3 * time.Second}} }
func NewFastPool() *Pool { return &Pool{hc: &http.Client{Timeout: 100 * time.Millisecond}} }

func (p *Pool) Get(ctx context.Context, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	var lastErr error
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := p.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// fetchTwice sends two requests per attempt: twice the Timeout, not once.
func fetchTwice(ctx context.Context) error {
	for _, url := range []string{"http://a.internal/", "http://b.internal/"} {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := apiClient.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

func TwoSends(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		if err = fetchTwice(ctx); err == nil {
			return nil
		}
	}
	return err
}
