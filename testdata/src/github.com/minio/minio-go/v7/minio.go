// Package minio is a stub of github.com/minio/minio-go/v7 v7.4.1: only the API
// surface retrylint's tests use, with the real signatures.
package minio

import (
	"context"
	"io"
	"net/http"
)

// Options is api.go's Options (some fields).
type Options struct {
	Secure     bool
	Transport  http.RoundTripper
	Region     string
	MaxRetries int // attempts; only a positive value replaces the default of 10
}

// Client is api.go's Client.
type Client struct{ maxRetries int }

// New is api.go's New.
func New(endpoint string, opts *Options) (*Client, error) {
	c := &Client{maxRetries: 10}
	if opts != nil && opts.MaxRetries > 0 {
		c.maxRetries = opts.MaxRetries
	}
	return c, nil
}

// SetAppInfo is api.go's SetAppInfo.
func (c *Client) SetAppInfo(appName, appVersion string) {}

// PutObjectOptions is api-put-object.go's PutObjectOptions (no fields stubbed).
type PutObjectOptions struct{}

// UploadInfo is api-datatypes.go's UploadInfo (some fields).
type UploadInfo struct {
	Bucket string
	Key    string
	Size   int64
}

// PutObject is api-put-object.go's PutObject.
func (c *Client) PutObject(ctx context.Context, bucketName, objectName string, reader io.Reader, size int64,
	opts PutObjectOptions,
) (info UploadInfo, err error) {
	return UploadInfo{Bucket: bucketName, Key: objectName, Size: size}, ctx.Err()
}

// GetObjectOptions is api-get-options.go's GetObjectOptions (no fields stubbed).
type GetObjectOptions struct{}

// StatObjectOptions is api-get-options.go's StatObjectOptions.
type StatObjectOptions = GetObjectOptions

// ObjectInfo is api-datatypes.go's ObjectInfo (some fields).
type ObjectInfo struct {
	Key  string
	Size int64
}

// StatObject is api-stat.go's StatObject.
func (c *Client) StatObject(ctx context.Context, bucketName, objectName string, opts StatObjectOptions) (ObjectInfo, error) {
	return ObjectInfo{Key: objectName}, ctx.Err()
}
