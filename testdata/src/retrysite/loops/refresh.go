package loops

import (
	"net/http"
	"time"
)

// A token refresh: the request is sent again only after a 401, when the
// credentials were renewed concurrently; a transport error or any other
// failure status is returned at once. Not a retry of a failing dependency:
// a loop that waits, but no retry site.
func refreshOnUnauthorized(c *http.Client, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ { // want `^periodic loop, waits sleep\(time.Second\)$`
		resp, err = send(c, req)
		if resp == nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusUnauthorized {
			return resp, err
		}
		time.Sleep(time.Second)
	}
	return resp, err
}

// Rate limited: an error that comes with a 429 goes round, any other is
// returned. A retry of an overloaded dependency.
func retryTooManyRequests(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)`
		resp, err := send(c, req)
		if err != nil && resp != nil && resp.StatusCode == http.StatusTooManyRequests {
			time.Sleep(time.Second)
			continue
		}
		return resp, err
	}
	return nil, nil
}

// send returns the response with an error for a status of 400 or more, as
// many SDKs' callers do.
func send(c *http.Client, req *http.Request) (*http.Response, error) {
	resp, err := c.Do(req)
	if err == nil && resp.StatusCode >= 400 {
		return resp, errTemporary
	}
	return resp, err
}
