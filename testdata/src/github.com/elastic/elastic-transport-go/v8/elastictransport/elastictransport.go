// Package elastictransport is a stub of
// github.com/elastic/elastic-transport-go/v8/elastictransport: only the API
// surface retrylint's tests use, with the real signatures.
package elastictransport

import "net/http"

// Interface is elastictransport.go's Interface.
type Interface interface {
	Perform(*http.Request) (*http.Response, error)
}
