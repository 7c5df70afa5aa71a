package loops

import (
	"testing"
	"time"
)

// Tests are no fleet: their polls and retries are not reported.
func TestRetry(t *testing.T) {
	for range 3 {
		if err := op(); err == nil {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("no luck")
}
