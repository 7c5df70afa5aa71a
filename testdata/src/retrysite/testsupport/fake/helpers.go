package fake

import (
	"net/http"
	"time"
)

// Fetch is in a file without the "testing" import, but the package imports
// it: still test code.
func Fetch(c *http.Client, url string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.Get(url); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}
