// Package fake is test support outside _test.go files: it imports
// "testing", so it is test code, and its loops are no retry sites.
package fake

import (
	"net/http"
	"testing"
	"time"
)

// WaitServing polls a test server until it answers.
func WaitServing(t testing.TB, url string) {
	t.Helper()
	for i := 0; i < 50; i++ {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s never answered", url)
}
