// Package policy is a stub of azcore/policy v1.24.0 (policy.go).
package policy

import (
	"context"
	"net/http"
	"time"
)

// Transporter represents an HTTP pipeline transport used to send HTTP
// requests and receive responses (exported.Transporter in the real module).
type Transporter interface {
	Do(req *http.Request) (*http.Response, error)
}

// ClientOptions contains optional settings for a client's pipeline.
type ClientOptions struct {
	APIVersion                      string
	InsecureAllowCredentialWithHTTP bool
	Retry                           RetryOptions
	// Transport sets the transport for HTTP requests.
	Transport Transporter
}

// RetryOptions configures the retry policy's behavior.
type RetryOptions struct {
	// MaxRetries: 0 means three; less than zero means one try and no retries.
	MaxRetries    int32
	TryTimeout    time.Duration
	RetryDelay    time.Duration
	MaxRetryDelay time.Duration
	StatusCodes   []int
}

// TokenRequestOptions contain specific parameter that may be used by credentials types when attempting to get a token.
type TokenRequestOptions struct {
	Scopes []string
}

// WithRetryOptions adds the specified RetryOptions to the parent context.
func WithRetryOptions(parent context.Context, options RetryOptions) context.Context {
	return parent
}
