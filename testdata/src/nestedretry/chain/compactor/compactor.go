// want package:`wiring\(retried nestedretry/chain/index.Client.PutFile by compactor.putFile, retried nestedretry/chain/index.Client.Size by compactor.sizeOf, retried nestedretry/chain/index.IndexSet.PutFile by compactor.putFile, retried nestedretry/chain/index.IndexSet.Size by compactor.sizeOf, retried nestedretry/chain/objstore.ObjectClient.PutObject by compactor.putFile; 0 met\)`

// Package compactor retries the index set's PutFile, as loki's
// compactor retries its DeleteFile: the retry reaches the object
// client through two interfaces, and nothing here imports a backend.
package compactor

import (
	"context"
	"time"

	"nestedretry/chain/index"
)

func putFile(ctx context.Context, set index.IndexSet, table, name string, data []byte) error {
	var err error
	for try := 0; try < 5; try++ {
		if err = set.PutFile(ctx, table, name, data); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// sizeOf retries Size, whose implementation in the index stops at its
// cache: the object client's Size is not retried, and index.Client's Size
// has no retrying implementation in the program.
func sizeOf(ctx context.Context, set index.IndexSet, table, name string) (int64, error) {
	var err error
	for try := 0; try < 5; try++ {
		var n int64
		if n, err = set.Size(ctx, table, name); err == nil {
			return n, nil
		}
		time.Sleep(time.Second)
	}
	return 0, err
}

func Run(ctx context.Context, set index.IndexSet) error { // want Run:`reaches\(compactor.sizeOf, up to 5 attempts\)`
	if _, err := sizeOf(ctx, set, "t", "f"); err != nil {
		return err
	}
	return putFile(ctx, set, "t", "f", nil)
}
