package bounded

import (
	"context"
	"net/http"

	"cloud.google.com/go/storage"
	"google.golang.org/api/option"
)

// A Google API client takes its *http.Client from option.WithHTTPClient,
// and the one it makes without that option has no Timeout: its calls are
// bounded by their contexts, since Cloud Storage streams objects of any
// size. A client made for it, here in a helper that wraps the transport as
// an instrumented client does, is quiet.
func instrumented(rt http.RoundTripper) *http.Client {
	return &http.Client{Transport: rt}
}

func Bucket(ctx context.Context) (*storage.BucketHandle, error) {
	hc := instrumented(&http.Transport{MaxIdleConnsPerHost: 100})
	opts := []option.ClientOption{option.WithHTTPClient(hc)}
	c, err := storage.NewClient(ctx, opts...)
	if err != nil {
		return nil, err
	}
	return c.Bucket("b"), nil
}

// GoogleOwnClient keeps a client apart for its own sends beside the one it
// hands the SDK: reported.
func GoogleOwnClient(ctx context.Context, u string) (*storage.Client, error) {
	own := &http.Client{} // want `^http.Client has no Timeout`
	if _, err := readAll(own.Get(u)); err != nil {
		return nil, err
	}
	return storage.NewClient(ctx, option.WithHTTPClient(&http.Client{}))
}

// BucketOver makes the client it hands the SDK around the transport its
// caller gives: no Timeout fits it whatever that transport, so neither it
// nor its callers are reported.
func BucketOver(ctx context.Context, rt http.RoundTripper) (*storage.Client, error) {
	return storage.NewClient(ctx, option.WithHTTPClient(&http.Client{Transport: rt}))
}

func bucketOverDefault(ctx context.Context) (*storage.Client, error) {
	return BucketOver(ctx, &http.Transport{})
}
