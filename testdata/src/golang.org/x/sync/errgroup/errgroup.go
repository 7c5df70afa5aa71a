// Package errgroup is a stub of golang.org/x/sync/errgroup (v0.24.0): the
// signatures zerotimeout's cases use.
package errgroup

import "context"

// A Group is a collection of goroutines working on subtasks of one task.
type Group struct {
	cancel func(error)
	err    error
}

// WithContext returns a new Group and a context derived from ctx, cancelled
// the first time a function passed to Go returns a non-nil error or Wait
// returns.
func WithContext(ctx context.Context) (*Group, context.Context) {
	ctx, cancel := context.WithCancelCause(ctx)
	return &Group{cancel: cancel}, ctx
}

// Wait blocks until all function calls from Go have returned, then returns
// the first non-nil error from them.
func (g *Group) Wait() error { return g.err }

// Go calls f in a new goroutine.
func (g *Group) Go(f func() error) {
	go func() {
		if err := f(); err != nil && g.cancel != nil {
			g.cancel(err)
		}
	}()
}

// TryGo calls f in a new goroutine only if the group's limit allows.
func (g *Group) TryGo(f func() error) bool {
	g.Go(f)
	return true
}

// SetLimit limits the number of active goroutines in the group.
func (g *Group) SetLimit(n int) {}
