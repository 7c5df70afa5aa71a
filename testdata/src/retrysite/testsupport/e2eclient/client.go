// Package e2eclient is production code whose name only starts with e2e (a
// client of an end-to-end encryption service): its retry loop is a site.
package e2eclient

import (
	"net/http"
	"time"
)

// Upload sends a sealed blob.
func Upload(c *http.Client, url string) error {
	var err error
	for i := 0; i < 10; i++ { // want `retry loop, up to 10 attempts, waits sleep\(time.Millisecond\)`
		var resp *http.Response
		if resp, err = c.Post(url+"/blobs", "text/plain", nil); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(200 * time.Millisecond)
	}
	return err
}
