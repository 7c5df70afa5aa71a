// Package others holds retry loops around minio-go, k8s client-go rest,
// resty, stripe-go, go-elasticsearch and Cloud Storage calls: the cases of
// testdata/src/nestedretry/others, against the real modules.
package others

import (
	"context"
	"errors"
	"time"

	"github.com/go-resty/resty/v2"
	"k8s.io/client-go/rest"
)

var errGiveUp = errors.New("give up")

func pods(ctx context.Context, c *rest.RESTClient) ([]byte, error) {
	for i := 0; i < 3; i++ {
		b, err := c.Get().Resource("pods").Namespace("default").DoRaw(ctx) // want `retry loop of up to 3 attempts calls rest.Request.DoRaw, which makes up to 11 attempts \(the library default\) itself: up to 33 calls in all`
		if err == nil {
			return b, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errGiveUp
}

func podsOff(ctx context.Context, c *rest.RESTClient) error {
	for i := 0; i < 3; i++ {
		if err := c.Get().Resource("pods").MaxRetries(0).Do(ctx).Error(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

func podsRaised(ctx context.Context, c *rest.RESTClient) error {
	for i := 0; i < 3; i++ {
		if err := c.Get().MaxRetries(2).Resource("pods").Do(ctx).Error(); err == nil { // want `calls rest.Request.Do, which makes up to 3 attempts itself: up to 9 calls`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// resty retries only once a retry count is set.
func restyCount(c *resty.Client) error {
	c.SetRetryCount(2)
	for i := 0; i < 3; i++ {
		if _, err := c.R().Get("https://example.com"); err == nil { // want `retry loop of up to 3 attempts calls resty.Request.Get, which makes up to 3 attempts itself: up to 9 calls in all`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

func restyChained() error {
	c := resty.New().SetRetryCount(4)
	for i := 0; i < 2; i++ {
		if _, err := c.R().SetBody("x").Put("https://example.com"); err == nil { // want `calls resty.Request.Put, which makes up to 5 attempts itself: up to 10 calls`
			return nil
		}
	}
	return errGiveUp
}

func restyDefault(c *resty.Client) error {
	for i := 0; i < 3; i++ {
		if _, err := c.R().Get("https://example.com"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}
