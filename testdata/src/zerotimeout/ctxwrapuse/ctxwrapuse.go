// Package ctxwrapuse sends under contexts that ctxwrap's functions derive
// from a context with a deadline: those that keep the deadline (known by
// ctxwrap's DerivedContextFact, or by the body of a function of this
// package) bound the request; those that drop it or may start over do not.
package ctxwrapuse

import (
	"context"
	"io"
	"net/http"
	"time"

	"zerotimeout/ctxwrap"
)

// --- quiet ---

// The deadline is made first, and a value added by another package's
// function after it.
func Labelled(ctx context.Context, u string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	ctx = ctxwrap.WithLabel(ctx, "probe")
	c := &http.Client{}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// A context derived twice (Traced calls WithLabel), from its second
// parameter.
func TracedGet(ctx context.Context, u string) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	tctx, done := ctxwrap.Traced("get", ctx)
	defer done()
	c := &http.Client{}
	req, err := http.NewRequestWithContext(tctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A deriving function of this package, known by its body.
func withAttempt(ctx context.Context, n int) context.Context {
	return context.WithValue(ctx, attemptKey{}, n)
}

type attemptKey struct{}

func Attempt(ctx context.Context, u string) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	c := &http.Client{}
	req, err := http.NewRequestWithContext(withAttempt(ctx, 1), http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// --- reported ---

// WithoutCancel drops the deadline.
func DetachedGet(ctx context.Context, u string) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	c := &http.Client{} // want `http.Client has no Timeout`
	req, err := http.NewRequestWithContext(ctxwrap.Detached(ctx), http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Fresh may return context.Background().
func FreshGet(ctx context.Context, u string, reset bool) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	c := &http.Client{} // want `http.Client has no Timeout`
	req, err := http.NewRequestWithContext(ctxwrap.Fresh(ctx, reset), http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A value added to a context with no deadline bounds nothing.
func UnboundedLabel(ctx context.Context, u string) error {
	c := &http.Client{} // want `http.Client has no Timeout`
	req, err := http.NewRequestWithContext(ctxwrap.WithLabel(ctx, "x"), http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
