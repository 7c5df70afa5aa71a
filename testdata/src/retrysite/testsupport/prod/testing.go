package prod

import (
	"net/http"
	"testing"
	"time"
)

// WaitLockService waits for the lock service of a test to answer: it takes
// a testing value, so it is test code.
func WaitLockService(t testing.TB, url string) {
	t.Helper()
	for i := 0; i < 100; i++ {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("lock service not up")
}
