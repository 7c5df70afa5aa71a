package others

import (
	"context"
	"time"

	"github.com/stripe/stripe-go/v82"
)

func charge(ctx context.Context, sc *stripe.Client, p *stripe.PaymentIntentCreateParams) error {
	for i := 0; i < 3; i++ {
		if _, err := sc.V1PaymentIntents.Create(ctx, p); err == nil { // want `retry loop of up to 3 attempts calls stripe.Client.V1PaymentIntents.Create, which makes up to 3 attempts \(the library default\) itself: up to 9 calls in all`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

func chargeOff(ctx context.Context, p *stripe.PaymentIntentCreateParams) error {
	sc := stripe.NewClient("sk_test", stripe.WithBackends(stripe.NewBackendsWithConfig(&stripe.BackendConfig{
		MaxNetworkRetries: stripe.Int64(0),
	})))
	for i := 0; i < 3; i++ {
		if _, err := sc.V1PaymentIntents.Create(ctx, p); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

func chargeRaised(ctx context.Context, p *stripe.PaymentIntentCreateParams) error {
	sc := stripe.NewClient("sk_test", stripe.WithBackends(stripe.NewBackendsWithConfig(&stripe.BackendConfig{
		MaxNetworkRetries: stripe.Int64(5),
	})))
	for i := 0; i < 2; i++ {
		if _, err := sc.V1PaymentIntents.Create(ctx, p); err == nil { // want `makes up to 6 attempts itself: up to 12 calls`
			return nil
		}
	}
	return errGiveUp
}
