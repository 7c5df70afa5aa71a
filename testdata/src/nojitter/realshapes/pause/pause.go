// Package pause holds the waits a service's clients share.
package pause

import (
	"context"
	"math/rand/v2"
	"time"
)

// Settle waits for a replica to catch up: always the same 500ms.
func Settle() { // want Settle:`waits\(fixed\)`
	time.Sleep(500 * time.Millisecond)
}

// Spread waits between 0.5s and 1.5s.
func Spread(ctx context.Context) error { // want Spread:`waits\(random\)`
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(500*time.Millisecond + rand.N(time.Second)):
		return nil
	}
}
