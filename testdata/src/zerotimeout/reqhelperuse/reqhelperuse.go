// Package reqhelperuse builds requests with another package's helper, known
// by its RequestContextFact.
package reqhelperuse

import (
	"context"
	"net/http"
	"time"

	"zerotimeout/reqhelper"
)

// Bounded: the deadline reaches the request through the helper.
func Bounded(ctx context.Context, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	req, err := reqhelper.NewRequest(ctx, url, "text/plain")
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req)
}

// Unbounded: the context handed to the helper has no deadline.
func Unbounded(url string) (*http.Response, error) {
	req, err := reqhelper.NewRequest(context.Background(), url, "text/plain")
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req) // want `^http.DefaultClient has no Timeout`
}
