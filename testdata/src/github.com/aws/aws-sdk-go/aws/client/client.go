// Package client is a stub of github.com/aws/aws-sdk-go/aws/client v1.55.8.
package client

import (
	"time"

	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/aws/request"
)

// DefaultRetryerMaxNumRetries is default_retryer.go's DefaultRetryerMaxNumRetries.
const DefaultRetryerMaxNumRetries = 3

// ConfigProvider is client.go's ConfigProvider.
type ConfigProvider interface {
	ClientConfig(serviceName string, cfgs ...*aws.Config) Config
}

// Config is client.go's Config (some fields).
type Config struct {
	Config   *aws.Config
	Handlers request.Handlers
	Endpoint string
}

// Client is client.go's Client (some fields).
type Client struct {
	request.Retryer
	Config   aws.Config
	Handlers request.Handlers
}

// DefaultRetryer is default_retryer.go's DefaultRetryer.
type DefaultRetryer struct {
	NumMaxRetries    int
	MinRetryDelay    time.Duration
	MinThrottleDelay time.Duration
	MaxRetryDelay    time.Duration
	MaxThrottleDelay time.Duration
}

func (d DefaultRetryer) MaxRetries() int                             { return d.NumMaxRetries }
func (d DefaultRetryer) RetryRules(r *request.Request) time.Duration { return d.MinRetryDelay }
func (d DefaultRetryer) ShouldRetry(r *request.Request) bool         { return true }
func (d NoOpRetryer) MaxRetries() int                                { return 0 }
func (d NoOpRetryer) ShouldRetry(_ *request.Request) bool            { return false }
func (d NoOpRetryer) RetryRules(_ *request.Request) time.Duration    { return 0 }

// NoOpRetryer is no_op_retryer.go's NoOpRetryer.
type NoOpRetryer struct{}
