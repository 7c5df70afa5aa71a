// want package:`wiring\(retried .*; 0 met\)`

// Command cmd links the compactor and the S3 store, as cmd/loki does: the
// compactor's retry of PutFile reaches minio-go's own retries through
// the index set, its client and the object client.
package main

import (
	"context"

	"nestedretry/chain/compactor"
	"nestedretry/chain/index"
	"nestedretry/chain/s3store" // want `retry loop of up to 5 attempts in compactor.putFile \(at nestedretry/chain/compactor/compactor.go:18\) retries objstore.ObjectClient.PutObject \(through index.IndexSet.PutFile\), and in this program that can be \(\*s3store.Store\).PutObject \(at nestedretry/chain/s3store/s3store.go:25\), which calls minio.Client.PutObject, which makes up to 10 attempts \(the library default\): up to 50 calls in all; let one layer own the retries`
)

func main() {
	set := index.NewIndexSet(index.NewClient(s3store.New(nil, "b")))
	_ = compactor.Run(context.Background(), set)
}
