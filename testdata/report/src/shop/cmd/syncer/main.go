// Command syncer fetches one order: main is an entry point.
package main

import (
	"context"
	"log"

	"shop/orders"
	"shop/store"
)

func main() {
	c := store.New("https://orders.example.com/")
	if err := orders.Fetch(context.Background(), c, "42"); err != nil {
		log.Fatal(err)
	}
}
