// Package reach holds loops shaped like retries: those whose attempt can
// reach another process are retry sites; those that re-run local work (a
// lexer, an interrupted system call, a lock file, a memory pool, an
// in-memory check) are not, and are not pollers either.
package reach

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"
	"unicode"
	"unsafe"

	"retrysite/reach/store"
)

var (
	errSkip   = errors.New("skip")
	errLocked = errors.New("locked")
	errBusy   = errors.New("busy")
)

// --- retry sites: the attempt reaches another process ---

// A command run again until it succeeds: the subprocess is another process.
func rerunMigration(ctx context.Context) error {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)`
		if err := exec.CommandContext(ctx, "migrate", "up").Run(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errBusy
}

func get(c *http.Client, url string) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)`
		resp, err := c.Get(url)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errBusy
}

// Through another package's function, known by its fact.
func setting(ctx context.Context, s *store.Store) (string, error) {
	for i := 0; i < 4; i++ { // want `retry loop, up to 4 attempts, waits sleep\(time.Millisecond\)`
		v, err := s.Setting(ctx, "region")
		if err == nil {
			return v, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return "", errBusy
}

// Through a helper of this package that dials.
type prober struct{ addr string }

func (p *prober) probe(ctx context.Context) error { return store.Ping(ctx, p.addr) }

func (p *prober) waitUp(ctx context.Context) error {
	for { // want `retry loop, unbounded attempts, waits after\(time.Second\)`
		if err := p.probe(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// A connection of the standard library: net.Conn reaches.
func writeAll(c net.Conn, msg []byte) error {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, no wait`
		if _, err := c.Write(msg); err == nil {
			return nil
		}
	}
	return errBusy
}

// An interface of the user's own: its implementations are out of sight.
type Notifier interface {
	Notify(ctx context.Context, msg string) error
}

func notify(ctx context.Context, n Notifier) error {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)`
		if err := n.Notify(ctx, "deployed"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errBusy
}

// A runner's operation is a function value: it may reach.
func retry(op func() error) error {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, no wait`
		if err := op(); err == nil {
			return nil
		}
	}
	return errBusy
}

// A function handed to a function of another package that calls it: the
// literal dials.
func viaCallback(c *store.Cache) error {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)`
		err := c.With(func(m map[string]string) error {
			return store.Ping(context.Background(), m["peer"])
		})
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errBusy
}

// A function-typed field whose values the package sets: a method that
// sends.
type pacer struct {
	invoke func(ctx context.Context) error
}

type uploader struct {
	c   *http.Client
	url string
}

func (u *uploader) send(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, u.url, nil)
	if err != nil {
		return err
	}
	resp, err := u.c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func newUploadPacer(u *uploader) *pacer { return &pacer{invoke: u.send} }

func (p *pacer) run(ctx context.Context) error {
	for i := 0; i < 5; i++ { // want `retry loop, up to 5 attempts, waits sleep\(time.Second\)`
		if err := p.invoke(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errBusy
}

// --- not retry sites: the attempt stays in this process ---

// A lexer that skips comments: errSkip sends it around, but nothing is
// retried.
type lexer struct {
	src []rune
	pos int
}

func (l *lexer) next() (string, error) {
	start := l.pos
	for l.pos < len(l.src) && unicode.IsLetter(l.src[l.pos]) {
		l.pos++
	}
	if l.pos == start {
		if l.pos < len(l.src) && l.src[l.pos] == '#' {
			l.pos = len(l.src)
			return "", errSkip
		}
		return "", io.EOF
	}
	return string(l.src[start:l.pos]), nil
}

func (l *lexer) word() (string, error) {
	for {
		w, err := l.next()
		if err == nil {
			return w, nil
		}
		if errors.Is(err, errSkip) {
			continue
		}
		return "", err
	}
}

// A regular expression's literal prefix, tried on up to limit children
// (regexp2's prefix analysis); the comparison measures machine words with
// unsafe.Sizeof, a builtin like len, not a function value.
func commonPrefixLen(a, b string) int {
	const wordsize = int(unsafe.Sizeof(uint(0)))
	n := 0
	for n+wordsize <= len(a) && n+wordsize <= len(b) && a[n:n+wordsize] == b[n:n+wordsize] {
		n += wordsize
	}
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

func tryFindPrefix(prefix *string, s string) bool {
	*prefix = (*prefix)[:commonPrefixLen(*prefix, s)]
	return *prefix != ""
}

func findPrefix(prefix *string, children []string, limit int) bool {
	for i := 0; i < limit; i++ {
		if tryFindPrefix(prefix, children[0]) {
			return false
		}
	}
	return true
}

// A system call interrupted by a signal is made again.
func readFD(fd int, buf []byte) (int, error) {
	for {
		n, err := syscall.Read(fd, buf)
		if err == syscall.EINTR {
			continue
		}
		return n, err
	}
}

// A lock file: another process of the same program holds it.
func lock(path string) (*os.File, error) {
	for i := 0; i < 50; i++ {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if err == nil {
			return f, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return nil, errLocked
}

// A lock file whose holder is asked, by signal 0, whether it still lives
// (cloudflared's token lock): the kernel answers, and the holder takes no
// part; a dead holder's lock is taken over.
func lockOrReclaim(path string, holder int) (*os.File, error) {
	for i := 0; i < 50; i++ {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if err == nil {
			return f, nil
		}
		if p, err := os.FindProcess(holder); err == nil && p.Signal(syscall.Signal(0)) != nil {
			os.Remove(path)
			continue
		}
		if syscall.Kill(holder, 0) != nil {
			os.Remove(path)
			continue
		}
		time.Sleep(2 * time.Second)
	}
	return nil, errLocked
}

// A pool of buffers: wait until one is returned.
type pool struct {
	mu    sync.Mutex
	free  [][]byte
	freed chan struct{}
}

func (p *pool) take() ([]byte, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.free) == 0 {
		return nil, errBusy
	}
	b := p.free[len(p.free)-1]
	p.free = p.free[:len(p.free)-1]
	return b, nil
}

func (p *pool) get(ctx context.Context) ([]byte, error) {
	for {
		b, err := p.take()
		if err == nil {
			return b, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-p.freed:
		}
	}
}

// An in-memory cache filled by another goroutine, through another
// package's function that has no fact.
func cached(c *store.Cache, key string) string {
	for i := 0; i < 10; i++ {
		if v, err := c.Get(key); err == nil {
			return v
		}
		time.Sleep(10 * time.Millisecond)
	}
	return ""
}

// A callback that only touches memory, handed to a function that calls it.
func viaLocalCallback(c *store.Cache) error {
	for i := 0; i < 3; i++ {
		err := c.With(func(m map[string]string) error {
			if m["ready"] == "" {
				return errBusy
			}
			return nil
		})
		if err == nil {
			return nil
		}
		time.Sleep(time.Millisecond)
	}
	return errBusy
}

// A function-typed field set only to a local check.
type gate struct {
	open  bool
	check func() error
}

func newGate() *gate {
	g := &gate{}
	g.check = g.isOpen
	return g
}

func (g *gate) isOpen() error {
	if !g.open {
		return errBusy
	}
	return nil
}

func (g *gate) wait() error {
	for i := 0; i < 20; i++ {
		if err := g.check(); err == nil {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return errBusy
}

// Recursion through a function literal: visit hands the runner retry a
// literal that calls visit back, and visit reaches (it fetches url).
type crawler struct{ hc *http.Client }

// visit fetches the page below url first, then url itself.
func (c *crawler) visit(url string, depth int) error {
	if depth > 0 {
		if err := retry(func() error { return c.visit(url+"/next", depth-1) }); err != nil { // want `retry call, up to 3 attempts, no wait, runner retry`
			return err
		}
	}
	resp, err := c.hc.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
