// Package gax is a stub of github.com/googleapis/gax-go/v2 v2.27.0
// (call_option.go, invoke.go): the call options GAPIC clients take.
package gax

import (
	"context"
	"time"

	"google.golang.org/grpc/codes"
)

// CallOption is an option used by Invoke to control behaviors of RPC calls.
type CallOption interface {
	// Resolve applies the option by modifying cs.
	Resolve(cs *CallSettings)
}

// Retryer is used by Invoke to determine retry behavior.
type Retryer interface {
	Retry(err error) (pause time.Duration, shouldRetry bool)
}

type retryerOption func() Retryer

func (o retryerOption) Resolve(s *CallSettings) { s.Retry = o }

// WithRetry sets CallSettings.Retry to fn.
func WithRetry(fn func() Retryer) CallOption { return retryerOption(fn) }

// OnErrorFunc returns a Retryer that retries if and only if the previous attempt
// returns an error that satisfies shouldRetry.
func OnErrorFunc(bo Backoff, shouldRetry func(err error) bool) Retryer {
	return &boRetryer{backoff: bo}
}

// OnCodes returns a Retryer that retries if and only if the previous attempt
// returns a GRPC error whose error code is stored in cc.
func OnCodes(cc []codes.Code, bo Backoff) Retryer { return &boRetryer{backoff: bo} }

// OnHTTPCodes returns a Retryer that retries if and only if the previous attempt
// returns a googleapi.Error whose status code is stored in cc.
func OnHTTPCodes(bo Backoff, cc ...int) Retryer { return &boRetryer{backoff: bo} }

type boRetryer struct {
	backoff Backoff
}

func (r *boRetryer) Retry(err error) (time.Duration, bool) { return r.backoff.Pause(), true }

// Backoff implements backoff logic for retries.
type Backoff struct {
	Initial    time.Duration
	Max        time.Duration
	Multiplier float64
	cur        time.Duration
}

// Pause returns the next time.Duration that the caller should use to backoff.
func (bo *Backoff) Pause() time.Duration { return bo.Initial }

// CallSettings allow fine-grained control over how calls are made.
type CallSettings struct {
	// Retry returns a Retryer to be used to control retry logic of a method call.
	// If Retry is nil or the returned Retryer is nil, the call will not be retried.
	Retry func() Retryer
}

// APICall is a user defined call stub.
type APICall func(context.Context, CallSettings) error

// Invoke calls the given APICall, performing retries as specified by opts, if any.
func Invoke(ctx context.Context, call APICall, opts ...CallOption) error {
	return call(ctx, CallSettings{})
}
