package app

import (
	"net/http"
	"testing"
	"time"
)

// A test's own retry: test code.
func TestFetch(t *testing.T) {
	for i := 0; i < 3; i++ {
		resp, err := http.Get("http://127.0.0.1:1/")
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(time.Millisecond)
	}
}
