// Package app holds the same loop as the fake, in a package that does not
// import "testing": a retry site.
package app

import (
	"net/http"
	"time"
)

func Fetch(c *http.Client, url string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)`
		var resp *http.Response
		if resp, err = c.Get(url); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}
