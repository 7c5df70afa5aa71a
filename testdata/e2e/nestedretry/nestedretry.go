// Package nestedretry shows retries at several layers of one request, as
// retrylint's nestedretry analyzer reports them: the gateway retries the
// order service, which retries the inventory client, which retries the
// request. Three layers of four attempts make 64 calls for one order.
package nestedretry

import (
	"context"
	"time"

	"github.com/retrylint/retrylint/retry"

	"example.com/sample/nestedretry/inventory"
)

// Orders places orders.
type Orders struct {
	Inventory *inventory.Client
}

// Place reserves the order's items, retrying up to four attempts around a
// client that already retries.
func (o *Orders) Place(ctx context.Context, skus []string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if err = o.reserveAll(ctx, skus); err == nil { // want `retry loop of up to 4 attempts calls \(\*Orders\).reserveAll -> \(\*inventory.Client\).Reserve, which makes up to 4 attempts: up to 16 calls in all; let one layer own the retries`
			return nil
		}
		time.Sleep(retry.FullJitter(200 * time.Millisecond)) // want `retry loop waits with time\.Sleep while ctx is in scope`
	}
	return err
}

// reserveAll walks the items: a loop over items, not a retry.
func (o *Orders) reserveAll(ctx context.Context, skus []string) error {
	for _, sku := range skus {
		if err := o.Inventory.Reserve(ctx, sku); err != nil {
			return err
		}
	}
	return nil
}

// Gateway is the top layer.
type Gateway struct {
	Orders *Orders
}

// Handle retries the whole order: the third layer.
func (g *Gateway) Handle(ctx context.Context, skus []string) error {
	var err error
	for attempt := 1; attempt <= 4; attempt++ {
		if err = g.Orders.Place(ctx, skus); err == nil { // want `retry loop of up to 4 attempts calls \(\*Orders\).Place -> \(\*Orders\).reserveAll -> \(\*inventory.Client\).Reserve, which makes up to 16 attempts: up to 64 calls in all; let one layer own the retries`
			return nil
		}
		time.Sleep(retry.FullJitter(time.Second)) // want `retry loop waits with time\.Sleep while ctx is in scope`
	}
	return err
}

// Check is fine: one retry layer over a call that does not retry.
func (g *Gateway) Check(ctx context.Context, ping func(context.Context) error) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = ping(ctx); err == nil {
			return nil
		}
		time.Sleep(retry.FullJitter(time.Second)) // want `retry loop waits with time\.Sleep while ctx is in scope`
	}
	return err
}
