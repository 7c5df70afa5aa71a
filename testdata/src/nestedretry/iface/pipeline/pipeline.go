// Package pipeline retries the notifiers that plug into it: their methods,
// declared in other packages, are the attempts of its retries.
package pipeline

import (
	"context"
	"time"
)

// Message is what a notifier sends.
type Message struct{ Text string }

// Notifier is implemented by the packages that plug into the pipeline.
type Notifier interface {
	Notify(ctx context.Context, m Message) error // want Notify:`retried\(by \(\*pipeline.Stage\).Deliver, retry loop of up to 4 attempts\)`
	Flush(ctx context.Context) error
	Ready(ctx context.Context) error // want Ready:`retried\(by \(\*pipeline.Stage\).Drain, retry loop of up to 3 attempts\)`
	Close() error
}

// Stage delivers messages.
type Stage struct{ n Notifier }

// New makes a stage.
func New(n Notifier) *Stage { return &Stage{n: n} }

// Deliver retries the notifier up to 4 times.
func (s *Stage) Deliver(ctx context.Context, m Message) error { // want Deliver:`reaches\(retries, up to 4 attempts\)`
	var err error
	for i := 0; i < 4; i++ {
		if err = s.n.Notify(ctx, m); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Drain flushes, giving up as soon as a flush fails, and waits for the
// notifier to be ready.
func (s *Stage) Drain(ctx context.Context) error { // want Drain:`reaches\(retries, up to 3 attempts\)`
	var err error
	for i := 0; i < 3; i++ {
		if err := s.n.Flush(ctx); err != nil {
			return err
		}
		if err = s.n.Ready(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Stop closes the notifier once.
func (s *Stage) Stop() error { return s.n.Close() }
