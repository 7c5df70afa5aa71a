// Package app calls runners that hand their options to cenkalti/backoff v5:
// the time that bounds each call is read from the call's own options.
package app

import (
	"context"
	"errors"
	"time"

	"github.com/cenkalti/backoff/v5"
	"github.com/redis/go-redis/v9"

	"example.com/reallibs/nestedretry/v5opts/wait"
)

type config struct{ Timeout time.Duration }

var errGiveUp = errors.New("give up")

// A constant limit among the caller's options.
func twoMinutes(ctx context.Context, rdb *redis.Client) error {
	return wait.Retry(ctx, func() error {
		return rdb.Incr(ctx, "n").Err() // want `retry call bounded by time \(2 minutes\) calls redis.Client.Incr, which makes up to 4 attempts \(the library default\) itself`
	}, backoff.WithBackOff(backoff.NewConstantBackOff(time.Second)), backoff.WithMaxElapsedTime(2*time.Minute))
}

// A limit from configuration.
func configured(ctx context.Context, rdb *redis.Client, cfg config) error {
	return wait.Retry(ctx, func() error {
		return rdb.Incr(ctx, "n").Err() // want `retry call bounded by time \(its MaxElapsedTime\) calls redis.Client.Incr`
	}, backoff.WithMaxElapsedTime(cfg.Timeout))
}

// No limit among the options: the library's default applies.
func byDefault(ctx context.Context, rdb *redis.Client) error {
	return wait.Retry(ctx, func() error {
		return rdb.Incr(ctx, "n").Err() // want `retry call bounded by time \(15 minutes, the library default\) calls redis.Client.Incr`
	})
}

// Options spread from a slice out of sight: the limit is not known.
func spread(ctx context.Context, rdb *redis.Client, opts []backoff.RetryOption) error {
	return wait.Retry(ctx, func() error {
		return rdb.Incr(ctx, "n").Err() // want `retry call of an unknown number of attempts calls redis.Client.Incr`
	}, opts...)
}

// retry is the same runner in this package.
func retry(ctx context.Context, op func() error, opts ...backoff.RetryOption) error {
	_, err := backoff.Retry(ctx, func() (struct{}, error) { return struct{}{}, op() }, opts...)
	return err
}

func local(ctx context.Context, rdb *redis.Client) error {
	return retry(ctx, func() error {
		return rdb.Incr(ctx, "n").Err() // want `retry call bounded by time \(30 seconds\) calls redis.Client.Incr`
	}, backoff.WithMaxElapsedTime(30*time.Second))
}

// A count among the caller's options bounds the runner's attempts.
func tries(ctx context.Context, rdb *redis.Client) error {
	return wait.Retry(ctx, func() error {
		return rdb.Incr(ctx, "n").Err() // want `retry call of up to 3 attempts calls redis.Client.Incr, which makes up to 4 attempts \(the library default\) itself: up to 12 calls in all`
	}, backoff.WithMaxTries(3))
}

// Options built in a local slice, all in sight, are read.
func built(ctx context.Context, rdb *redis.Client) error {
	opts := []backoff.RetryOption{backoff.WithBackOff(backoff.NewConstantBackOff(time.Second))}
	opts = append(opts, backoff.WithMaxElapsedTime(time.Minute))
	return wait.Retry(ctx, func() error {
		return rdb.Incr(ctx, "n").Err() // want `retry call bounded by time \(1 minute\) calls redis.Client.Incr`
	}, opts...)
}

// A runner that puts its own limit in front of the caller's options: the
// caller's options may override it, so the time is not known.
func withDefault(ctx context.Context, rdb *redis.Client) error {
	return wait.WithDefault(ctx, func() error {
		return rdb.Incr(ctx, "n").Err() // want `retry call of an unknown number of attempts calls redis.Client.Incr`
	}, backoff.WithMaxElapsedTime(time.Hour))
}

// A loop around a runner called as a method expression, whose arguments
// start with the receiver: the options after them bound its attempts.
func aroundMethodExpr(ctx context.Context, op func() error) error {
	for i := 0; i < 3; i++ {
		if err := wait.Runner.Retry(wait.Runner{}, ctx, op, backoff.WithMaxTries(2)); err == nil { // want `retry loop of up to 3 attempts calls \(wait.Runner\).Retry, which makes up to 2 attempts: up to 6 calls in all`
			return nil
		}
	}
	return errGiveUp
}
