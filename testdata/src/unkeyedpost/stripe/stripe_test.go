package stripe

import (
	"context"
	"errors"
	"testing"

	"github.com/stripe/stripe-go/v82"
)

// failTwice is a stripe-go backend that fails the first two calls and
// records the IdempotencyKey of each call's params (nil: stripe-go would make
// a key for that call alone).
type failTwice struct {
	keys []*string
}

func (b *failTwice) Call(method, path, key string, params stripe.ParamsContainer, v stripe.LastResponseSetter) error {
	b.keys = append(b.keys, params.GetParams().IdempotencyKey)
	if len(b.keys) <= 2 {
		return errors.New("stripe: 503 Service Unavailable")
	}
	return nil
}

func (b *failTwice) SetMaxNetworkRetries(int64) {}

// TestOneKeyPerOperation runs each retried Create against a backend that
// fails twice, then succeeds, and checks that the three attempts carry one
// key. unkeyedpost's test runs it on stripe.go (where it fails: no key, or a
// new key per attempt) and on the fixed stripe.go.golden (where it passes).
func TestOneKeyPerOperation(t *testing.T) {
	ops := []struct {
		name string
		run  func(context.Context, *stripe.Client) error
	}{
		{"Literal", func(ctx context.Context, sc *stripe.Client) error { _, err := charge(ctx, sc, 100); return err }},
		{"Var", func(ctx context.Context, sc *stripe.Client) error { return chargeVar(ctx, sc, 100) }},
		{"VarSpec", func(ctx context.Context, sc *stripe.Client) error { return chargeVarSpec(ctx, sc, 100) }},
		{"Nil", chargeNil},
		{"Context", func(ctx context.Context, sc *stripe.Client) error { return chargeContext(ctx, sc, 100) }},
		{"NewKey", func(ctx context.Context, sc *stripe.Client) error { return chargeNewKey(ctx, sc, 100) }},
		{"NewKeyLiteral", func(ctx context.Context, sc *stripe.Client) error { return chargeNewKeyLiteral(ctx, sc, 100) }},
		{"NewKeyField", func(ctx context.Context, sc *stripe.Client) error { return chargeNewKeyField(ctx, sc, 100) }},
	}
	for _, op := range ops {
		t.Run(op.name, func(t *testing.T) {
			b := &failTwice{}
			sc := stripe.NewClient("sk_test", stripe.WithBackends(&stripe.Backends{API: b}))
			if err := op.run(context.Background(), sc); err != nil {
				t.Fatalf("%s failed: %v", op.name, err)
			}
			if len(b.keys) != 3 {
				t.Fatalf("%s made %d attempts, want 3", op.name, len(b.keys))
			}
			for i, k := range b.keys {
				switch {
				case k == nil || *k == "":
					t.Errorf("attempt %d carries no key: stripe-go makes a new one for each call", i+1)
				case *k != *b.keys[0]:
					t.Errorf("attempt %d carries key %q, attempt 1 %q: want one non-empty key on every attempt", i+1, *k, *b.keys[0])
				}
			}
		})
	}
}
