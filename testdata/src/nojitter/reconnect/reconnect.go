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
