package fake

import (
	"net/http"
	"testing"
	"time"
)

// Server fronts the service under test. Every file of this package imports
// "testing": a harness package, test code throughout.
type Server struct {
	URL string
	hc  *http.Client
}

func NewServer(t testing.TB, url string) *Server {
	t.Helper()
	return &Server{URL: url, hc: &http.Client{Timeout: time.Second}}
}

// push takes no testing value, but lives in a harness package.
func (s *Server) push() (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = s.hc.Post(s.URL, "text/plain", nil); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}
