// Package azure is zerotimeout's azcore case against the real
// github.com/Azure/azure-sdk-for-go/sdk/azcore: a client given as the
// Transport of ClientOptions whose retry policy sets a TryTimeout has every
// try of every request bounded by it, so it is not reported; without one,
// azcore sets none.
package azure

import (
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
)

var triedFactory = func() *http.Client {
	return &http.Client{Transport: &http.Transport{MaxIdleConns: 200}}
}

// Tried bounds each try.
func Tried(timeout time.Duration) *azcore.ClientOptions {
	return &azcore.ClientOptions{
		Retry:     policy.RetryOptions{MaxRetries: 3, TryTimeout: timeout},
		Transport: triedFactory(),
	}
}

var untriedFactory = func() *http.Client {
	return &http.Client{} // want `^http.Client has no Timeout`
}

// Untried leaves TryTimeout off.
func Untried() *policy.ClientOptions {
	return &policy.ClientOptions{Retry: policy.RetryOptions{MaxRetries: 3}, Transport: untriedFactory()}
}
