// Package azure holds retry loops around Azure SDK clients built on azcore,
// whose pipeline retries every operation (3 retries by default).
package azure

import (
	"context"
	"errors"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/security/keyvault/azsecrets"
)

var errGiveUp = errors.New("give up")

func get(ctx context.Context, cred azcore.TokenCredential) error {
	c, err := azsecrets.NewClient("https://v.vault.azure.net", cred, nil)
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		if _, err := c.GetSecret(ctx, "s", "", nil); err == nil { // want `retry loop of up to 3 attempts calls azsecrets.Client.GetSecret, which makes up to 4 attempts \(the library default\) itself: up to 12 calls in all; let one layer own the retries`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// A client from elsewhere has the default unless the package shows otherwise.
func set(ctx context.Context, c *azsecrets.Client) error {
	for i := 0; i < 2; i++ {
		if _, err := c.SetSecret(ctx, "s", azsecrets.SetSecretParameters{}, nil); err == nil { // want `calls azsecrets.Client.SetSecret, which makes up to 4 attempts \(the library default\) itself: up to 8 calls`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// MaxRetries: 2 makes 3 attempts, still a second layer; 0 is the default.
func raised(ctx context.Context, cred azcore.TokenCredential) error {
	c, _ := azsecrets.NewClient("u", cred, &azsecrets.ClientOptions{ClientOptions: azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: 2}}})
	d, _ := azsecrets.NewClient("u", cred, &azsecrets.ClientOptions{ClientOptions: policy.ClientOptions{Retry: policy.RetryOptions{MaxRetries: 0}}})
	for i := 0; i < 3; i++ {
		if _, err := c.GetSecret(ctx, "s", "", nil); err == nil { // want `calls azsecrets.Client.GetSecret, which makes up to 3 attempts itself: up to 9 calls`
			return nil
		}
		if _, err := d.GetSecret(ctx, "s", "", nil); err == nil { // want `calls azsecrets.Client.GetSecret, which makes up to 4 attempts \(the library default\) itself: up to 12 calls`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// MaxRetries below zero means one try: the loop is the one owner.
func off(ctx context.Context, cred azcore.TokenCredential) error {
	c, _ := azsecrets.NewClient("u", cred, &azsecrets.ClientOptions{ClientOptions: azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: -1}}})
	for i := 0; i < 3; i++ {
		if _, err := c.GetSecret(ctx, "s", "", nil); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// The same, set on an options variable, through the promoted field.
func offAssigned(ctx context.Context, cred azcore.TokenCredential) error {
	opts := &azsecrets.ClientOptions{}
	opts.Retry.MaxRetries = -1
	c, _ := azsecrets.NewClient("u", cred, opts)
	for i := 0; i < 3; i++ {
		if _, err := c.GetSecret(ctx, "s", "", nil); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// Per call: the context's RetryOptions replace the client's.
func offPerCall(ctx context.Context, c *azsecrets.Client) error {
	ctx = policy.WithRetryOptions(ctx, policy.RetryOptions{MaxRetries: -1})
	for i := 0; i < 3; i++ {
		if _, err := c.GetSecret(ctx, "s", "", nil); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// A retry count the analysis cannot read leaves the bound open: quiet.
func opaque(ctx context.Context, cred azcore.TokenCredential, n int32) error {
	c, _ := azsecrets.NewClient("u", cred, &azsecrets.ClientOptions{ClientOptions: azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: n}}})
	for i := 0; i < 3; i++ {
		if _, err := c.GetSecret(ctx, "s", "", nil); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// One call per item is not a retry.
func each(ctx context.Context, c *azsecrets.Client, names []string) error {
	for _, n := range names {
		if _, err := c.GetSecret(ctx, n, "", nil); err != nil {
			return err
		}
	}
	return nil
}
