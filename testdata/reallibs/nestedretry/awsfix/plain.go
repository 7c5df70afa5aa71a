// Package awsfix holds aws-sdk-go-v2 calls in retry loops, with their fixes.
package awsfix

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"
)

var errGiveUp = errors.New("give up")

func plain(ctx context.Context, c *s3.Client, in *s3.PutObjectInput) error {
	for i := 0; i < 5; i++ {
		// The upload itself.
		_, err := c.PutObject(ctx, in) // want `retry loop of up to 5 attempts calls s3.Client.PutObject`
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

func raised(ctx context.Context, c *s3.Client, in *s3.PutObjectInput) error {
	for i := 0; i < 3; i++ {
		_, err := c.PutObject(ctx, in, func(o *s3.Options) { o.RetryMaxAttempts = 5 }) // want `which makes up to 5 attempts itself: up to 15 calls`
		if err == nil {
			return nil
		}
	}
	return errGiveUp
}

func multiline(ctx context.Context, c *s3.Client, key string) error {
	for i := 0; i < 3; i++ {
		_, err := c.GetObject( // want `calls s3.Client.GetObject`
			ctx,
			&s3.GetObjectInput{Key: &key},
		)
		if err == nil {
			return nil
		}
	}
	return errGiveUp
}
