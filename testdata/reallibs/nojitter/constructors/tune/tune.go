// Package tune configures clients and backoffs where the package that made
// them cannot see.
package tune

import (
	"github.com/hashicorp/go-retryablehttp"
	retry "github.com/sethvargo/go-retry"
)

// Client may set the client's Backoff.
func Client(c *retryablehttp.Client) {}

// Backoff may wrap the backoff in a jitter.
func Backoff(b retry.Backoff) retry.Backoff { return b }
