// Package ctxwrap returns contexts made from the ones its callers give: most
// keep the caller's deadline (a value added, or the context itself, as
// tailscale's sockstats.WithSockStats does), some drop it.
package ctxwrap

import (
	"context"
	"time"
)

type labelKey struct{}

// WithLabel adds a value through an unexported helper: the deadline stays.
func WithLabel(ctx context.Context, label string) context.Context { // want WithLabel:"context derived from parameter 0"
	return withLabel(ctx, label)
}

func withLabel(ctx context.Context, label string) context.Context {
	if label == "" {
		return ctx
	}
	labelled := context.WithValue(ctx, labelKey{}, label)
	return labelled
}

// Traced derives from its second parameter, with a cancel of its own.
func Traced(name string, parent context.Context) (context.Context, context.CancelFunc) { // want Traced:"context derived from parameter 1"
	return context.WithCancel(WithLabel(parent, name))
}

// Detached drops the deadline: the request outlives its caller.
func Detached(ctx context.Context) context.Context {
	return context.WithoutCancel(ctx)
}

// Fresh starts over on one path.
func Fresh(ctx context.Context, reset bool) context.Context {
	if reset {
		return context.Background()
	}
	return ctx
}

// Bounded gives its own deadline; what it returns is bounded whatever the
// caller passes, but not derived from a parameter (it is followed through
// context.WithTimeout where it is called, not by a fact).
func Bounded(ctx context.Context) (context.Context, context.CancelFunc) { // want Bounded:"context derived from parameter 0"
	return context.WithTimeout(ctx, time.Second)
}
