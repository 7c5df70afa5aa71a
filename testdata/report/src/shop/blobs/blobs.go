// Package blobs reaches S3 through an interface: the SDK's client makes up
// to 3 attempts by default (aws-sdk-go-v2's retry.DefaultMaxAttempts).
package blobs

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

var errGiveUp = errors.New("give up")

// Store stores blobs.
type Store interface {
	Put(ctx context.Context, key string) error
}

type s3Store struct{ c *s3.Client }

func (s *s3Store) Put(ctx context.Context, key string) error {
	_, err := s.c.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String("b"), Key: aws.String(key)})
	return err
}

// Saver saves through a Store.
type Saver struct{ store Store }

// NewSaver saves to S3.
func NewSaver(c *s3.Client) *Saver { return &Saver{store: &s3Store{c: c}} }

// Save makes 3 attempts of Store.Put, whose implementation calls S3: 9.
func (s *Saver) Save(ctx context.Context, key string) error {
	for i := 0; i < 3; i++ {
		if err := s.store.Put(ctx, key); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}
