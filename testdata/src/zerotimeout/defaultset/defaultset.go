// Package defaultset gives http.DefaultClient a Timeout in init: its uses
// anywhere else in the package are bounded.
package defaultset

import (
	"net/http"
	"time"
)

func init() {
	http.DefaultClient.Timeout = time.Minute
}

// Status sends through http.DefaultClient, which has a Timeout.
func Status(u string) (int, error) {
	resp, err := http.Get(u)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

// Client hands http.DefaultClient on.
func Client() *http.Client { return http.DefaultClient }
