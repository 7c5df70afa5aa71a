package openretrier

import (
	"net/http"
	"strings"
	"testing"
)

// A test hands Relay a POST: a test's findings are dropped, and the loop is
// still reported in the package's own file.
func TestRelay(t *testing.T) {
	req, err := http.NewRequest(http.MethodPost, "http://127.0.0.1:1/orders", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	r := &Retrying{hc: http.DefaultClient}
	if resp, err := r.Relay(req); err == nil {
		resp.Body.Close()
	}
}
