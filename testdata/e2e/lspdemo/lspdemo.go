// Package lspdemo is what the language server's tests open in an editor:
// one zerotimeout finding, whose quick fix they apply.
package lspdemo

import "net/http"

// Status returns the status code of u.
func Status(u string) (int, error) {
	resp, err := http.Get(u) // want `^http.Get uses http.DefaultClient, which has no Timeout`
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return resp.StatusCode, nil
}
