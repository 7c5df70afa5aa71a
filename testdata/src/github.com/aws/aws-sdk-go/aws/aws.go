// Package aws is a stub of github.com/aws/aws-sdk-go/aws v1.55.8: only the
// API surface retrylint's tests use, with the real signatures.
package aws

import "context"

// UseServiceDefaultRetries is config.go's UseServiceDefaultRetries.
const UseServiceDefaultRetries = -1

// RequestRetryer is config.go's RequestRetryer.
type RequestRetryer interface{}

// Config is config.go's Config (some fields).
type Config struct {
	Region     *string
	MaxRetries *int
	Retryer    RequestRetryer
}

// NewConfig is config.go's NewConfig.
func NewConfig() *Config { return &Config{} }

// WithRegion is config.go's WithRegion.
func (c *Config) WithRegion(region string) *Config { c.Region = &region; return c }

// WithMaxRetries is config.go's WithMaxRetries.
func (c *Config) WithMaxRetries(max int) *Config { c.MaxRetries = &max; return c }

// Context is context_1_9.go's Context.
type Context = context.Context

// String is convert_types.go's String.
func String(v string) *string { return &v }

// Int is convert_types.go's Int.
func Int(v int) *int { return &v }
