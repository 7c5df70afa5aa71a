// Package rearm holds event loops that retry by a timer: a failed attempt
// arms a timer, a success does not, and the timer's case runs the attempt
// again (or signals the case that does).
package rearm

import (
	"context"
	"errors"
	"log"
	"math/rand/v2"
	"net/http"
	"time"
)

type backoffOpts struct {
	min, max   time.Duration
	multiplier int
}

var defaultBackoff = backoffOpts{min: 500 * time.Millisecond, max: 10 * time.Second, multiplier: 2}

// uploader sends what is pending when kicked; a failure retries the send
// after a growing delay.
type uploader struct {
	ctx     context.Context
	hc      *http.Client
	url     string
	kick    chan struct{}
	backoff backoffOpts
	every   time.Duration
}

func newUploader(ctx context.Context, hc *http.Client, url string) *uploader {
	return &uploader{ctx: ctx, hc: hc, url: url, kick: make(chan struct{}, 1), backoff: defaultBackoff, every: 5 * time.Second}
}

func (u *uploader) upload(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, u.url, nil)
	if err != nil {
		return err
	}
	resp, err := u.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// kickAsync asks the worker for an upload; a no-op when one is pending.
func (u *uploader) kickAsync() {
	select {
	case u.kick <- struct{}{}:
	default:
	}
}

// --- reported ---

// A failure resets the timer to a delay that doubles between fixed bounds;
// the timer kicks the worker, which uploads again.
func (u *uploader) worker() {
	var retryDelay time.Duration
	retry := time.NewTimer(0)
	retry.Stop()
	for {
		select {
		case <-u.ctx.Done():
			return
		case <-u.kick:
			err := u.upload(u.ctx)
			switch {
			case errors.Is(err, context.Canceled):
				return
			case err != nil:
				retryDelay = max(u.backoff.min, min(retryDelay*time.Duration(u.backoff.multiplier), u.backoff.max))
				retry.Reset(retryDelay) // want `retry loop waits a deterministic duration \(retryDelay\)`
			default:
				retryDelay = 0
				retry.Stop()
			}
		case <-retry.C:
			u.kickAsync()
		}
	}
}

// The timer's own case makes the attempt and re-arms itself on failure.
func (u *uploader) selfArmed(first <-chan struct{}) {
	t := time.NewTimer(time.Hour)
	t.Stop()
	for {
		select {
		case <-u.ctx.Done():
			return
		case <-first:
			t.Reset(0)
		case <-t.C:
			if err := u.upload(u.ctx); err != nil {
				t.Reset(u.every) // want `retry loop waits a deterministic duration \(u.every\)`
			}
		}
	}
}

// --- not reported ---

// The delay is jittered.
func (u *uploader) workerJittered() {
	retry := time.NewTimer(0)
	retry.Stop()
	for {
		select {
		case <-u.ctx.Done():
			return
		case <-u.kick:
			if err := u.upload(u.ctx); err != nil {
				retry.Reset(u.every/2 + rand.N(u.every))
			}
		case <-retry.C:
			u.kickAsync()
		}
	}
}

// The timer is reset after every upload, failed or not: a periodic sender,
// reported only with -nojitter.periodic.
func (u *uploader) periodic() {
	t := time.NewTimer(u.every)
	for {
		select {
		case <-u.ctx.Done():
			return
		case <-t.C:
			if err := u.upload(u.ctx); err != nil {
				log.Print(err)
			}
			t.Reset(u.every)
		}
	}
}

// A failure arms a timer whose case only raises an alarm: nothing is sent
// again from it.
func (u *uploader) alarm() {
	late := time.NewTimer(0)
	late.Stop()
	for {
		select {
		case <-u.ctx.Done():
			return
		case <-u.kick:
			if err := u.upload(u.ctx); err != nil {
				late.Reset(u.every)
			} else {
				late.Stop()
			}
		case <-late.C:
			log.Print("uploads are failing")
		}
	}
}
