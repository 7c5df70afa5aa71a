// Package app retries SDK calls through its own runners (packages kit and
// wrap): the call inside the closure is reported, with the runner's bound.
package app

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/redis/go-redis/v9"

	"nestedretry/userrunner/kit"
	"nestedretry/userrunner/wrap"
)

func upload(ctx context.Context, c *s3.Client, in *s3.PutObjectInput) error {
	return kit.Retry(ctx, func(ctx context.Context) error {
		_, err := c.PutObject(ctx, in) // want `retry call of up to 5 attempts calls s3.Client.PutObject, which makes up to 3 attempts \(the library default\) itself: up to 15 calls in all; let one layer own the retries`
		return err
	})
}

// Through a runner that forwards to another package's runner.
func incr(ctx context.Context, rdb *redis.Client) error {
	return wrap.Retry(ctx, "incr", func(ctx context.Context) error {
		return rdb.Incr(ctx, "n").Err() // want `retry call of up to 5 attempts calls redis.Client.Incr, which makes up to 4 attempts \(the library default\) itself: up to 20 calls in all`
	})
}

// The bound comes from the constant handed to the attempts parameter.
func del(ctx context.Context, rdb *redis.Client) error {
	return kit.Attempts(ctx, 2, func() error {
		return rdb.Del(ctx, "k").Err() // want `retry call of up to 2 attempts calls redis.Client.Del, which makes up to 4 attempts \(the library default\) itself: up to 8 calls in all`
	})
}

// A generic runner.
func get(ctx context.Context, rdb *redis.Client) (string, error) {
	return kit.Do(ctx, func() (string, error) {
		return rdb.Get(ctx, "k").Result() // want `retry call of up to 3 attempts calls redis.Client.Get, which makes up to 4 attempts \(the library default\) itself: up to 12 calls in all`
	})
}

// A runner whose operation says whether to go on.
func setWhile(ctx context.Context, rdb *redis.Client) error {
	return kit.While(func(int) (bool, error) {
		err := rdb.Set(ctx, "k", "v", 0).Err() // want `retry call of up to 4 attempts calls redis.Client.Set, which makes up to 4 attempts \(the library default\) itself: up to 16 calls in all`
		return err != nil, err
	})
}

// A callback called once, or once per item, is not retried: quiet.
func once(ctx context.Context, c *s3.Client, in *s3.PutObjectInput) error {
	return kit.Once(ctx, func(ctx context.Context) error {
		_, err := c.PutObject(ctx, in)
		return err
	})
}

func each(ctx context.Context, rdb *redis.Client, keys []string) error {
	return kit.Each(ctx, keys, func(k string) error { return rdb.Del(ctx, k).Err() })
}

func pages(ctx context.Context, rdb *redis.Client) error {
	page := 0
	return kit.Pages(func() (bool, error) {
		page++
		v, err := rdb.Get(ctx, fmt.Sprint("page/", page)).Result()
		return v != "", err
	})
}

// A runner kept in a variable that the package only ever sets to it.
var retryFn = kit.Retry

func viaVariable(ctx context.Context, rdb *redis.Client) error {
	return retryFn(ctx, func(ctx context.Context) error { return rdb.Incr(ctx, "n").Err() }) // want `retry call of up to 5 attempts calls redis.Client.Incr, which makes up to 4 attempts \(the library default\) itself: up to 20 calls in all`
}

func callOnce(ctx context.Context, op func(context.Context) error) error { return op(ctx) }

// A variable that may hold a function calling the operation once: quiet.
func viaChoice(ctx context.Context, rdb *redis.Client, retrying bool) error {
	run := callOnce
	if retrying {
		run = kit.Retry
	}
	return run(ctx, func(ctx context.Context) error { return rdb.Incr(ctx, "n").Err() })
}

// Through an interface of this package whose implementations the package
// declares, the call is a retry when one of them is a runner.
type retrier interface {
	Retry(ctx context.Context, op func(context.Context) error) error
}

func viaInterface(ctx context.Context, r retrier, rdb *redis.Client) error {
	return r.Retry(ctx, func(ctx context.Context) error { return rdb.Incr(ctx, "n").Err() }) // want `retry call of up to 5 attempts calls redis.Client.Incr, which makes up to 4 attempts \(the library default\) itself: up to 20 calls in all`
}

// None of pass's implementations retries: quiet.
type passer interface {
	Pass(ctx context.Context, op func(context.Context) error) error
}

type direct struct{}

func (direct) Pass(ctx context.Context, op func(context.Context) error) error { return op(ctx) }

var _ passer = direct{}

func viaPlainInterface(ctx context.Context, p passer, rdb *redis.Client) error {
	return p.Pass(ctx, func(ctx context.Context) error { return rdb.Incr(ctx, "n").Err() })
}

// kitRetrier, the only implementation of retrier, is a runner.
type kitRetrier struct{}

func (kitRetrier) Retry(ctx context.Context, op func(context.Context) error) error { // want Retry:`reaches\(kit.Retry, up to 5 attempts\)`
	return kit.Retry(ctx, op)
}

var _ retrier = kitRetrier{}

// A named function of this package handed to a runner is the attempt too.
type counter struct{ rdb *redis.Client }

func (c *counter) bump(ctx context.Context) error {
	return c.rdb.Incr(ctx, "n").Err() // want `retry call of up to 5 attempts calls redis.Client.Incr, which makes up to 4 attempts \(the library default\) itself: up to 20 calls in all`
}

func (c *counter) bumpRetried(ctx context.Context) error {
	return kit.Retry(ctx, c.bump)
}

func incrOp(ctx context.Context) error {
	return rdbGlobal.Incr(ctx, "n").Err() // want `retry call of up to 5 attempts calls redis.Client.Incr, which makes up to 4 attempts \(the library default\) itself: up to 20 calls`
}

var rdbGlobal *redis.Client

func incrNamed(ctx context.Context) error {
	return kit.Retry(ctx, incrOp)
}
