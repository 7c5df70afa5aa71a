// want package:`wiring\(implemented nestedretry/iface/store.Blobs.Put by \(\*store.s3Blobs\).Put, implemented nestedretry/iface/store.Cache.Get by \(\*store.s3Cache\).Get; 0 met\)`

// Package store reaches S3 through an interface of its own: the retry loop
// calls the interface, and the implementation the package declares for it
// retries.
package store

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

var errGiveUp = errors.New("give up")

// Blobs stores blobs.
type Blobs interface {
	Put(ctx context.Context, key string) error // want Put:`retried\(by \(\*store.Saver\).save, retry loop of up to 3 attempts\)`
}

type s3Blobs struct{ c *s3.Client }

func (b *s3Blobs) Put(ctx context.Context, key string) error { // want Put:`reaches\(s3.Client.PutObject, the library default of 3 attempts\)`
	_, err := b.c.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String("b"), Key: aws.String(key)})
	return err
}

// Saver saves through Blobs.
type Saver struct{ blobs Blobs }

// NewSaver saves to S3.
func NewSaver(c *s3.Client) *Saver { return &Saver{blobs: &s3Blobs{c: c}} }

func (s *Saver) save(ctx context.Context, key string) error {
	for i := 0; i < 3; i++ {
		if err := s.blobs.Put(ctx, key); err == nil { // want `retry loop of up to 3 attempts calls Blobs.Put -> \(\*s3Blobs\).Put -> s3.Client.PutObject, which makes up to 3 attempts \(the library default\): up to 9 calls in all; let one layer own the retries`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// Cache has two implementations here, one of which does not retry: which
// one a call reaches is not in sight, so it is quiet.
type Cache interface {
	Get(ctx context.Context, key string) error // want Get:`retried\(by store.warm, retry loop of up to 3 attempts\)`
}

type s3Cache struct{ c *s3.Client }

func (s *s3Cache) Get(ctx context.Context, key string) error { // want Get:`reaches\(s3.Client.GetObject, the library default of 3 attempts\)`
	_, err := s.c.GetObject(ctx, &s3.GetObjectInput{Key: aws.String(key)})
	return err
}

type memCache struct{ m map[string]bool }

func (m *memCache) Get(ctx context.Context, key string) error {
	if !m.m[key] {
		return errGiveUp
	}
	return nil
}

func warm(ctx context.Context, c Cache) error {
	for i := 0; i < 3; i++ {
		if err := c.Get(ctx, "k"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}
