// Package google is zerotimeout's Google API case against the real
// cloud.google.com/go/storage and google.golang.org/api/option: a Google API
// client's calls are bounded by their contexts (Cloud Storage streams
// objects of any size), so a client handed to it by option.WithHTTPClient is
// not reported.
package google

import (
	"context"
	"net/http"

	"cloud.google.com/go/storage"
	"google.golang.org/api/option"
)

// Storage hands its client to the SDK.
func Storage(ctx context.Context) (*storage.Client, error) {
	return storage.NewClient(ctx, option.WithHTTPClient(&http.Client{}))
}

// Own is a client of its own beside the SDK's: reported.
func Own(u string) (*http.Response, error) {
	c := &http.Client{} // want `^http.Client has no Timeout`
	return c.Get(u)
}
