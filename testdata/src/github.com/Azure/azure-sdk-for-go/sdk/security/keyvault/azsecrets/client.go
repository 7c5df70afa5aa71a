// Package azsecrets is a stub of
// github.com/Azure/azure-sdk-for-go/sdk/security/keyvault/azsecrets v1.5.1
// (client.go, custom_client.go, options.go, responses.go, models.go).
package azsecrets

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
)

// Client contains the methods for the Key Vault secrets operations.
type Client struct {
	internal     *azcore.Client
	vaultBaseUrl string
}

// ClientOptions are optional parameters for NewClient.
type ClientOptions struct {
	azcore.ClientOptions
	DisableChallengeResourceVerification bool
}

// NewClient creates a client that accesses a Key Vault's secrets.
func NewClient(vaultURL string, credential azcore.TokenCredential, options *ClientOptions) (*Client, error) {
	return &Client{}, nil
}

// GetSecretOptions contains the optional parameters for the Client.GetSecret method.
type GetSecretOptions struct{}

// SetSecretOptions contains the optional parameters for the Client.SetSecret method.
type SetSecretOptions struct{}

// Secret is a secret consisting of a value, id and its attributes.
type Secret struct {
	Value *string
}

// GetSecretResponse contains the response from method Client.GetSecret.
type GetSecretResponse struct {
	Secret
}

// SetSecretResponse contains the response from method Client.SetSecret.
type SetSecretResponse struct {
	Secret
}

// SetSecretParameters - The secret set parameters.
type SetSecretParameters struct {
	Value *string
}

// GetSecret - Get a specified secret from a given key vault.
func (client *Client) GetSecret(ctx context.Context, name string, version string, options *GetSecretOptions) (GetSecretResponse, error) {
	return GetSecretResponse{}, nil
}

// SetSecret - Sets a secret in a specified key vault.
func (client *Client) SetSecret(ctx context.Context, name string, parameters SetSecretParameters, options *SetSecretOptions) (SetSecretResponse, error) {
	return SetSecretResponse{}, nil
}
