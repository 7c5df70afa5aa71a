// Package storage is a stub of cloud.google.com/go/storage v1.70.0: only the
// API surface retrylint's tests use, with the real signatures.
package storage

import (
	"context"

	"google.golang.org/api/option"
)

// Client is storage.go's Client.
type Client struct{ retry *retryConfig }

// NewClient is storage.go's NewClient.
func NewClient(ctx context.Context, opts ...option.ClientOption) (*Client, error) {
	return &Client{}, ctx.Err()
}

// Bucket is bucket.go's (*Client).Bucket.
func (c *Client) Bucket(name string) *BucketHandle { return &BucketHandle{name: name, retry: c.retry} }

// SetRetry is storage.go's (*Client).SetRetry.
func (c *Client) SetRetry(opts ...RetryOption) {
	c.retry = &retryConfig{}
	for _, o := range opts {
		o.apply(c.retry)
	}
}

// BucketHandle is bucket.go's BucketHandle.
type BucketHandle struct {
	name  string
	retry *retryConfig
}

// BucketAttrs is bucket.go's BucketAttrs (some fields).
type BucketAttrs struct {
	Name string
}

// Object is bucket.go's Object.
func (b *BucketHandle) Object(name string) *ObjectHandle {
	return &ObjectHandle{bucket: b.name, object: name, retry: b.retry}
}

// Attrs is bucket.go's (*BucketHandle).Attrs.
func (b *BucketHandle) Attrs(ctx context.Context) (attrs *BucketAttrs, err error) {
	return &BucketAttrs{Name: b.name}, ctx.Err()
}

// Retryer is storage.go's (*BucketHandle).Retryer.
func (b *BucketHandle) Retryer(opts ...RetryOption) *BucketHandle { return b }

// ObjectHandle is storage.go's ObjectHandle.
type ObjectHandle struct {
	bucket, object string
	retry          *retryConfig
}

// ObjectAttrs is storage.go's ObjectAttrs (some fields).
type ObjectAttrs struct {
	Name string
	Size int64
}

// Attrs is storage.go's (*ObjectHandle).Attrs.
func (o *ObjectHandle) Attrs(ctx context.Context) (attrs *ObjectAttrs, err error) {
	return &ObjectAttrs{Name: o.object}, ctx.Err()
}

// Delete is storage.go's (*ObjectHandle).Delete.
func (o *ObjectHandle) Delete(ctx context.Context) (err error) { return ctx.Err() }

// Retryer is storage.go's (*ObjectHandle).Retryer.
func (o *ObjectHandle) Retryer(opts ...RetryOption) *ObjectHandle { return o }

// ReaderOption is reader.go's ReaderOption.
type ReaderOption interface {
	apply(*newRangeReaderParams)
}

type newRangeReaderParams struct{}

// Reader is reader.go's Reader.
type Reader struct{}

// Read is reader.go's (*Reader).Read.
func (r *Reader) Read(p []byte) (int, error) { return 0, nil }

// Close is reader.go's (*Reader).Close.
func (r *Reader) Close() error { return nil }

// NewReader is reader.go's (*ObjectHandle).NewReader.
func (o *ObjectHandle) NewReader(ctx context.Context, opts ...ReaderOption) (*Reader, error) {
	return &Reader{}, ctx.Err()
}

// NewRangeReader is reader.go's (*ObjectHandle).NewRangeReader.
func (o *ObjectHandle) NewRangeReader(ctx context.Context, offset, length int64, opts ...ReaderOption) (r *Reader, err error) {
	return &Reader{}, ctx.Err()
}

type retryConfig struct {
	policy      RetryPolicy
	maxAttempts *int
}

// RetryOption is storage.go's RetryOption.
type RetryOption interface {
	apply(config *retryConfig)
}

type withMaxAttempts struct{ maxAttempts int }

func (w *withMaxAttempts) apply(c *retryConfig) { c.maxAttempts = &w.maxAttempts }

// WithMaxAttempts is storage.go's WithMaxAttempts.
func WithMaxAttempts(maxAttempts int) RetryOption { return &withMaxAttempts{maxAttempts: maxAttempts} }

// RetryPolicy is storage.go's RetryPolicy.
type RetryPolicy int

const (
	// RetryIdempotent retries idempotent operations only (the default).
	RetryIdempotent RetryPolicy = iota
	// RetryAlways retries every operation.
	RetryAlways
	// RetryNever never retries.
	RetryNever
)

type withPolicy struct{ policy RetryPolicy }

func (w *withPolicy) apply(c *retryConfig) { c.policy = w.policy }

// WithPolicy is storage.go's WithPolicy.
func WithPolicy(policy RetryPolicy) RetryOption { return &withPolicy{policy: policy} }
