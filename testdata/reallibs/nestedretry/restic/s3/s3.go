// Package s3 reduces restic's S3 backend (internal/backend/s3/s3.go at
// a80be14): a cenkalti/backoff runner retrying a minio-go call made on a
// client held in a struct field. The same case as testdata/src/nestedretry/restic/s3,
// against the real minio-go and cenkalti/backoff.
package s3

import (
	"context"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/minio/minio-go/v7"
)

type config struct {
	Bucket string
}

type s3 struct {
	client *minio.Client
	cfg    config
}

// waitForRestore is restic's: the backoff is wrapped in WithContext by a
// second assignment, which keeps its 11 attempts, and the operation assigns
// the call's error to its named result and returns it bare.
func (be *s3) waitForRestore(ctx context.Context, filename string) error {
	for {
		var objectInfo minio.ObjectInfo

		b := backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 10)
		b = backoff.WithContext(b, ctx)
		err := backoff.Retry(
			func() (err error) {
				objectInfo, err = be.client.StatObject(ctx, be.cfg.Bucket, filename, minio.StatObjectOptions{}) // want `retry call of up to 11 attempts calls minio.Client.StatObject, which makes up to 10 attempts \(the library default\) itself: up to 110 calls in all`
				return
			},
			b,
		)
		if err != nil {
			return err
		}
		if objectInfo.Size > 0 {
			return nil
		}
	}
}

// A bare return after the failure was made permanent: the runner stops.
func (be *s3) permanent(ctx context.Context, filename string) error {
	return backoff.Retry(func() (err error) {
		_, err = be.client.StatObject(ctx, be.cfg.Bucket, filename, minio.StatObjectOptions{})
		if err != nil {
			return backoff.Permanent(err)
		}
		return
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 10))
}

// A bare return whose named error the operation never set reports success:
// the runner stops.
func (be *s3) swallowed(ctx context.Context, filename string) (size int64) {
	backoff.Retry(func() (err error) {
		info, statErr := be.client.StatObject(ctx, be.cfg.Bucket, filename, minio.StatObjectOptions{})
		if statErr != nil {
			return
		}
		size = info.Size
		return
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 10))
	return size
}

// A second value with another bound: the count is not known.
func (be *s3) twoBounds(ctx context.Context, filename string, slow bool) error {
	b := backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 10)
	if slow {
		b = backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Minute), 3)
	}
	b = backoff.WithContext(b, ctx)
	return backoff.Retry(func() error {
		_, err := be.client.StatObject(ctx, be.cfg.Bucket, filename, minio.StatObjectOptions{}) // want `retry call of an unknown number of attempts calls minio.Client.StatObject`
		return err
	}, b)
}
