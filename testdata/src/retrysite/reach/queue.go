package reach

import (
	"context"
	"time"

	"retrysite/reach/store"
)

// --- loops that drain a queue: each item once, no retry ---

// A blocked sender hands over its value when its callback says it still
// can (temporal's workflow channel): the loop goes through the senders,
// taking each off the queue before it asks.
type sender struct {
	value any
	fn    func() bool
}

type channel struct {
	blockedSends []*sender
}

func (c *channel) receive() (any, bool) {
	for len(c.blockedSends) > 0 {
		b := c.blockedSends[0]
		c.blockedSends[0] = nil
		c.blockedSends = c.blockedSends[1:]
		if b.fn() {
			return b.value, true
		}
	}
	return nil, false
}

// Failing over across peers, each tried once: the peer is the argument. It
// paces itself, so it is a periodic loop, which nojitter reports only when
// asked to.
func firstPeer(ctx context.Context, peers []string) error {
	for len(peers) > 0 { // want `periodic loop, waits sleep\(time.Second\)`
		p := peers[0]
		peers = peers[1:]
		if err := store.Ping(ctx, p); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errBusy
}

// --- the head of the queue retried until it goes through: sites ---

// The head is dropped only once it was sent, in the branch that leaves.
type outbox struct{ pending []string }

func (o *outbox) sendHead(ctx context.Context) error {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)`
		head := o.pending[0]
		if err := store.Ping(ctx, head); err == nil {
			o.pending = o.pending[1:]
			return nil
		}
		time.Sleep(time.Second)
	}
	return errBusy
}

// The slice is never shortened: the same peer each time.
func primary(ctx context.Context, peers []string) error {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)`
		p := peers[0]
		if err := store.Ping(ctx, p); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errBusy
}

// --- a worker that handles each request it receives: no retry ---

type request struct{ key string }

// handle answers whether the worker should stop.
func (r *request) handle(ctx context.Context) bool {
	return store.Ping(ctx, r.key) != nil
}

// serve takes each request off the channel and handles it (rclone's kv
// database loop); the idle timer closes the database, it does not try again.
func serve(ctx context.Context, queue chan *request, idle *time.Timer) {
	var req *request
	quit := false
	for !quit { // want `periodic loop, waits timer\(time.Minute\)`
		select {
		case req = <-queue:
			if quit = req.handle(ctx); !quit {
				idle.Reset(time.Minute)
			}
		case <-idle.C:
			return
		}
	}
}

// --- a poll of a remote answer that ends when the call fails: no retry ---

// waitShown re-reads the listing until the uploaded name shows (rclone's
// internet archive backend); a failed read ends the wait. It paces itself:
// a periodic loop.
func waitShown(ctx context.Context, s *store.Store, name string) error {
	for { // want `periodic loop, waits sleep\(time.Second\)`
		listing, err := s.Setting(ctx, "listing")
		if err != nil {
			return err
		}
		if hasName(listing, name) {
			return nil
		}
		time.Sleep(10 * time.Second)
	}
}

func hasName(listing, name string) bool { return listing == name }

// The same loop that goes round after a failed read too retries the read.
func waitShownRetrying(ctx context.Context, s *store.Store, name string) error {
	for { // want `retry loop, unbounded attempts, waits sleep\(time.Second\) sleep\(time.Second\)`
		listing, err := s.Setting(ctx, "listing")
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if hasName(listing, name) {
			return nil
		}
		time.Sleep(10 * time.Second)
	}
}

// --- an event loop: each response it receives handled once, no retry ---

type batcher struct {
	responses chan string
	pending   []string
	out       chan []string
}

func (b *batcher) hasRoom() bool { return len(b.pending) < 10 }

// waitForSpace flushes until the batch has room (sarama's producer): it
// handles each response that arrives, which reaches the store. Its tests of
// the batch are local, and nothing is tried again.
func (b *batcher) waitForSpace(ctx context.Context) {
	for {
		if b.hasRoom() {
			return
		}
		select {
		case key := <-b.responses:
			_ = store.Ping(ctx, key)
		case b.out <- b.pending:
			b.pending = nil
		}
	}
}

// The same loop that pings one peer each round, whatever arrives, goes
// round a remote call until its local test passes.
func (b *batcher) waitPinging(ctx context.Context, peer string) {
	for { // want `retry loop, unbounded attempts, no wait`
		if b.hasRoom() {
			return
		}
		_ = store.Ping(ctx, peer)
		select {
		case <-b.responses:
		case b.out <- b.pending:
			b.pending = nil
		}
	}
}

// A select that does not wait (it has a default) may update the peer: the
// loop pings it each round until its local test passes.
func (b *batcher) waitPingingLatest(ctx context.Context, peers chan string) {
	peer := "primary:7000"
	for { // want `retry loop, unbounded attempts, waits sleep\(time.Second\)`
		if b.hasRoom() {
			return
		}
		select {
		case peer = <-peers:
		default:
		}
		_ = store.Ping(ctx, peer)
		time.Sleep(time.Second)
	}
}

// A peer borrowed from a pool and handed back is no item of work.
func (b *batcher) waitPingingPooled(ctx context.Context, pool chan string) {
	for { // want `retry loop, unbounded attempts, waits sleep\(time.Second\)`
		if b.hasRoom() {
			return
		}
		select {
		case peer := <-pool:
			_ = store.Ping(ctx, peer)
			pool <- peer
		case <-ctx.Done():
			return
		}
		time.Sleep(time.Second)
	}
}
