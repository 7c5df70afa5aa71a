// Package closures holds retry loops that call functions making closures:
// a closure handed back runs when its caller calls it, not in the attempt.
package closures

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var errGiveUp = errors.New("give up")

type worker struct {
	rdb  *redis.Client
	stop func()
}

// stopper returns the function that releases the claim later.
func (w *worker) stopper(ctx context.Context, key string) func() {
	return func() { w.rdb.Del(ctx, key) }
}

// released releases the claim now, through a closure it calls at once.
func (w *worker) released(ctx context.Context, key string) {
	func() { w.rdb.Del(ctx, key) }()
}

// claim keeps the closure for later: making it sends nothing.
func (w *worker) claim(ctx context.Context, claimOnce func() error) error {
	for i := 0; i < 3; i++ {
		if err := claimOnce(); err != nil {
			time.Sleep(time.Second)
			continue
		}
		w.stop = w.stopper(ctx, "claim")
		return nil
	}
	return errGiveUp
}

// claimAndRelease calls the closure's work at once, inside the attempt.
func (w *worker) claimAndRelease(ctx context.Context, claimOnce func() error) error {
	for i := 0; i < 3; i++ {
		if err := claimOnce(); err != nil {
			w.released(ctx, "claim") // want `retry loop of up to 3 attempts calls \(\*worker\).released -> redis.Client.Del, which makes up to 4 attempts \(the library default\): up to 12 calls in all`
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return errGiveUp
}
