// Package rawrequest is a stub of github.com/stripe/stripe-go/v82/rawrequest
// v82.5.1, with the real signatures.
package rawrequest

import (
	stripe "github.com/stripe/stripe-go/v82"
)

// Client is used to invoke raw requests against the specified backend
type Client struct {
	B   stripe.RawRequestBackend
	Key string
}

func (c Client) RawRequest(method string, path string, content string, params *stripe.RawParams) (*stripe.APIResponse, error) {
	return c.B.RawRequest(method, path, c.Key, content, params)
}
