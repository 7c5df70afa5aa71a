// Package callee holds retry loops whose wait is in a function the loop
// calls: a function that always waits a fixed time is summarised as such,
// here and, by a fact, in other packages.
package callee

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	"nojitter/realshapes/pause"
)

var errGaveUp = errors.New("gave up")

type Config struct {
	URL           string
	RetryInterval time.Duration
}

// Deliverer posts webhook events.
type Deliverer struct {
	hc  *http.Client
	cfg Config
}

func (d *Deliverer) post(ctx context.Context, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.cfg.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := d.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// tryAgain logs and waits the configured interval.
func (d *Deliverer) tryAgain(attempt int) {
	println("delivery failed, attempt", attempt)
	time.Sleep(d.cfg.RetryInterval)
}

// --- reported ---

func (d *Deliverer) Deliver(ctx context.Context, body []byte) error {
	for attempt := 1; attempt <= 3; attempt++ {
		if err := d.post(ctx, body); err == nil {
			return nil
		}
		d.tryAgain(attempt) // want `retry loop waits a deterministic duration \(d.cfg.RetryInterval, in tryAgain\) between attempts: clients that failed together retry together; randomise the wait \(full jitter\)`
	}
	return errGaveUp
}

// waitOrStop waits a fixed second unless the context ends.
func waitOrStop(ctx context.Context) error {
	t := time.NewTimer(time.Second)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func (d *Deliverer) DeliverCtx(ctx context.Context, body []byte) error {
	for {
		err := d.post(ctx, body)
		if err == nil {
			return nil
		}
		if err := waitOrStop(ctx); err != nil { // want `retry loop waits a fixed 1s \(in waitOrStop\)`
			return err
		}
	}
}

// Another package's helper, known by its fact.
func (d *Deliverer) DeliverSettled(ctx context.Context, body []byte) error {
	for i := 0; i < 4; i++ {
		if err := d.post(ctx, body); err == nil {
			return nil
		}
		pause.Settle() // want `retry loop waits a deterministic duration \(in pause.Settle\)`
	}
	return errGaveUp
}

// --- not reported ---

// backoff waits a randomised time.
func (d *Deliverer) backoff() {
	time.Sleep(d.cfg.RetryInterval/2 + rand.N(d.cfg.RetryInterval))
}

func (d *Deliverer) DeliverJittered(ctx context.Context, body []byte) error {
	for i := 0; i < 3; i++ {
		if err := d.post(ctx, body); err == nil {
			return nil
		}
		d.backoff()
	}
	return errGaveUp
}

func (d *Deliverer) DeliverSpread(ctx context.Context, body []byte) error {
	for i := 0; i < 3; i++ {
		if err := d.post(ctx, body); err == nil {
			return nil
		}
		if err := pause.Spread(ctx); err != nil {
			return err
		}
	}
	return errGaveUp
}

// maybeWait waits only when told to: no wait it always makes.
func maybeWait(slow bool) {
	if slow {
		time.Sleep(time.Second)
	}
}

func (d *Deliverer) DeliverMaybe(ctx context.Context, body []byte, slow bool) error {
	for i := 0; i < 3; i++ {
		if err := d.post(ctx, body); err == nil {
			return nil
		}
		maybeWait(slow)
	}
	return errGaveUp
}
