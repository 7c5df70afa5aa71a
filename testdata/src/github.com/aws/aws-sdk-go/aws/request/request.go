// Package request is a stub of github.com/aws/aws-sdk-go/aws/request v1.55.8.
package request

import (
	"time"

	"github.com/aws/aws-sdk-go/aws"
)

// Handlers is handlers.go's Handlers (no fields stubbed).
type Handlers struct{}

// Request is request.go's Request (some fields).
type Request struct {
	Config   aws.Config
	Handlers Handlers
	Retryer
}

// Option is request.go's Option.
type Option func(*Request)

// Retryer is retryer.go's Retryer.
type Retryer interface {
	RetryRules(*Request) time.Duration
	ShouldRetry(*Request) bool
	MaxRetries() int
}

// WithRetryer is retryer.go's WithRetryer.
func WithRetryer(cfg *aws.Config, retryer Retryer) *aws.Config {
	cfg.Retryer = retryer
	return cfg
}
