// Package harness is test support outside _test.go files: it imports
// "testing", so it is test code and nojitter leaves its waits alone.
package harness

import (
	"net/http"
	"testing"
	"time"
)

// WaitReady polls the server under test.
func WaitReady(t testing.TB, url string) {
	t.Helper()
	for i := 0; i < 100; i++ {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("server not ready")
}
