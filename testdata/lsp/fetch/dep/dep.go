// Package dep fetches through the default client, which the test analyzer
// records as a fact.
package dep

import "net/http"

// Fetch gets u with the default client.
func Fetch(u string) error {
	resp, err := http.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
