package basic

import (
	"net/http"
	"testing"
	"time"
)

// A test retries against its stub server: not reported.
func TestRetriedPost(t *testing.T) {
	for i := 0; i < 3; i++ {
		resp, err := http.Post("http://127.0.0.1:1", "text/plain", nil)
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(time.Millisecond)
	}
}
