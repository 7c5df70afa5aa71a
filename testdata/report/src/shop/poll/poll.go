// Package poll retries around a client whose retries are turned off: the
// loop is the only layer.
package poll

import (
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Status makes 3 attempts of a client that makes one: 3 calls.
func Status(url string) (*http.Response, error) {
	c := retryablehttp.NewClient()
	c.RetryMax = 0
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		if resp, err = c.Get(url); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

const healthURL = "https://status.example.com/health"

// Health makes 3 attempts of a GET of a constant URL: its host is the
// dependency.
func Health() error {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = http.Get(healthURL); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}
