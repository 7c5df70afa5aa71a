// Package reconnect holds connection supervisors: loops that connect, serve
// the connection until it breaks and connect again, never leaving on
// success. One whose wait grows with a count of failures in a row, which a
// success sets back, waits between failed attempts and is reported when the
// wait is deterministic.
package reconnect

import (
	"context"
	"math/rand/v2"
	"net"
	"os"
	"time"
)

func serve(conn net.Conn) {
	buf := make([]byte, 512)
	for {
		if _, err := conn.Read(buf); err != nil {
			conn.Close()
			return
		}
	}
}

func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

func backoff(attempt int, min, max time.Duration) time.Duration {
	d := time.Duration(attempt*attempt) * min
	if d > max {
		d = max
	}
	return d
}

// Supervise is kafka-go's reader loop: the loop's own counter sets the
// wait, and a connection that works sets it back to 0.
func Supervise(ctx context.Context, addr string) {
	var d net.Dialer
	for attempt := 0; true; attempt++ {
		if attempt != 0 {
			if !sleep(ctx, backoff(attempt, 100*time.Millisecond, 10*time.Second)) { // want `retry loop waits a deterministic duration \(backoff\(attempt, 100 \* time\.Milliseco\.\.\.\)\) between attempts`
				return
			}
		}
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err != nil {
			continue
		}
		attempt = 0
		serve(conn)
	}
}

// Failures counts the failures in a variable of its own and waits in the
// failure branch.
func Failures(addr string) {
	failures := 0
	for {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			failures++
			time.Sleep(time.Duration(failures) * time.Second) // want `retry loop waits a deterministic duration \(time\.Duration\(failures\) \* time\.Second\) between attempts`
			continue
		}
		failures = 0
		serve(conn)
	}
}

// Jittered waits a random share of the same backoff: a supervisor, but its
// clients spread out.
func Jittered(addr string) {
	failures := 0
	for {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			failures++
			time.Sleep(rand.N(time.Duration(failures) * time.Second))
			continue
		}
		failures = 0
		serve(conn)
	}
}

// Pace counts its errors to log them, and waits the same interval whatever
// happens: a poller, whose wait does not grow with the count.
func Pace(addr string, interval time.Duration) {
	errs := 0
	for {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			errs++
			println("poll failed", errs)
			time.Sleep(interval)
			continue
		}
		errs = 0
		serve(conn)
		time.Sleep(interval)
	}
}

// Level waits by a level that it sets but never steps up: no count of
// failures.
func Level(addr string) {
	level := 1
	for {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			time.Sleep(time.Duration(level) * time.Second)
			continue
		}
		level = 1
		serve(conn)
	}
}

// GivesUp returns when a connect fails: it never tries a failed connect
// again, and waits only between sessions.
func GivesUp(addr string) {
	sessions := 0
	for {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			return
		}
		sessions = 0
		serve(conn)
		sessions++
		time.Sleep(time.Duration(sessions) * time.Second)
	}
}

// CountedBefore sets the count back before it connects: it counts rounds,
// not failures in a row.
func CountedBefore(addr string) {
	round := 0
	for {
		round = 0
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			round++
			time.Sleep(time.Duration(round) * time.Second)
			continue
		}
		serve(conn)
	}
}

// Halved does not set the count back to a constant after a success.
func Halved(addr string) {
	failures := 0
	for {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			failures++
			time.Sleep(time.Duration(failures) * time.Second)
			continue
		}
		failures = failures / 2
		serve(conn)
	}
}

// Reopen supervises a local file: nothing remote is tried again.
func Reopen(path string) {
	failures := 0
	for {
		f, err := os.Open(path)
		if err != nil {
			failures++
			time.Sleep(time.Duration(failures) * time.Second)
			continue
		}
		failures = 0
		f.Close()
	}
}

// Sessions may also end for good after a session: still a supervisor,
// though the loop can leave after a success.
func Sessions(ctx context.Context, addr string) {
	var d net.Dialer
	failures := 0
	for {
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err != nil {
			failures++
			time.Sleep(time.Duration(failures) * time.Second) // want `retry loop waits a deterministic duration \(time\.Duration\(failures\) \* time\.Second\) between attempts`
			continue
		}
		failures = 0
		serve(conn)
		if ctx.Err() != nil {
			return
		}
	}
}

// ViaLocal computes the wait into a local first.
func ViaLocal(addr string) {
	failures := 0
	for {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			failures++
			wait := backoff(failures, 100*time.Millisecond, 10*time.Second)
			time.Sleep(wait) // want `retry loop waits a deterministic duration \(backoff\(failures, 100 \* time\.Millisec\.\.\.\)\) between attempts`
			continue
		}
		failures = 0
		serve(conn)
	}
}

// Heartbeat backs off a random share after a failure, and paces its beats
// with a fixed interval after a success: the pace is no wait between
// failed attempts.
func Heartbeat(addr string) {
	failures := 0
	for {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			failures++
			time.Sleep(rand.N(time.Duration(failures) * time.Second))
			continue
		}
		failures = 0
		conn.Close()
		time.Sleep(30 * time.Second)
	}
}

type jobs struct{ conn net.Conn }

func (j *jobs) fetch() ([]byte, error) {
	buf := make([]byte, 64)
	n, err := j.conn.Read(buf)
	return buf[:n], err
}

// Idle backs off while the queue is empty, not after failures: its count
// grows in the branch of an empty answer.
func Idle(j *jobs) {
	empty := 0
	for {
		batch, err := j.fetch()
		if err != nil {
			println(err.Error())
			continue
		}
		if len(batch) == 0 {
			empty++
			time.Sleep(time.Duration(empty) * 100 * time.Millisecond)
			continue
		}
		empty = 0
		println(len(batch))
	}
}

// Accept serves clients: a listener's backoff after a failed Accept is no
// client reconnecting.
func Accept(ln net.Listener) {
	failures := 0
	for {
		conn, err := ln.Accept()
		if err != nil {
			failures++
			time.Sleep(min(time.Duration(failures)*5*time.Millisecond, time.Second))
			continue
		}
		failures = 0
		go serve(conn)
	}
}

func reachable(addr string) bool {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return false
	}
	conn.Close()
	return true
}

// Probe's attempt answers a bool, not an error: no failure to count.
func Probe(addr string) {
	down := 0
	for {
		if !reachable(addr) {
			down++
			time.Sleep(time.Duration(down) * time.Second)
			continue
		}
		down = 0
		time.Sleep(time.Minute)
	}
}

// Once gives up after the first failed connect; the count only sizes the
// pause before it returns, so nothing is tried again.
func Once(addr string) {
	failures := 0
	for {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			failures++
			time.Sleep(time.Duration(failures) * time.Second)
			return
		}
		failures = 0
		serve(conn)
	}
}
