// Package gapic holds retry loops around a GAPIC-shaped client. Its retry
// defaults are per method and not visible at the call, so only a retryer
// the call passes is counted.
package gapic

import (
	"context"
	"errors"
	"time"

	gax "github.com/googleapis/gax-go/v2"
	"google.golang.org/grpc/codes"

	"nestedretry/gapic/pb"
)

var errGiveUp = errors.New("give up")

// No retry option: whether the method retries is in its generated
// defaults, not visible here; quiet.
func access(ctx context.Context, c *pb.Client) error {
	for i := 0; i < 3; i++ {
		if _, err := c.AccessSecretVersion(ctx, &pb.AccessSecretVersionRequest{Name: "n"}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// A retryer passed with the call retries until the context ends.
func withRetry(ctx context.Context, c *pb.Client) error {
	for i := 0; i < 3; i++ {
		_, err := c.AccessSecretVersion(ctx, &pb.AccessSecretVersionRequest{Name: "n"}, gax.WithRetry(func() gax.Retryer { // want `retry loop of up to 3 attempts calls pb.Client.AccessSecretVersion, which makes unbounded attempts itself: unbounded calls in all; let one layer own the retries`
			return gax.OnCodes([]codes.Code{codes.Unavailable}, gax.Backoff{Initial: time.Second})
		}))
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

func retryer() gax.Retryer {
	return gax.OnErrorFunc(gax.Backoff{}, func(error) bool { return true })
}

// The option held in a variable, the retryer a function of the package.
func withRetryVar(ctx context.Context, c *pb.Client) error {
	opt := gax.WithRetry(retryer)
	for i := 0; i < 3; i++ {
		if _, err := c.AccessSecretVersion(ctx, &pb.AccessSecretVersionRequest{}, opt); err == nil { // want `calls pb.Client.AccessSecretVersion, which makes unbounded attempts itself`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// A nil retryer turns the retries off.
func noRetry(ctx context.Context, c *pb.Client) error {
	for i := 0; i < 3; i++ {
		if _, err := c.AccessSecretVersion(ctx, &pb.AccessSecretVersionRequest{}, gax.WithRetry(func() gax.Retryer { return nil })); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// Options passed through: not visible; quiet.
func passed(ctx context.Context, c *pb.Client, opts ...gax.CallOption) error {
	for i := 0; i < 3; i++ {
		if _, err := c.AccessSecretVersion(ctx, &pb.AccessSecretVersionRequest{}, opts...); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// A retryer of the user's own type: its bound is unknown; quiet.
type own struct{}

func (own) Retry(error) (time.Duration, bool) { return 0, false }

func ownRetryer(ctx context.Context, c *pb.Client) error {
	for i := 0; i < 3; i++ {
		if _, err := c.AccessSecretVersion(ctx, &pb.AccessSecretVersionRequest{}, gax.WithRetry(func() gax.Retryer { return own{} })); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}
