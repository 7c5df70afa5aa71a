package prod

import (
	"net/http"
	"net/http/httptest"
	"time"
)

// StartFakeLockService starts a fake of the lock service and waits for it
// to answer: it starts an httptest server, so it is test code, and its
// wait is no retry site.
func StartFakeLockService(h http.Handler) *httptest.Server {
	srv := httptest.NewServer(h)
	for i := 0; i < 10; i++ {
		if resp, err := srv.Client().Get(srv.URL); err == nil {
			resp.Body.Close()
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	return srv
}
