// Package bounds holds retry layers whose bounds are not a plain count: a
// clock, a count unknown to the analysis, or none at all. Messages say what
// is known and nothing else.
package bounds

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/cenkalti/backoff/v4"
	"github.com/redis/go-redis/v9"
)

var errGiveUp = errors.New("give up")

// --- bounded by time, not by a count ---

// A deadline read from the clock in the loop's condition.
func untilDeadline(ctx context.Context, c *s3.Client, in *s3.PutObjectInput) error {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if _, err := c.PutObject(ctx, in); err == nil { // want `retry loop bounded by time \(a deadline\) calls s3.Client.PutObject, which makes up to 3 attempts \(the library default\) itself: up to 3 calls for each of its attempts; let one layer own the retries`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// A check of the time spent, in the body.
func elapsed(ctx context.Context, rdb *redis.Client) error {
	start := time.Now()
	for {
		if err := rdb.Incr(ctx, "n").Err(); err == nil { // want `retry loop bounded by time \(a deadline\) calls redis.Client.Incr, which makes up to 4 attempts \(the library default\) itself: up to 4 calls for each of its attempts`
			return nil
		}
		if time.Since(start) > time.Minute {
			return errGiveUp
		}
		time.Sleep(time.Second)
	}
}

// A timer made before the loop, in a select.
func timer(ctx context.Context, rdb *redis.Client) error {
	timeout := time.After(30 * time.Second)
	for {
		if err := rdb.Incr(ctx, "n").Err(); err == nil { // want `retry loop bounded by time \(30 seconds\) calls redis.Client.Incr, which makes up to 4 attempts \(the library default\) itself: up to 4 calls for each of its attempts`
			return nil
		}
		select {
		case <-timeout:
			return errGiveUp
		case <-time.After(time.Second):
		}
	}
}

// A context with a timeout, made before the loop.
func withTimeout(parent context.Context, rdb *redis.Client) error {
	ctx, cancel := context.WithTimeout(parent, 2*time.Minute)
	defer cancel()
	for {
		if err := rdb.Incr(ctx, "n").Err(); err == nil { // want `retry loop bounded by time \(2 minutes\) calls redis.Client.Incr`
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// cenkalti's exponential backoff stops after its MaxElapsedTime.
func maxElapsed(ctx context.Context, rdb *redis.Client) error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 5 * time.Minute
	return backoff.Retry(func() error {
		return rdb.Incr(ctx, "n").Err() // want `retry call bounded by time \(5 minutes\) calls redis.Client.Incr`
	}, b)
}

// An inner layer bounded by time: the outer count multiplies it.
func waitReady(ctx context.Context, ping func(context.Context) error) error {
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if err := ping(ctx); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errGiveUp
}

func outerAroundTimed(ctx context.Context, ping func(context.Context) error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = waitReady(ctx, ping); err == nil { // want `retry loop of up to 3 attempts calls waitReady, which makes attempts bounded by time \(a deadline\): up to 3 times the calls it makes alone`
			return nil
		}
	}
	return err
}

// --- no bound but success or the caller's context: unbounded ---

func forever(ctx context.Context, rdb *redis.Client) error {
	for {
		if err := rdb.Incr(ctx, "n").Err(); err == nil { // want `retry loop of unbounded attempts calls redis.Client.Incr, which makes up to 4 attempts \(the library default\) itself: unbounded calls in all`
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// A timer made in the loop is a wait, not a bound.
func timerPerAttempt(ctx context.Context, rdb *redis.Client) error {
	for {
		if err := rdb.Incr(ctx, "n").Err(); err == nil { // want `retry loop of unbounded attempts calls redis.Client.Incr`
			return nil
		}
		t := time.NewTimer(time.Second)
		select {
		case <-t.C:
			continue
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// --- counts the analysis does not know ---

// An outer count it cannot read, around a client's known one.
func attemptsParam(ctx context.Context, c *s3.Client, in *s3.PutObjectInput, n int) error {
	for i := 0; i < n*2; i++ {
		if _, err := c.PutObject(ctx, in); err == nil { // want `retry loop of an unknown number of attempts calls s3.Client.PutObject, which makes up to 3 attempts \(the library default\) itself: up to 3 calls for each of its attempts`
			return nil
		}
	}
	return errGiveUp
}

// A known outer count around an inner one it cannot read.
func tries(ctx context.Context, n int, op func(context.Context) error) error {
	var err error
	for i := 0; i < n*2; i++ {
		if err = op(ctx); err == nil {
			return nil
		}
	}
	return err
}

func outerKnown(ctx context.Context, op func(context.Context) error, n int) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = tries(ctx, n, op); err == nil { // want `retry loop of up to 4 attempts calls tries, which makes an unknown number of attempts: up to 4 times the calls it makes alone`
			return nil
		}
	}
	return err
}

// Unknown around unknown says nothing a reader can weigh: quiet.
func unknownAroundUnknown(ctx context.Context, op func(context.Context) error, n int) error {
	var err error
	for i := 0; i < n*3; i++ {
		if err = tries(ctx, n, op); err == nil {
			return nil
		}
	}
	return err
}

// --- counts down, or runs out of candidates ---

// A count taken down by one and tested with the attempt's outcome: three
// attempts.
func countdown(ctx context.Context, rdb *redis.Client) error {
	for remaining := 3; ; {
		err := rdb.Incr(ctx, "n").Err() // want `retry loop of up to 3 attempts calls redis.Client.Incr, which makes up to 4 attempts \(the library default\) itself: up to 12 calls in all`
		remaining--
		if err == nil || remaining <= 0 {
			return err
		}
		time.Sleep(time.Second)
	}
}

type retryConfig struct{ Max int }

// Counting down from a configured number (sarama's admin retries): bounded,
// by a count the analysis does not know.
func countdownFromConfig(ctx context.Context, rdb *redis.Client, conf retryConfig) error {
	for remaining := conf.Max + 1; ; {
		err := rdb.Incr(ctx, "n").Err() // want `retry loop of an unknown number of attempts calls redis.Client.Incr, which makes up to 4 attempts \(the library default\) itself: up to 4 calls for each of its attempts`
		remaining--
		if err == nil || remaining <= 0 {
			return err
		}
		time.Sleep(time.Second)
	}
}

type replica struct{ rdb *redis.Client }

type replicas struct{ live []*replica }

func (r *replicas) next() *replica {
	if len(r.live) == 0 {
		return nil
	}
	return r.live[0]
}

// Each failed replica is dropped and the next one tried (sarama's broker
// loop): the loop ends when none is left, a number it does not show.
func failover(ctx context.Context, r *replicas) error {
	for rep := r.next(); rep != nil; rep = r.next() {
		if err := rep.rdb.Incr(ctx, "n").Err(); err == nil { // want `retry loop of an unknown number of attempts calls redis.Client.Incr, which makes up to 4 attempts \(the library default\) itself: up to 4 calls for each of its attempts`
			return nil
		}
		r.live = r.live[1:]
		time.Sleep(time.Second)
	}
	return errGiveUp
}

func tryReplicas(ctx context.Context, r *replicas, op func(context.Context, *replica) error) error {
	for rep := r.next(); rep != nil; rep = r.next() {
		if err := op(ctx, rep); err == nil {
			return nil
		}
		r.live = r.live[1:]
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// A configured count around replicas that run out: an unknown number
// around an unknown number, quiet.
func countdownAroundFailover(ctx context.Context, r *replicas, conf retryConfig, op func(context.Context, *replica) error) error {
	for remaining := conf.Max + 1; ; {
		err := tryReplicas(ctx, r, op)
		remaining--
		if err == nil || remaining <= 0 {
			return err
		}
		time.Sleep(time.Second)
	}
}

// --- "per request" where there is a request ---

func handle(w http.ResponseWriter, r *http.Request, c *s3.Client, in *s3.PutObjectInput) {
	for i := 0; i < 5; i++ {
		if _, err := c.PutObject(r.Context(), in); err == nil { // want `retry loop of up to 5 attempts calls s3.Client.PutObject, which makes up to 3 attempts \(the library default\) itself: up to 15 calls per request; let one layer own the retries`
			return
		}
	}
	w.WriteHeader(http.StatusBadGateway)
}

func handlers(c *s3.Client, in *s3.PutObjectInput) {
	http.HandleFunc("/put", func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i < 2; i++ {
			if _, err := c.PutObject(r.Context(), in); err == nil { // want `retry loop of up to 2 attempts calls s3.Client.PutObject, which makes up to 3 attempts \(the library default\) itself: up to 6 calls per request`
				return
			}
		}
	})
}

// --- an inner layer that hands back no failure ---

// read gets the current value once.
func read(url string) (int64, error) {
	resp, err := http.Get(url)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.ContentLength, nil
}

// loadUntilDone retries the read until it succeeds and returns only then,
// with no error to hand back (go-zero's discovery load).
func loadUntilDone(url string) int64 {
	for {
		if n, err := read(url); err == nil {
			return n
		}
		time.Sleep(time.Second)
	}
}

// watch goes around on its own stream's failures and reloads in between:
// the reload returns only once it has read, so it never fails for watch to
// retry.
func watch(url string, stream func() error) {
	for {
		if err := stream(); err == nil {
			return
		}
		loadUntilDone(url)
		time.Sleep(time.Second)
	}
}

// loadTries gives up after three tries, handing back nothing either: a
// watch around it goes around after a load that gave up, so the tries
// multiply.
func loadTries(url string) int64 {
	for range 3 {
		if n, err := read(url); err == nil {
			return n
		}
		time.Sleep(time.Second)
	}
	return 0
}

func watchTries(url string, stream func() error) {
	for {
		if err := stream(); err == nil {
			return
		}
		loadTries(url) // want `retry loop of unbounded attempts calls loadTries, which makes up to 3 attempts`
		time.Sleep(time.Second)
	}
}

// loadOrFail runs until it reads, but hands back the context's error: a
// watch around it sees that failure.
func loadOrFail(ctx context.Context, url string) (int64, error) {
	for {
		if n, err := read(url); err == nil {
			return n, nil
		}
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func watchOrFail(ctx context.Context, url string) error {
	for {
		if _, err := loadOrFail(ctx, url); err == nil { // want `retry loop of unbounded attempts calls loadOrFail, which makes unbounded attempts`
			return nil
		}
		time.Sleep(time.Second)
	}
}

// loadOrZero runs until it reads, or until its context ends, and then hands
// back nothing to tell: a watch around it goes around after a load that
// gave up, so the tries multiply.
func loadOrZero(ctx context.Context, url string) int64 {
	for {
		if n, err := read(url); err == nil {
			return n
		}
		select {
		case <-ctx.Done():
			return 0
		case <-time.After(time.Second):
		}
	}
}

func watchOrZero(url string, stream func() error) {
	for {
		if err := stream(); err == nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		loadOrZero(ctx, url) // want `retry loop of unbounded attempts calls loadOrZero, which makes unbounded attempts`
		cancel()
		time.Sleep(time.Second)
	}
}
