// Package index stacks two interfaces of its own on the object client, as
// loki's indexshipper storage does: IndexSet, implemented by indexSet over
// Client, implemented by storageClient over a cached client that embeds
// objstore.ObjectClient. Nothing here retries; what its methods forward is
// carried to the packages that call them.
package index

import (
	"context"
	"errors"

	"nestedretry/chain/objstore"
)

type IndexSet interface {
	PutFile(ctx context.Context, table, name string, data []byte) error // want PutFile:`forwards\(nestedretry/chain/index.Client.PutFile, nestedretry/chain/objstore.ObjectClient.PutObject\)`
	Size(ctx context.Context, table, name string) (int64, error)        // want Size:`forwards\(nestedretry/chain/index.Client.Size\)`
}

type Client interface {
	PutFile(ctx context.Context, table, name string, data []byte) error // want PutFile:`forwards\(nestedretry/chain/objstore.ObjectClient.PutObject\)`
	Size(ctx context.Context, table, name string) (int64, error)
}

type cachedClient struct {
	objstore.ObjectClient
	sizes map[string]int64
}

type storageClient struct {
	objects *cachedClient
}

func NewClient(c objstore.ObjectClient) Client {
	return &storageClient{objects: &cachedClient{ObjectClient: objstore.NewPrefixed(c, "index/")}}
}

func (s *storageClient) PutFile(ctx context.Context, table, name string, data []byte) error { // want PutFile:`forwards\(nestedretry/chain/objstore.ObjectClient.PutObject\)`
	return s.objects.PutObject(ctx, table+"/"+name, data)
}

// Size answers from the cache: it calls no object client.
func (s *storageClient) Size(ctx context.Context, table, name string) (int64, error) {
	if n, ok := s.objects.sizes[table+"/"+name]; ok {
		return n, nil
	}
	return 0, errors.New("not cached")
}

type indexSet struct {
	client Client
}

func NewIndexSet(c Client) IndexSet { return indexSet{client: c} }

func (i indexSet) PutFile(ctx context.Context, table, name string, data []byte) error { // want PutFile:`forwards\(nestedretry/chain/index.Client.PutFile, nestedretry/chain/objstore.ObjectClient.PutObject\)`
	if name == "" {
		return errors.New("no name")
	}
	return i.client.PutFile(ctx, table, name, data)
}

func (i indexSet) Size(ctx context.Context, table, name string) (int64, error) { // want Size:`forwards\(nestedretry/chain/index.Client.Size\)`
	return i.client.Size(ctx, table, name)
}
