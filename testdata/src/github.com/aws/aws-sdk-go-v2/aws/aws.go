// Package aws is a stub of github.com/aws/aws-sdk-go-v2/aws v1.48.0: only the
// API surface retrylint's tests use, with the real signatures.
package aws

import (
	"context"
	"fmt"
	"time"
)

// RetryMode is aws/retryer.go's RetryMode.
type RetryMode string

// Retryer is aws/retryer.go's Retryer.
type Retryer interface {
	IsErrorRetryable(error) bool
	MaxAttempts() int
	RetryDelay(attempt int, opErr error) (time.Duration, error)
	GetRetryToken(ctx context.Context, opErr error) (releaseToken func(error) error, err error)
	GetInitialToken() (releaseToken func(error) error)
}

// NopRetryer is aws/retryer.go's NopRetryer: it never retries.
type NopRetryer struct{}

func (NopRetryer) IsErrorRetryable(error) bool { return false }
func (NopRetryer) MaxAttempts() int            { return 1 }
func (NopRetryer) RetryDelay(int, error) (time.Duration, error) {
	return 0, fmt.Errorf("not retrying any attempt errors")
}
func (NopRetryer) GetRetryToken(context.Context, error) (func(error) error, error) {
	return nopReleaseToken, nil
}
func (NopRetryer) GetInitialToken() func(error) error { return nopReleaseToken }
func (NopRetryer) GetAttemptToken(context.Context) (func(error) error, error) {
	return nopReleaseToken, nil
}

func nopReleaseToken(error) error { return nil }

// Config is aws/config.go's Config (retry fields only, plus Region).
type Config struct {
	Region           string
	RetryMaxAttempts int
	RetryMode        RetryMode
	Retryer          func() Retryer
}

// String is aws/to_ptr.go's String.
func String(v string) *string { return &v }
