package tokenuse

import (
	"net/http/httptest"
	"testing"

	"zerotimeout/internal/tokenauth"
)

// A test's call is test code: quiet, as go test -timeout ends a hung test.
func TestClient(t *testing.T) {
	srv := httptest.NewServer(nil)
	defer srv.Close()
	resp, err := (&tokenauth.TokenTransport{Base: srv.Client().Transport}).Client().Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
}
