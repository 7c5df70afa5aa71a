// Package stripe retries stripe-go calls: not reported, since stripe-go adds
// an Idempotency-Key to its POST requests itself. The same case as
// testdata/src/unkeyedpost/stripe, against the real stripe-go.
package stripe

import (
	"context"
	"errors"
	"time"

	"github.com/stripe/stripe-go/v82"
)

func charge(ctx context.Context, sc *stripe.Client, cents int64) (*stripe.PaymentIntent, error) {
	for i := 0; i < 3; i++ {
		pi, err := sc.V1PaymentIntents.Create(ctx, &stripe.PaymentIntentCreateParams{
			Amount:   stripe.Int64(cents),
			Currency: stripe.String("eur"),
		})
		if err == nil {
			return pi, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("stripe unavailable")
}
