// Package objstore declares the object client interface that storage
// backends implement in packages of their own, as loki's
// pkg/storage/chunk/client declares ObjectClient, and a wrapper of it in
// the same package that forwards to the client it wraps.
package objstore

import (
	"context"
	"errors"
)

type ObjectClient interface {
	PutObject(ctx context.Context, key string, data []byte) error
	Size(ctx context.Context, key string) (int64, error)
	Close() error
}

// Prefixed prefixes every key and forwards to the client it wraps.
type Prefixed struct {
	downstream ObjectClient
	prefix     string
}

func NewPrefixed(c ObjectClient, prefix string) Prefixed {
	return Prefixed{downstream: c, prefix: prefix}
}

func (p Prefixed) PutObject(ctx context.Context, key string, data []byte) error { // want PutObject:`forwards\(nestedretry/chain/objstore.ObjectClient.PutObject\)`
	return p.downstream.PutObject(ctx, p.prefix+key, data)
}

// Size hands back no failure of the client: forwards nothing.
func (p Prefixed) Size(ctx context.Context, key string) (int64, error) {
	n, err := p.downstream.Size(ctx, p.prefix+key)
	if err != nil {
		return 0, nil
	}
	return n, nil
}

// Touch looks objects up and drops the lookups' failures: its own error is
// a local one, so it forwards nothing.
func (p Prefixed) Touch(ctx context.Context, key string) error {
	_, _ = p.downstream.Size(ctx, p.prefix+key)
	p.downstream.Size(ctx, p.prefix+key+".meta")
	if key == "" {
		return errors.New("no key")
	}
	return nil
}

// PutObjects puts each object from a goroutine of its own and hands back
// the last failure it receives, as loki's client.PutChunks does.
func (p Prefixed) PutObjects(ctx context.Context, keys []string, data [][]byte) error { // want PutObjects:`forwards\(nestedretry/chain/objstore.ObjectClient.PutObject\)`
	errs := make(chan error)
	for i := range keys {
		go func(i int) {
			errs <- p.downstream.PutObject(ctx, p.prefix+keys[i], data[i])
		}(i)
	}
	var last error
	for range keys {
		if err := <-errs; err != nil {
			last = err
		}
	}
	return last
}

// PutEach fans out likewise but drops what it receives: its own error is
// a local one, so it forwards nothing.
func (p Prefixed) PutEach(ctx context.Context, keys []string, data [][]byte) error {
	errs := make(chan error, len(keys))
	for i := range keys {
		go func(i int) {
			errs <- p.downstream.PutObject(ctx, p.prefix+keys[i], data[i])
		}(i)
	}
	for range keys {
		<-errs
	}
	if len(keys) == 0 {
		return errors.New("no keys")
	}
	return nil
}

// Close takes no context: not an operation on another process's behalf.
func (p Prefixed) Close() error { return p.downstream.Close() }
