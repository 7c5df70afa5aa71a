// Package testsupporton is test support, checked with -zerotimeout.tests.
package testsupporton

import (
	"io"
	"net/http"
	"testing"
)

// Get fetches u for a test.
func Get(t testing.TB, u string) []byte {
	c := &http.Client{} // want `^http.Client has no Timeout`
	resp, err := c.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return b
}
