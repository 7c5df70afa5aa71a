// Package option is a stub of google.golang.org/api/option v0.307.0: the
// option that hands a Google API client its *http.Client, with the real
// signatures (option.go).
package option

import (
	"net/http"

	"google.golang.org/api/internal"
)

// ClientOption is option.go's ClientOption.
type ClientOption interface {
	Apply(*internal.DialSettings)
}

// WithHTTPClient is option.go's WithHTTPClient.
func WithHTTPClient(client *http.Client) ClientOption {
	return withHTTPClient{client}
}

type withHTTPClient struct{ client *http.Client }

func (w withHTTPClient) Apply(o *internal.DialSettings) {
	o.HTTPClient = w.client
}
