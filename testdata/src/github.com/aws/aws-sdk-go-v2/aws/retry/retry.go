// Package retry is a stub of github.com/aws/aws-sdk-go-v2/aws/retry v1.48.0.
package retry

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
)

// DefaultMaxAttempts is aws/retry/standard.go's DefaultMaxAttempts.
const DefaultMaxAttempts int = 3

// StandardOptions is aws/retry/standard.go's StandardOptions (MaxAttempts only).
type StandardOptions struct {
	MaxAttempts int
	MaxBackoff  time.Duration
}

// Standard is aws/retry/standard.go's Standard retryer.
type Standard struct{ options StandardOptions }

// NewStandard is aws/retry/standard.go's NewStandard.
func NewStandard(fnOpts ...func(*StandardOptions)) *Standard {
	o := StandardOptions{MaxAttempts: DefaultMaxAttempts}
	for _, fn := range fnOpts {
		fn(&o)
	}
	return &Standard{options: o}
}

func (s *Standard) MaxAttempts() int                                         { return s.options.MaxAttempts }
func (s *Standard) IsErrorRetryable(err error) bool                          { return err != nil }
func (s *Standard) RetryDelay(attempt int, err error) (time.Duration, error) { return 0, nil }
func (s *Standard) GetAttemptToken(ctx context.Context) (func(error) error, error) {
	return nopRelease, nil
}
func (s *Standard) GetInitialToken() func(error) error { return nopRelease }
func (s *Standard) GetRetryToken(ctx context.Context, opErr error) (func(error) error, error) {
	return nopRelease, nil
}

func nopRelease(error) error { return nil }

type withMaxAttempts struct {
	aws.Retryer
	max int
}

func (w *withMaxAttempts) MaxAttempts() int { return w.max }

// AddWithMaxAttempts is aws/retry/retry.go's AddWithMaxAttempts.
func AddWithMaxAttempts(r aws.Retryer, max int) aws.Retryer {
	return &withMaxAttempts{Retryer: r, max: max}
}
