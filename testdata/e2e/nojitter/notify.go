package nojitter

import (
	"context"
	"errors"
	"time"
)

// Sender delivers one notification.
type Sender interface {
	Send(ctx context.Context, to, body string) error
}

// ErrRejected is a permanent failure: the address does not exist.
var ErrRejected = errors.New("rejected")

// Notifier delivers notifications. All its retries go through retrying, its
// own helper, which nojitter reports once, in the helper, not at each caller.
type Notifier struct {
	Mail, SMS Sender
}

// retrying runs op up to attempts times, 2 s apart.
func retrying(ctx context.Context, attempts int, op func(context.Context) error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(ctx); err == nil || errors.Is(err, ErrRejected) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(2 * time.Second): // want `retry loop waits a fixed 2s between attempts`
		}
	}
	return err
}

// Welcome mails a new user, then texts them.
func (n *Notifier) Welcome(ctx context.Context, email, phone string) error {
	if err := retrying(ctx, 3, func(ctx context.Context) error {
		return n.Mail.Send(ctx, email, "welcome")
	}); err != nil {
		return err
	}
	return retrying(ctx, 5, func(ctx context.Context) error {
		return n.SMS.Send(ctx, phone, "welcome")
	})
}
