// Package s3 is a stub of github.com/aws/aws-sdk-go-v2/service/s3: only the
// API surface retrylint's tests use, with the real signatures.
package s3

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
)

// Options is options.go's Options (retry fields only, plus Region).
type Options struct {
	Region           string
	RetryMaxAttempts int
	Retryer          aws.Retryer
}

// Client is api_client.go's Client.
type Client struct{ options Options }

// New is api_client.go's New.
func New(options Options, optFns ...func(*Options)) *Client {
	for _, fn := range optFns {
		fn(&options)
	}
	return &Client{options: options}
}

// NewFromConfig is api_client.go's NewFromConfig.
func NewFromConfig(cfg aws.Config, optFns ...func(*Options)) *Client {
	return New(Options{Region: cfg.Region, RetryMaxAttempts: cfg.RetryMaxAttempts}, optFns...)
}

// Options is api_client.go's (*Client).Options.
func (c *Client) Options() Options { return c.options }

func (c *Client) invoke(ctx context.Context, optFns []func(*Options)) error {
	o := c.options
	for _, fn := range optFns {
		fn(&o)
	}
	return ctx.Err()
}
