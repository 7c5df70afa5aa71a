// Package config is a stub of github.com/aws/aws-sdk-go-v2/config v1.33.18.
package config

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
)

// LoadOptionsFunc is load_options.go's LoadOptionsFunc.
type LoadOptionsFunc func(*LoadOptions) error

// LoadOptions is load_options.go's LoadOptions (retry fields only, plus Region).
type LoadOptions struct {
	Region           string
	RetryMaxAttempts int
	Retryer          func() aws.Retryer
}

// LoadDefaultConfig is config.go's LoadDefaultConfig.
func LoadDefaultConfig(ctx context.Context, optFns ...func(*LoadOptions) error) (cfg aws.Config, err error) {
	var o LoadOptions
	for _, fn := range optFns {
		if err := fn(&o); err != nil {
			return cfg, err
		}
	}
	return aws.Config{Region: o.Region, RetryMaxAttempts: o.RetryMaxAttempts, Retryer: o.Retryer}, nil
}

// WithRegion is load_options.go's WithRegion.
func WithRegion(v string) LoadOptionsFunc {
	return func(o *LoadOptions) error { o.Region = v; return nil }
}

// WithRetryMaxAttempts is load_options.go's WithRetryMaxAttempts.
func WithRetryMaxAttempts(v int) LoadOptionsFunc {
	return func(o *LoadOptions) error { o.RetryMaxAttempts = v; return nil }
}

// WithRetryer is load_options.go's WithRetryer.
func WithRetryer(v func() aws.Retryer) LoadOptionsFunc {
	return func(o *LoadOptions) error { o.Retryer = v; return nil }
}
