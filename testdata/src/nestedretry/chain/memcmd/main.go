// want package:`wiring\(retried .*; 0 met\)`

// Command memcmd links the compactor with the in-memory store only: no
// implementation retries, quiet.
package main

import (
	"context"

	"nestedretry/chain/compactor"
	"nestedretry/chain/index"
	"nestedretry/chain/memstore"
)

func main() {
	set := index.NewIndexSet(index.NewClient(&memstore.Store{}))
	_ = compactor.Run(context.Background(), set)
}
