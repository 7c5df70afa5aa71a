// Package testsupport is test support outside _test.go files: it imports
// "testing", so it runs under go test -timeout, and is skipped like a
// _test.go file.
package testsupport

import (
	"io"
	"net/http"
	"testing"
)

// Get fetches u for a test.
func Get(t testing.TB, u string) []byte {
	c := &http.Client{}
	resp, err := c.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return b
}
