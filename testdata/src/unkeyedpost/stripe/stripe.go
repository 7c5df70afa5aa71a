// Package stripe retries stripe-go calls. stripe-go keys a write request
// itself, with the params' IdempotencyKey or a key it makes on each call:
// its backend's own retries share the key, but a retry of the user's own
// around the call sends a new key on every attempt unless the params carry
// one made before it.
package stripe

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"
)

// pause is the wait between attempts, short for the package's test
// (stripe_test.go), which runs the operations as written and as fixed.
const pause = 10 * time.Millisecond

// charge retries Create with params that carry no key: each attempt is a
// new PaymentIntent to Stripe.
func charge(ctx context.Context, sc *stripe.Client, cents int64) (*stripe.PaymentIntent, error) {
	for i := 0; i < 3; i++ {
		pi, err := sc.V1PaymentIntents.Create(ctx, &stripe.PaymentIntentCreateParams{ // want `POST by stripe-go's Create is retried by a retry loop \(up to 3 attempts\) with a new Idempotency-Key on every attempt .*params.SetIdempotencyKey\(key\)`
			Amount:   stripe.Int64(cents),
			Currency: stripe.String("eur"),
		})
		if err == nil {
			return pi, nil
		}
		time.Sleep(pause)
	}
	return nil, errors.New("stripe unavailable")
}

// chargeVar builds the params once, before the loop, and sets only their
// amount: still no key, so still a new one per call.
func chargeVar(ctx context.Context, sc *stripe.Client, cents int64) error {
	params := &stripe.PaymentIntentCreateParams{Currency: stripe.String("eur")}
	params.Amount = stripe.Int64(cents)
	var err error
	for i := 0; i < 3; i++ {
		if _, err = sc.V1PaymentIntents.Create(ctx, params); err == nil { // want `POST by stripe-go's Create is retried by a retry loop`
			return nil
		}
		time.Sleep(pause)
	}
	return err
}

// chargeVarSpec declares its params with var: the same.
func chargeVarSpec(ctx context.Context, sc *stripe.Client, cents int64) error {
	var params = &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(cents)}
	var err error
	for i := 0; i < 3; i++ {
		if _, err = sc.V1PaymentIntents.Create(ctx, params); err == nil { // want `POST by stripe-go's Create is retried by a retry loop`
			return nil
		}
		time.Sleep(pause)
	}
	return err
}

// chargeNil leaves the params out: stripe-go makes empty ones, and a key.
func chargeNil(ctx context.Context, sc *stripe.Client) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = sc.V1PaymentIntents.Create(ctx, nil); err == nil { // want `POST by stripe-go's Create is retried by a retry loop`
			return nil
		}
		time.Sleep(pause)
	}
	return err
}

// chargeContext gives its params a Params literal, with a context but no
// key: the key goes into it.
func chargeContext(ctx context.Context, sc *stripe.Client, cents int64) error {
	var err error
	for i := 0; i < 3; i++ {
		_, err = sc.V1PaymentIntents.Create(ctx, &stripe.PaymentIntentCreateParams{Params: stripe.Params{Context: ctx}, Amount: stripe.Int64(cents)}) // want `POST by stripe-go's Create is retried by a retry loop`
		if err == nil {
			return nil
		}
		time.Sleep(pause)
	}
	return err
}

// chargeInside makes its params in the attempt: reported, but the fix
// would have to set the key there too, so there is none.
func chargeInside(ctx context.Context, sc *stripe.Client, cents int64) error {
	var err error
	for i := 0; i < 3; i++ {
		params := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(cents)}
		if _, err = sc.V1PaymentIntents.Create(ctx, params); err == nil { // want `POST by stripe-go's Create is retried by a retry loop`
			return nil
		}
		time.Sleep(pause)
	}
	return err
}

// chargeNewKey sets a key, but makes it in the attempt: a new one on every
// attempt, as if there were none.
func chargeNewKey(ctx context.Context, sc *stripe.Client, cents int64) error {
	var err error
	for i := 0; i < 3; i++ {
		params := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(cents)}
		params.SetIdempotencyKey(uuid.NewString()) // want `idempotency key is made anew on every attempt of this retry loop`
		if _, err = sc.V1PaymentIntents.Create(ctx, params); err == nil {
			return nil
		}
		time.Sleep(pause)
	}
	return err
}

// chargeNewKeyLiteral makes the key in the attempt's literal: the same.
func chargeNewKeyLiteral(ctx context.Context, sc *stripe.Client, cents int64) error {
	var err error
	for i := 0; i < 3; i++ {
		_, err = sc.V1PaymentIntents.Create(ctx, &stripe.PaymentIntentCreateParams{
			Params: stripe.Params{IdempotencyKey: stripe.String(uuid.NewString())}, // want `idempotency key is made anew on every attempt of this retry loop`
			Amount: stripe.Int64(cents),
		})
		if err == nil {
			return nil
		}
		time.Sleep(pause)
	}
	return err
}

// chargeNewKeyField assigns the key field in the attempt: the same.
func chargeNewKeyField(ctx context.Context, sc *stripe.Client, cents int64) error {
	var err error
	for i := 0; i < 3; i++ {
		params := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(cents)}
		params.IdempotencyKey = stripe.String(uuid.NewString()) // want `idempotency key is made anew on every attempt of this retry loop`
		if _, err = sc.V1PaymentIntents.Create(ctx, params); err == nil {
			return nil
		}
		time.Sleep(pause)
	}
	return err
}

// Quiet: a key made once before the loop and set in it; a method of that
// name on a type of the user's own.
func chargeOneKey(ctx context.Context, sc *stripe.Client, cents int64) error {
	var err error
	key := uuid.NewString()
	for i := 0; i < 3; i++ {
		params := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(cents)}
		params.SetIdempotencyKey(key)
		if _, err = sc.V1PaymentIntents.Create(ctx, params); err == nil {
			return nil
		}
		time.Sleep(pause)
	}
	var o order
	for i := 0; i < 3; i++ {
		o.SetIdempotencyKey(uuid.NewString())
		if _, err = sc.V1PaymentIntents.Retrieve(ctx, "pi_123", nil); err == nil {
			return nil
		}
		time.Sleep(pause)
	}
	return err
}

type order struct{ key string }

func (o *order) SetIdempotencyKey(key string) { o.key = key }

// Quiet: a key made once before the loop (in the literal, or set on the
// params), params from the caller, params handed to other code, a GET, and a
// Create made once.
func chargeKeyed(ctx context.Context, sc *stripe.Client, cents int64, key string, given *stripe.PaymentIntentCreateParams) {
	for i := 0; i < 3; i++ {
		_, err := sc.V1PaymentIntents.Create(ctx, &stripe.PaymentIntentCreateParams{
			Params: stripe.Params{IdempotencyKey: stripe.String(key)},
			Amount: stripe.Int64(cents),
		})
		if err == nil {
			break
		}
		time.Sleep(pause)
	}
	params := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(cents)}
	params.SetIdempotencyKey(key)
	for i := 0; i < 3; i++ {
		if _, err := sc.V1PaymentIntents.Create(ctx, params); err == nil {
			break
		}
		time.Sleep(pause)
	}
	for i := 0; i < 3; i++ {
		if _, err := sc.V1PaymentIntents.Create(ctx, given); err == nil {
			break
		}
		time.Sleep(pause)
	}
	var declared = &stripe.PaymentIntentCreateParams{Params: stripe.Params{IdempotencyKey: stripe.String(key)}}
	for i := 0; i < 3; i++ {
		if _, err := sc.V1PaymentIntents.Create(ctx, declared); err == nil {
			break
		}
		time.Sleep(pause)
	}
	handed := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(cents)}
	addKey(handed)
	for i := 0; i < 3; i++ {
		if _, err := sc.V1PaymentIntents.Create(ctx, handed); err == nil {
			break
		}
		time.Sleep(pause)
	}
	for i := 0; i < 3; i++ {
		if _, err := sc.V1PaymentIntents.Retrieve(ctx, "pi_123", nil); err == nil {
			break
		}
		time.Sleep(pause)
	}
	sc.V1PaymentIntents.Create(ctx, &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(cents)})
}

func addKey(p *stripe.PaymentIntentCreateParams) { p.SetIdempotencyKey("order-1") }
