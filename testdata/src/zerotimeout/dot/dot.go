// Package dot imports net/http with a dot.
package dot

import (
	. "net/http"
	"time"
)

var _ = time.Second

func dotted(u string) {
	Get(u)                // want `^http.Get uses http.DefaultClient`
	DefaultClient.Head(u) // want `^http.DefaultClient has no Timeout`
	(&Client{}).Head(u)   // want `^http.Client has no Timeout`
}
