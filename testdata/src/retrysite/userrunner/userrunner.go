// Package userrunner has a retry runner the recogniser cannot see into (it
// delegates to an interface); the -retrysite.runners flag (also
// -nojitter.runners) declares it.
package userrunner

import "context"

type engine interface {
	Execute(ctx context.Context, fn func() error) error
}

var eng engine

// Run retries fn through the engine.
func Run(ctx context.Context, name string, fn func() error) error {
	return eng.Execute(ctx, fn)
}

func save() error { return nil }

func caller(ctx context.Context) {
	_ = Run(ctx, "save", func() error { return save() }) // want `retry call, an unknown number of attempts, no wait, runner Run`
	_ = Run(ctx, "save", save)                           // want `runner Run, op save`
}
