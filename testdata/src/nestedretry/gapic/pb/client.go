// Package pb is shaped like a generated GAPIC client (secretmanager/apiv1):
// its methods pass the caller's options to gax.Invoke after the per-method
// defaults, which this method has none of.
package pb

import (
	"context"

	gax "github.com/googleapis/gax-go/v2"
)

// Client is a GAPIC client.
type Client struct {
	CallOptions *CallOptions
}

// CallOptions holds the per-method defaults.
type CallOptions struct {
	AccessSecretVersion []gax.CallOption
}

// AccessSecretVersionRequest is a request message.
type AccessSecretVersionRequest struct{ Name string }

// AccessSecretVersionResponse is a response message.
type AccessSecretVersionResponse struct{ Payload []byte }

// AccessSecretVersion reads a secret version.
func (c *Client) AccessSecretVersion(ctx context.Context, req *AccessSecretVersionRequest, opts ...gax.CallOption) (*AccessSecretVersionResponse, error) {
	opts = append(c.CallOptions.AccessSecretVersion[0:len(c.CallOptions.AccessSecretVersion):len(c.CallOptions.AccessSecretVersion)], opts...)
	var resp *AccessSecretVersionResponse
	err := gax.Invoke(ctx, func(ctx context.Context, settings gax.CallSettings) error {
		resp = &AccessSecretVersionResponse{}
		return nil
	}, opts...)
	return resp, err
}
