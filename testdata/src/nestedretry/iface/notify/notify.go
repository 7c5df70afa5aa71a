// Package notify reduces alertmanager's notify package (notify/notify.go,
// notify/retry_stage.go at 68fb2d5): a stage retries an Integration, whose
// Notify hands the Notifier interface's result back; the notifiers plug in
// from packages that import this one.
package notify

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/cenkalti/backoff/v5"
)

// Notifier is implemented by the packages that plug in.
type Notifier interface {
	Notify(ctx context.Context, msg ...string) (bool, error) // want Notify:`retried\(by \(notify.RetryStage\).Exec, retry loop of unbounded attempts\)`
	Ping(ctx context.Context) error
}

// Integration wraps a notifier.
type Integration struct {
	notifier Notifier
	name     string
}

// NewIntegration returns a new integration.
func NewIntegration(n Notifier, name string) Integration {
	return Integration{notifier: n, name: name}
}

// Notify calls the notifier and returns what it says.
func (i *Integration) Notify(ctx context.Context, msg ...string) (recoverable bool, err error) { // want Notify:`forwards\(nestedretry/iface/notify.Notifier.Notify\)`
	recoverable, err = i.notifier.Notify(ctx, msg...)
	return recoverable, err
}

// Ping reports the notifier's failure as a success: a retry of Ping does
// not run the notifier's Ping again after it failed.
func (i *Integration) Ping(ctx context.Context) error {
	if err := i.notifier.Ping(ctx); err != nil {
		i.name += " (unreachable)"
	}
	return nil
}

// RetryStage notifies through its integration with backoff until it
// succeeds or the context ends.
type RetryStage struct {
	integration Integration
}

// Exec paces the attempts by a backoff ticker; a failure the notifier
// calls unrecoverable ends them. The select's case that makes the attempt
// is what follows it; its other case makes none.
func (r RetryStage) Exec(ctx context.Context, msg ...string) error {
	b := backoff.NewExponentialBackOff()
	tick := backoff.NewTicker(b)
	defer tick.Stop()
	for {
		// The context first, before the attempt: an error return here
		// does not follow a success.
		select {
		case <-ctx.Done():
			return fmt.Errorf("notify retry canceled: %w", ctx.Err())
		default:
		}
		select {
		case <-tick.C:
			retry, err := r.integration.Notify(ctx, msg...)
			if err != nil {
				if !retry {
					return err
				}
				continue
			}
			return nil
		case <-ctx.Done():
		}
	}
}

// Warm retries the integration's Ping.
func (r RetryStage) Warm(ctx context.Context) error { // want Warm:`reaches\(retries, up to 3 attempts, runs out with nestedretry/iface/notify.errNotWarm\)`
	for range 3 {
		if err := r.integration.Ping(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errNotWarm
}

var errNotWarm = errors.New("not warm")
