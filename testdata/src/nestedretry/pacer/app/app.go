// Package app retries SDK calls through its own pacer (package pacer): the
// pacer invokes the operation through a function-typed field or variable
// whose values are all in sight, so it is a runner, and the call in the
// operation is reported.
package app

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/redis/go-redis/v9"

	"nestedretry/pacer/pacer"
)

var errGiveUp = errors.New("give up")

func upload(ctx context.Context, c *s3.Client, in *s3.PutObjectInput) error {
	p := pacer.New()
	return p.Call(func() error {
		_, err := c.PutObject(ctx, in) // want `retry call of up to 5 attempts calls s3.Client.PutObject, which makes up to 3 attempts \(the library default\) itself: up to 15 calls in all; let one layer own the retries`
		return err
	})
}

func incr(ctx context.Context, rdb *redis.Client) error {
	return pacer.Quick(func() error {
		return rdb.Incr(ctx, "n").Err() // want `retry call of up to 3 attempts calls redis.Client.Incr, which makes up to 4 attempts \(the library default\) itself: up to 12 calls in all`
	})
}

// A runner of this package that keeps its invoker in a local variable.
func retryLocal(op func() error) error {
	call := func(f func() error) error { return f() }
	for i := 0; i < 3; i++ {
		if err := call(op); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

func del(ctx context.Context, rdb *redis.Client) error {
	return retryLocal(func() error {
		return rdb.Del(ctx, "k").Err() // want `retry call of up to 3 attempts calls redis.Client.Del, which makes up to 4 attempts \(the library default\) itself: up to 12 calls in all`
	})
}

// Quiet: an invoker from the caller, or one that never runs the
// operation, makes no runner.
func loose(ctx context.Context, rdb *redis.Client, f func(int, pacer.Paced) error) error {
	return pacer.NewLoose(f).Call(func() error {
		return rdb.Incr(ctx, "n").Err()
	})
}

func logged(ctx context.Context, rdb *redis.Client) error {
	return pacer.NewLogged().Call(func() error {
		return rdb.Incr(ctx, "n").Err()
	})
}
