// Package goredis holds retry loops around go-redis commands.
package goredis

import (
	"context"
	"errors"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/redis/go-redis/v9"
)

var errGiveUp = errors.New("give up")

// A client of unknown configuration: 3 retries, 4 attempts, by default.
func incr(ctx context.Context, rdb *redis.Client) error {
	for i := 0; i < 3; i++ {
		if err := rdb.Incr(ctx, "n").Err(); err == nil { // want `retry loop of up to 3 attempts calls redis.Client.Incr, which makes up to 4 attempts \(the library default\) itself: up to 12 calls in all; let one layer own the retries`
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errGiveUp
}

// A retry library around a command.
func get(ctx context.Context, rdb *redis.Client) (string, error) {
	var v string
	err := backoff.Retry(func() error {
		var err error
		v, err = rdb.Get(ctx, "k").Result() // want `retry call bounded by time \(15 minutes, the library default\) calls redis.Client.Get, which makes up to 4 attempts \(the library default\) itself: up to 4 calls for each of its attempts; let one layer own the retries`
		return err
	}, backoff.NewExponentialBackOff())
	return v, err
}

// MaxRetries: 0 means 3 retries, not none; the fix sets -1.
func built(ctx context.Context) error {
	rdb := redis.NewClient(&redis.Options{Addr: "localhost:6379", MaxRetries: 0})
	for i := 0; i < 5; i++ {
		if err := rdb.Set(ctx, "k", "v", time.Minute).Err(); err == nil { // want `retry loop of up to 5 attempts calls redis.Client.Set`
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errGiveUp
}

// Raised retries are reported with their figure; the fix adds the field.
func raised(ctx context.Context) error {
	opts := &redis.Options{Addr: "localhost:6379"}
	opts.MaxRetries = 9
	rdb := redis.NewClient(opts)
	for i := 0; i < 2; i++ {
		if err := rdb.Del(ctx, "k").Err(); err == nil { // want `calls redis.Client.Del, which makes up to 10 attempts itself: up to 20 calls in all`
			return nil
		}
	}
	return errGiveUp
}

func ring(ctx context.Context) error {
	r := redis.NewRing(&redis.RingOptions{})
	for i := 0; i < 2; i++ {
		if err := r.Incr(ctx, "n").Err(); err == nil { // want `calls redis.Ring.Incr, which makes up to 4 attempts \(the library default\) itself: up to 8 calls`
			return nil
		}
	}
	return errGiveUp
}

// A cluster client retries through MaxRedirects; no fix (redirects follow MOVED too).
func cluster(ctx context.Context) error {
	cc := redis.NewClusterClient(&redis.ClusterOptions{Addrs: []string{"a:1"}, MaxRetries: -1})
	for i := 0; i < 2; i++ {
		if err := cc.Incr(ctx, "n").Err(); err == nil { // want `calls redis.ClusterClient.Incr, which makes up to 4 attempts \(the library default\) itself`
			return nil
		}
	}
	return errGiveUp
}

// --- retries visibly off: not reported ---

func off(ctx context.Context) error {
	rdb := redis.NewClient(&redis.Options{Addr: "localhost:6379", MaxRetries: -1})
	for i := 0; i < 5; i++ {
		if err := rdb.Incr(ctx, "n").Err(); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errGiveUp
}

func clusterOff(ctx context.Context) error {
	cc := redis.NewClusterClient(&redis.ClusterOptions{Addrs: []string{"a:1"}, MaxRedirects: -1})
	for i := 0; i < 2; i++ {
		if err := cc.Incr(ctx, "n").Err(); err == nil {
			return nil
		}
	}
	return errGiveUp
}

// Not commands: Close does not retry.
func closeAll(rdb *redis.Client) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = rdb.Close(); err == nil {
			return nil
		}
	}
	return err
}

// A loop over keys is not a retry.
func delAll(ctx context.Context, rdb *redis.Client, keys []string) error {
	for _, k := range keys {
		if err := rdb.Del(ctx, k).Err(); err != nil {
			return err
		}
	}
	return nil
}

// A client from a function value: its configuration is unknown, the default
// applies (and nothing crashes on the call without a static callee).
type cache struct{ rdb *redis.Client }

func newCache(mk func() *redis.Client) *cache { return &cache{rdb: mk()} }

func (c *cache) get(ctx context.Context) error {
	for i := 0; i < 2; i++ {
		if err := c.rdb.Get(ctx, "k").Err(); err == nil { // want `calls redis.Client.Get, which makes up to 4 attempts \(the library default\) itself: up to 8 calls`
			return nil
		}
	}
	return errGiveUp
}
