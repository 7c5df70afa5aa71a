// Package api serves orders: an unexported handler is an entry point too.
package api

import (
	"context"
	"net/http"
	"time"

	"shop/blobs"
	"shop/orders"
	"shop/store"
)

var client = store.New("https://orders.example.com/")

// handleOrder makes 2 attempts of orders.Fetch, which makes 40 calls: 80
// calls per request.
func handleOrder(w http.ResponseWriter, r *http.Request) {
	var err error
	for i := 0; i < 2; i++ {
		if err = orders.Fetch(r.Context(), client, r.URL.Query().Get("id")); err == nil {
			w.WriteHeader(http.StatusOK)
			return
		}
		time.Sleep(time.Second)
	}
	http.Error(w, err.Error(), http.StatusBadGateway)
}

// Register registers the handler; it reaches nothing itself.
func Register(mux *http.ServeMux) { mux.HandleFunc("/order", handleOrder) }

// Checkout reaches two dependencies: the orders' HTTP API (40 calls) and S3
// (9 calls), one row each.
func Checkout(ctx context.Context, s *blobs.Saver, id string) error {
	if err := orders.Fetch(ctx, client, id); err != nil {
		return err
	}
	return s.Save(ctx, id)
}
