// Package prod is production code that keeps hooks for tests beside it: it
// imports "testing" in some files only, so only the functions that take a
// testing value are test code.
package prod

import (
	"net/http"
	"time"
)

var retryDelay = time.Second

// Acquire takes a lease from the lock service.
func Acquire(c *http.Client, url string) error {
	var err error
	for i := 0; i < 5; i++ { // want `retry loop, up to 5 attempts, waits sleep\(retryDelay\)`
		var resp *http.Response
		if resp, err = c.Post(url, "text/plain", nil); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(retryDelay)
	}
	return err
}
