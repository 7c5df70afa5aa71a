// Package rate is a stub of golang.org/x/time/rate v0.14.0 (the API it
// keeps is the same in v0.16.0, which testdata/reallibs' retrysite/throttle
// case builds against): the API surface retrylint's tests use, with the
// real signatures.
package rate

import (
	"context"
	"time"
)

type Limit float64

const Inf = Limit(1.7976931348623157e308)

func Every(interval time.Duration) Limit { return Limit(time.Second / interval) }

type Limiter struct {
	limit Limit
	burst int
}

func NewLimiter(r Limit, b int) *Limiter { return &Limiter{limit: r, burst: b} }

func (lim *Limiter) Allow() bool { return true }

func (lim *Limiter) Wait(ctx context.Context) (err error) { return nil }

func (lim *Limiter) WaitN(ctx context.Context, n int) (err error) { return nil }
