package s3

import (
	"context"
	"io"
)

// PutObjectInput is api_op_PutObject.go's PutObjectInput (some fields).
type PutObjectInput struct {
	Bucket *string
	Key    *string
	Body   io.Reader
}

// PutObjectOutput is api_op_PutObject.go's PutObjectOutput (some fields).
type PutObjectOutput struct {
	ETag *string
}

// PutObject is api_op_PutObject.go's PutObject.
func (c *Client) PutObject(ctx context.Context, params *PutObjectInput, optFns ...func(*Options)) (*PutObjectOutput, error) {
	return &PutObjectOutput{}, c.invoke(ctx, optFns)
}

// GetObjectInput is api_op_GetObject.go's GetObjectInput (some fields).
type GetObjectInput struct {
	Bucket *string
	Key    *string
}

// GetObjectOutput is api_op_GetObject.go's GetObjectOutput (some fields).
type GetObjectOutput struct {
	Body io.ReadCloser
	ETag *string
}

// GetObject is api_op_GetObject.go's GetObject.
func (c *Client) GetObject(ctx context.Context, params *GetObjectInput, optFns ...func(*Options)) (*GetObjectOutput, error) {
	return &GetObjectOutput{}, c.invoke(ctx, optFns)
}
