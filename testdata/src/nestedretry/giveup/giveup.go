// Package giveup holds retries around clients that retry, where the outer
// layer either runs the failed call again (reported) or does not: it gives
// up as soon as the call fails, or goes around only on errors the client
// never retries (quiet).
package giveup

import (
	"context"
	"errors"
	"io"
	"net"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	dtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/cenkalti/backoff/v4"
	"github.com/redis/go-redis/v9"
	goretry "github.com/sethvargo/go-retry"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/rest"
	k8sretry "k8s.io/client-go/util/retry"
)

var errGiveUp = errors.New("give up")

func decode(out *s3.GetObjectOutput) error { return nil }

// --- the failed call runs again: reported ---

// The error is kept and the loop goes around.
func keepGoing(ctx context.Context, c *s3.Client, in *s3.GetObjectInput) error {
	var last error
	for i := 0; i < 3; i++ {
		out, err := c.GetObject(ctx, in) // want `retry loop of up to 3 attempts calls s3.Client.GetObject, which makes up to 3 attempts \(the library default\) itself: up to 9 calls in all; let one layer own the retries`
		if err != nil {
			last = err
			continue
		}
		return decode(out)
	}
	return last
}

// An error of the standard library (a cut connection) is one the SDK
// retries too.
func onEOF(ctx context.Context, c *s3.Client, in *s3.PutObjectInput) error {
	for i := 0; i < 3; i++ {
		_, err := c.PutObject(ctx, in) // want `retry loop of up to 3 attempts calls s3.Client.PutObject`
		if errors.Is(err, io.ErrUnexpectedEOF) {
			continue
		}
		return err
	}
	return errGiveUp
}

// Going around on every error but NotFound still retries what the SDK
// retried.
func allButNotFound(ctx context.Context, c *s3.Client, in *s3.GetObjectInput) error {
	for i := 0; i < 3; i++ {
		_, err := c.GetObject(ctx, in) // want `retry loop of up to 3 attempts calls s3.Client.GetObject`
		if err == nil {
			return nil
		}
		var nf *types.NotFound
		if errors.As(err, &nf) {
			return err
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// A type of the user's own that wraps the failure stands for the SDK's
// failures.
type temporary struct{ err error }

func (t *temporary) Error() string { return t.err.Error() }

func (s *store) fetch(ctx context.Context, in *s3.GetObjectInput) error {
	if _, err := s.c.GetObject(ctx, in); err != nil {
		return &temporary{err}
	}
	return nil
}

type store struct{ c *s3.Client }

func (s *store) wrapped(ctx context.Context, in *s3.GetObjectInput) error {
	for i := 0; i < 3; i++ {
		err := s.fetch(ctx, in) // want `retry loop of up to 3 attempts calls \(\*store\).fetch -> s3.Client.GetObject`
		var t *temporary
		if errors.As(err, &t) {
			continue
		}
		return err
	}
	return errGiveUp
}

// A sentinel of the user's own returned in place of the SDK's failure
// stands for it too.
var errUnavailable = errors.New("unavailable")

func (s *store) load(ctx context.Context, in *s3.GetObjectInput) error {
	if _, err := s.c.GetObject(ctx, in); err != nil {
		return errUnavailable
	}
	return nil
}

func (s *store) translated(ctx context.Context, in *s3.GetObjectInput) error {
	for i := 0; i < 3; i++ {
		if err := s.load(ctx, in); !errors.Is(err, errUnavailable) { // want `retry loop of up to 3 attempts calls \(\*store\).load -> s3.Client.GetObject`
			return err
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// cenkalti's WithMaxRetries(b, 10) makes 11 attempts; the operation hands
// every error back, to be retried.
func eleven(ctx context.Context, rdb *redis.Client) error {
	return backoff.Retry(func() error {
		return rdb.Incr(ctx, "n").Err() // want `retry call of up to 11 attempts calls redis.Client.Incr, which makes up to 4 attempts \(the library default\) itself: up to 44 calls in all`
	}, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 10))
}

// go-retry retries the errors marked retryable.
func marked(ctx context.Context, rdb *redis.Client) error {
	return goretry.Do(ctx, goretry.WithMaxRetries(2, goretry.NewConstant(time.Second)), func(ctx context.Context) error {
		if err := rdb.Incr(ctx, "n").Err(); err != nil { // want `retry call of up to 3 attempts calls redis.Client.Incr`
			return goretry.RetryableError(err)
		}
		return nil
	})
}

// A k8s condition that reports "not done" on failure is retried.
func notDone(ctx context.Context, c *rest.RESTClient) error {
	return wait.ExponentialBackoff(wait.Backoff{Steps: 3, Duration: time.Second}, func() (bool, error) {
		if _, err := c.Get().Resource("pods").DoRaw(ctx); err != nil { // want `retry call of up to 3 attempts calls rest.Request.DoRaw`
			return false, nil
		}
		return true, nil
	})
}

// The error is dropped, and the loop goes on as after a success: the call
// runs again on the next attempt.
func dropsAndGoesOn(ctx context.Context, c *s3.Client, in *s3.PutObjectInput) error {
	for i := 0; i < 3; i++ {
		_, _ = c.PutObject(ctx, in) // want `retry loop of up to 3 attempts calls s3.Client.PutObject`
		if err := ping(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// The same with the call alone as a statement, in a runner's operation.
func dropsInOperation(ctx context.Context, rdb *redis.Client) error {
	return backoff.Retry(func() error {
		rdb.Del(ctx, "lock") // want `retry call of up to 11 attempts calls redis.Client.Del`
		return ping(ctx)
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 10))
}

// --- the failed call does not run again: quiet ---

// A clean-up loop (rclone's pcloud upload): it looks the half-written
// object up until it can (reported), then writes once, drops the error and
// leaves the loop, so a failed write is never tried again.
func cleanUp(ctx context.Context, c *s3.Client, in *s3.GetObjectInput, put *s3.PutObjectInput) {
	for i := 0; i < 5; i++ {
		_, err := c.GetObject(ctx, in) // want `retry loop of up to 5 attempts calls s3.Client.GetObject`
		if err == nil {
			_, _ = c.PutObject(ctx, put)
			break
		}
		time.Sleep(time.Second)
	}
}

// The same in a runner's operation, whose every path after the dropped
// error reports success.
func dropsThenSucceeds(ctx context.Context, rdb *redis.Client) error {
	return backoff.Retry(func() error {
		rdb.Del(ctx, "lock")
		return nil
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 10))
}

// The loop retries the decoding; the SDK's failure returns at once.
func decodeOnly(ctx context.Context, c *s3.Client, in *s3.GetObjectInput) error {
	for i := 0; i < 3; i++ {
		out, err := c.GetObject(ctx, in)
		if err != nil {
			return err
		}
		if err := decode(out); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// The same, with the error tested in place.
func inPlace(ctx context.Context, rdb *redis.Client) error {
	for i := 0; i < 3; i++ {
		if rdb.Set(ctx, "k", "v", 0).Err() != nil {
			break
		}
		if err := ping(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// ping reaches the server.
func ping(ctx context.Context) error {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", "cache.internal:6379")
	if err == nil {
		conn.Close()
	}
	return err
}

// Eventual consistency: only NoSuchKey, which S3 answers with a 404 that the
// SDK never retries, goes around.
func waitForKey(ctx context.Context, c *s3.Client, in *s3.GetObjectInput) error {
	for i := 0; i < 5; i++ {
		out, err := c.GetObject(ctx, in)
		if err == nil {
			return decode(out)
		}
		var nsk *types.NoSuchKey
		if !errors.As(err, &nsk) {
			return err
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// DynamoDB's conditional and transaction conflicts are the caller's to retry.
func conditional(ctx context.Context, db *dynamodb.Client, in *dynamodb.PutItemInput) error {
	for i := 0; i < 5; i++ {
		_, err := db.PutItem(ctx, in)
		var ccf *dtypes.ConditionalCheckFailedException
		var tce *dtypes.TransactionCanceledException
		switch {
		case err == nil:
			return nil
		case errors.As(err, &ccf), errors.As(err, &tce):
			time.Sleep(10 * time.Millisecond)
			continue
		}
		return err
	}
	return errGiveUp
}

// go-redis never retries a failed optimistic transaction, nor a missing key.
func optimistic(ctx context.Context, rdb *redis.Client) error {
	for i := 0; i < 10; i++ {
		err := rdb.Incr(ctx, "n").Err()
		if err == redis.TxFailedErr || errors.Is(err, redis.Nil) {
			continue
		}
		return err
	}
	return errGiveUp
}

// A conflict of the user's own: a sentinel no function returns in place of
// a failure, and an error type that wraps nothing.
var errStale = errors.New("stale version")

type versionError struct{ want, got int }

func (e *versionError) Error() string { return "version mismatch" }

func (s *store) save(ctx context.Context, in *s3.PutObjectInput, version int) error {
	if version < 0 {
		return errStale
	}
	if version == 0 {
		return &versionError{want: 1, got: version}
	}
	_, err := s.c.PutObject(ctx, in)
	return err
}

func (s *store) ownConflicts(ctx context.Context, in *s3.PutObjectInput) error {
	for i := 0; i < 5; i++ {
		err := s.save(ctx, in, i)
		if errors.Is(err, errStale) {
			continue
		}
		var ve *versionError
		if errors.As(err, &ve) {
			continue
		}
		return err
	}
	return errGiveUp
}

func (s *store) typeSwitch(ctx context.Context, in *s3.PutObjectInput) error {
	for i := 0; i < 5; i++ {
		err := s.save(ctx, in, i)
		if err == nil {
			return nil
		}
		switch err.(type) {
		case *versionError:
			continue
		}
		return err
	}
	return errGiveUp
}

// A permanent error stops cenkalti's runner.
func permanent(ctx context.Context, rdb *redis.Client) error {
	return backoff.Retry(func() error {
		if err := rdb.Incr(ctx, "n").Err(); err != nil {
			return backoff.Permanent(err)
		}
		return nil
	}, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 3))
}

// go-retry does not retry an error that is not marked retryable.
func unmarked(ctx context.Context, rdb *redis.Client) error {
	return goretry.Do(ctx, goretry.WithMaxRetries(2, goretry.NewConstant(time.Second)), func(ctx context.Context) error {
		return rdb.Incr(ctx, "n").Err()
	})
}

// A k8s condition's error stops the backoff.
func conditionError(ctx context.Context, c *rest.RESTClient) error {
	return wait.ExponentialBackoff(wait.Backoff{Steps: 3, Duration: time.Second}, func() (bool, error) {
		if _, err := c.Get().Resource("pods").DoRaw(ctx); err != nil {
			return false, err
		}
		return true, nil
	})
}

// RetryOnConflict retries 409 conflicts, which client-go's rest client never
// retries; so does OnError with apierrors.IsConflict.
func onConflict(ctx context.Context, c *rest.RESTClient) error {
	return k8sretry.RetryOnConflict(k8sretry.DefaultRetry, func() error {
		return c.Put().Resource("pods").Do(ctx).Error()
	})
}

func onError(ctx context.Context, c *rest.RESTClient) error {
	return k8sretry.OnError(k8sretry.DefaultBackoff, apierrors.IsConflict, func() error {
		_, err := c.Put().Resource("pods").DoRaw(ctx)
		return err
	})
}

// A loop that goes around only on a conflict, by apierrors.IsConflict.
func conflictLoop(ctx context.Context, c *rest.RESTClient) error {
	for i := 0; i < 5; i++ {
		_, err := c.Put().Resource("pods").DoRaw(ctx)
		if err == nil {
			return nil
		}
		if !apierrors.IsConflict(err) {
			return err
		}
	}
	return errGiveUp
}
