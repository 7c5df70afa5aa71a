// Package e2e drives end-to-end tests: its directory's name says so, though
// no file of it imports "testing". Its loops are no retry sites.
package e2e

import (
	"net/http"
	"time"
)

// AddNode waits for the proxy the test started, then adds a node.
func AddNode(c *http.Client, url string) error {
	var err error
	for i := 0; i < 10; i++ {
		var resp *http.Response
		if resp, err = c.Post(url+"/nodes", "text/plain", nil); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(200 * time.Millisecond)
	}
	return err
}
