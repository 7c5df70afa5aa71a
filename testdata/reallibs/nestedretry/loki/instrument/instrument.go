// Package instrument reduces loki's pkg/util/instrument: a helper that
// times one call of the function it is given.
package instrument

import (
	"context"
	"time"
)

// TimeRequest calls f once and reports how long it took.
func TimeRequest(ctx context.Context, method string, observe func(string, time.Duration), f func(context.Context) error) error {
	start := time.Now()
	err := f(ctx)
	observe(method, time.Since(start))
	return err
}
