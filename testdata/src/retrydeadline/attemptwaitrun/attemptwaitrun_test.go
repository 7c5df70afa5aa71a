package attemptwaitrun

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

// TestRetriesAfterAttemptTimeout: the server answers the first request only
// after the attempt's timeout has passed, and the second at once. The fixed
// Fetch waits on its caller's context, so the first attempt's timeout does
// not end the retry: it tries again and succeeds. Before the fix the wait
// ended at once with the first attempt's context, and Fetch returned
// context.DeadlineExceeded after one attempt.
func TestRetriesAfterAttemptTimeout(t *testing.T) {
	var served atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if served.Add(1) == 1 {
			select {
			case <-r.Context().Done():
			case <-time.After(4 * AttemptTimeout):
			}
		}
		w.WriteHeader(http.StatusOK)
	}))
	defer srv.Close()
	if err := Fetch(context.Background(), srv.Client(), srv.URL); err != nil {
		t.Fatalf("Fetch returned %v after %d attempts, want success on the second", err, Attempts)
	}
	if Attempts != 2 {
		t.Errorf("Fetch made %d attempts, want 2", Attempts)
	}
}
