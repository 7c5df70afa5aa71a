// Package stripenoretry sets a backend's MaxNetworkRetries: which backend a
// RawRequest goes through is not followed, so none is reported.
package stripenoretry

import (
	"net/http"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/rawrequest"
)

func init() {
	stripe.SetBackend(stripe.APIBackend, stripe.GetBackendWithConfig(stripe.APIBackend,
		&stripe.BackendConfig{MaxNetworkRetries: stripe.Int64(0)}))
}

func createSession() error {
	b, err := stripe.GetRawRequestBackend(stripe.APIBackend)
	if err != nil {
		return err
	}
	rc := rawrequest.Client{B: b, Key: "sk_test"}
	_, err = rc.RawRequest(http.MethodPost, "/v2/billing/meter_event_session", "", nil)
	return err
}
