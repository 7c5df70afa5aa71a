package prod

import (
	"net/http"
	"testing"
	"time"
)

// TestSetRetryDelay lets tests of other packages shorten the delay.
func TestSetRetryDelay(t testing.TB, d time.Duration) {
	old := retryDelay
	retryDelay = d
	t.Cleanup(func() { retryDelay = old })
}

// Renew extends a lease: a retry site, though its file imports "testing".
func Renew(c *http.Client, url string) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(retryDelay\)`
		var resp *http.Response
		if resp, err = c.Post(url+"/renew", "text/plain", nil); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(retryDelay)
	}
	return err
}
