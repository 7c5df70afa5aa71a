// Package azcore is a stub of github.com/Azure/azure-sdk-for-go/sdk/azcore
// v1.24.0 (core.go): the types the generated clients are built on.
package azcore

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
)

// TokenCredential is exported.TokenCredential in the real module.
type TokenCredential interface {
	GetToken(ctx context.Context, options policy.TokenRequestOptions) (AccessToken, error)
}

// AccessToken is exported.AccessToken in the real module.
type AccessToken struct {
	Token string
}

// ClientOptions contains optional settings for a client's pipeline.
type ClientOptions = policy.ClientOptions

// Client is a basic HTTP client; its pipeline holds the retry policy.
type Client struct {
	pl any
}
