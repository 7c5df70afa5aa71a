// Package dot imports net/http with a dot.
package dot

import (
	. "net/http"
	"time"
)

var _ = time.Second

func dotted(u string) *Client {
	Get(u)            // want `^http.Get uses http.DefaultClient`
	_ = DefaultClient // want `^http.DefaultClient has no Timeout`
	return &Client{}  // want `^http.Client has no Timeout`
}
