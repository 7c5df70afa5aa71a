// Package rhttp holds retry loops around go-retryablehttp clients.
package rhttp

import (
	"errors"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

var errGiveUp = errors.New("give up")

func fetch(url string) (*http.Response, error) {
	c := retryablehttp.NewClient()
	for i := 0; i < 3; i++ {
		resp, err := c.Get(url) // want `retry loop of up to 3 attempts calls retryablehttp.Client.Get, which makes up to 5 attempts \(the library default\) itself: up to 15 calls in all; let one layer own the retries`
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errGiveUp
}

func raised(url string) (*http.Response, error) {
	c := retryablehttp.NewClient()
	c.RetryMax = 9
	for i := 0; i < 2; i++ {
		resp, err := c.Get(url) // want `calls retryablehttp.Client.Get, which makes up to 10 attempts itself: up to 20 calls`
		if err == nil {
			return resp, nil
		}
	}
	return nil, errGiveUp
}

// The package functions use a default client: no fix.
func pkgFunc(url string) (*http.Response, error) {
	for i := 0; i < 2; i++ {
		resp, err := retryablehttp.Get(url) // want `calls retryablehttp.Get, which makes up to 5 attempts \(the library default\) itself: up to 10 calls`
		if err == nil {
			return resp, nil
		}
	}
	return nil, errGiveUp
}

// A client from elsewhere: reported, no fix.
func given(c *retryablehttp.Client, req *retryablehttp.Request) (*http.Response, error) {
	for i := 0; i < 2; i++ {
		resp, err := c.Do(req) // want `calls retryablehttp.Client.Do`
		if err == nil {
			return resp, nil
		}
	}
	return nil, errGiveUp
}

// --- retries visibly off: not reported ---

func off(url string) (*http.Response, error) {
	c := retryablehttp.NewClient()
	c.RetryMax = 0
	for i := 0; i < 3; i++ {
		resp, err := c.Get(url)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errGiveUp
}

func literal(url string) (*http.Response, error) {
	c := &retryablehttp.Client{HTTPClient: &http.Client{Timeout: time.Second}}
	for i := 0; i < 3; i++ {
		resp, err := c.Get(url)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errGiveUp
}
