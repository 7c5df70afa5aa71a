// Package ownhelper is a realistic sample of a service whose retries all go
// through its own helper (package retrier) rather than a retry library:
// retrylint recognises the helper by what its body does, so the code inside
// the closures handed to it is checked as a retry attempt.
package ownhelper

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/retrylint/retrylint/retry"

	"example.com/sample/ownhelper/retrier"
)

// Deliverer posts webhook events to subscribers.
type Deliverer struct {
	HTTP  *http.Client
	Queue *Queue
}

// New returns a Deliverer whose client gives up on a request after 10 s.
func New() *Deliverer {
	return &Deliverer{HTTP: &http.Client{Timeout: 10 * time.Second}, Queue: &Queue{}}
}

// Deliver posts an event to a subscriber. A POST that timed out may already
// have been applied, and without a key the subscriber cannot tell a retry
// from a new event.
func (d *Deliverer) Deliver(ctx context.Context, url, event string) error {
	return retrier.Do(ctx, 5, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(event)) // want `POST is retried by a retry call \(up to 5 attempts\) without an Idempotency-Key`
		if err != nil {
			return fmt.Errorf("%w: %v", retrier.ErrPermanent, err)
		}
		resp, err := d.HTTP.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 500 {
			return fmt.Errorf("subscriber answered %s", resp.Status)
		}
		return nil
	})
}

// Ack tells the queue an event is delivered. The queue client retries by
// itself, so the helper's retries multiply with its own.
func (d *Deliverer) Ack(ctx context.Context, id string) error {
	return retrier.Default(ctx, func(ctx context.Context) error {
		return d.Queue.Ack(ctx, id) // want `retry call of up to 3 attempts calls \(\*Queue\).Ack, which makes up to 4 attempts: up to 12 calls in all; let one layer own the retries`
	})
}

// Fetch reads a subscriber's settings: a GET, safe to retry.
func (d *Deliverer) Fetch(ctx context.Context, url string) (int, error) {
	var status int
	err := retrier.Default(ctx, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return fmt.Errorf("%w: %v", retrier.ErrPermanent, err)
		}
		resp, err := d.HTTP.Do(req)
		if err != nil {
			return err
		}
		status = resp.StatusCode
		return resp.Body.Close()
	})
	return status, err
}

// Queue is the event queue's client.
type Queue struct {
	HTTP    *http.Client
	BaseURL string
}

// Ack acknowledges an event, trying up to 4 times with jittered waits.
func (q *Queue) Ack(ctx context.Context, id string) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = q.ackOnce(ctx, id); err == nil {
			return nil
		}
		time.Sleep(retry.FullJitter(200 * time.Millisecond)) // want `retry loop waits with time\.Sleep while ctx is in scope`
	}
	return err
}

// ackOnce deletes the delivered message from the queue: a DELETE, safe to
// repeat.
func (q *Queue) ackOnce(ctx context.Context, id string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, q.BaseURL+"/messages/"+id, nil)
	if err != nil {
		return err
	}
	resp, err := q.HTTP.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 500 {
		return fmt.Errorf("queue answered %s", resp.Status)
	}
	return nil
}
