package stripe

import (
	"errors"
	"net/http"
	"time"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/rawrequest"
)

// createSession POSTs with nil params: stripe-go adds no key, and its
// backend retries the POST by itself.
func createSession(rc rawrequest.Client) error {
	_, err := rc.RawRequest(http.MethodPost, "/v2/billing/meter_event_session", "", nil) // want `POST by stripe-go's RawRequest with nil params is retried by stripe-go's backend \(MaxNetworkRetries 2 by default: up to 3 attempts\) without an Idempotency-Key .*pass &stripe.RawParams\{\}`
	return err
}

// The package function and a backend, the same.
func createCustomer(b stripe.RawRequestBackend, key string) error {
	if _, err := stripe.RawRequest("POST", "/v1/customers", "email=a@example.com", nil); err != nil { // want `POST by stripe-go's RawRequest with nil params`
		return err
	}
	_, err := b.RawRequest(http.MethodPost, "/v1/customers", key, "email=b@example.com", nil) // want `POST by stripe-go's RawRequest with nil params`
	return err
}

// streamEvents retries the call itself: the loop is the retrier, and a key
// the backend makes per call would not do.
func streamEvents(rc rawrequest.Client, content string) error {
	for attempt := 0; attempt < 3; attempt++ {
		_, err := rc.RawRequest(http.MethodPost, "/v2/billing/meter_event_stream", content, nil) // want `retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key .*Params.IdempotencyKey set to a key made once before the retry`
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("stripe unavailable")
}

// streamWithParams retries the call itself with params that carry no key:
// stripe-go keys each call anew.
func streamWithParams(rc rawrequest.Client, content string) error {
	for attempt := 0; attempt < 3; attempt++ {
		_, err := rc.RawRequest(http.MethodPost, "/v2/billing/meter_event_stream", content, &stripe.RawParams{}) // want `POST by stripe-go's RawRequest is retried by a retry loop \(up to 3 attempts\) with a new Idempotency-Key on every attempt`
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("stripe unavailable")
}

// Quiet: params given (stripe-go keys the request), a GET, params from the
// caller, and a method that is not a constant.
func quietRaw(rc rawrequest.Client, params *stripe.RawParams, method string) {
	rc.RawRequest(http.MethodPost, "/v2/billing/meter_event_session", "", &stripe.RawParams{})
	rc.RawRequest(http.MethodGet, "/v2/core/events", "", nil)
	rc.RawRequest(http.MethodPost, "/v2/billing/meter_event_session", "", params)
	rc.RawRequest(method, "/v2/billing/meter_event_session", "", nil)
}
