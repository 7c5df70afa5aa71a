// Package defaultafter sets http.DefaultClient's Timeout in the function
// that uses it: uses before the assignment have none.
package defaultafter

import (
	"net/http"
	"time"
)

// SetAfter sends, then sets the Timeout: the first call has none.
func SetAfter(u string) {
	http.Head(u) // want `^http.Head uses http.DefaultClient`
	http.DefaultClient.Timeout = 10 * time.Second
	http.Head(u)
}
