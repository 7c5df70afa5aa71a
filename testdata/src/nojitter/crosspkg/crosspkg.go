// Package crosspkg waits through jitterlib: facts carry what jitterlib's
// functions return and do.
package crosspkg

import (
	"context"
	"time"

	"nojitter/jitterlib"
)

func op() error { return nil }

func jittered() error {
	for range 3 {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(jitterlib.Jittered(time.Second))
	}
	return nil
}

func viaSleepHelper(ctx context.Context) error {
	for range 3 {
		if err := op(); err == nil {
			return nil
		}
		if err := jitterlib.Sleep(ctx, time.Second); err != nil { // want `retry loop waits a fixed 1s between attempts`
			return err
		}
	}
	return nil
}

func viaSleepHelperJittered(ctx context.Context) error {
	for range 3 {
		if err := op(); err == nil {
			return nil
		}
		if err := jitterlib.Sleep(ctx, jitterlib.Jittered(time.Second)); err != nil {
			return err
		}
	}
	return nil
}

// Another package's function without a fact: quiet.
func exponential() error {
	for n := range 3 {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(jitterlib.Exponential(time.Second, n))
	}
	return nil
}
