// Package s3 is a stub of github.com/aws/aws-sdk-go/service/s3 v1.55.8.
package s3

import (
	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/aws/client"
	"github.com/aws/aws-sdk-go/aws/request"
)

// S3 is service.go's S3.
type S3 struct {
	*client.Client
}

// New is service.go's New.
func New(p client.ConfigProvider, cfgs ...*aws.Config) *S3 {
	c := p.ClientConfig("s3", cfgs...)
	return &S3{Client: &client.Client{Config: *c.Config}}
}

// PutObjectInput is api.go's PutObjectInput (some fields).
type PutObjectInput struct {
	Key *string
}

// PutObjectOutput is api.go's PutObjectOutput (no fields stubbed).
type PutObjectOutput struct{}

// PutObject is api.go's PutObject.
func (c *S3) PutObject(input *PutObjectInput) (*PutObjectOutput, error) {
	return c.PutObjectWithContext(aws.Context(nil), input)
}

// PutObjectWithContext is api.go's PutObjectWithContext.
func (c *S3) PutObjectWithContext(ctx aws.Context, input *PutObjectInput, opts ...request.Option) (*PutObjectOutput, error) {
	return &PutObjectOutput{}, nil
}
