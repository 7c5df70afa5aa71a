// Package loopback holds loops that dial until a connection opens: one to a
// loopback address waits for a process on this host to listen, and retries
// no remote dependency; one to another host, or an HTTP request even to a
// loopback address (a sidecar may pass it on), is a retry.
package loopback

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"time"
)

// --- quiet: a dial of a loopback address ---

func waitForPort(addr string, timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		conn, err := net.DialTimeout("tcp", addr, 500*time.Millisecond)
		if err == nil {
			conn.Close()
			return true
		}
		time.Sleep(250 * time.Millisecond)
	}
	return false
}

// StartGateway waits, twice, for the gateway it starts on a local port.
func StartGateway(port int) bool {
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	if !waitForPort(addr, 10*time.Second) {
		return false
	}
	return waitForPort("localhost:"+strconv.Itoa(port), 30*time.Second)
}

// WaitAgent dials an IPv6 loopback port with a Dialer.
func WaitAgent(ctx context.Context, port string) error {
	var d net.Dialer
	for {
		conn, err := d.DialContext(ctx, "tcp", net.JoinHostPort("::1", port))
		if err == nil {
			return conn.Close()
		}
		time.Sleep(time.Second)
	}
}

// WaitDebugger dials a constant loopback address.
func WaitDebugger() error {
	for i := 0; i < 20; i++ {
		conn, err := net.Dial("tcp", "127.0.0.1:2345")
		if err == nil {
			return conn.Close()
		}
		time.Sleep(500 * time.Millisecond)
	}
	return fmt.Errorf("debugger did not listen")
}

// --- reported ---

// WaitFor's callers are out of sight: the address may be any host's.
func WaitFor(addr string) error {
	for {
		conn, err := net.Dial("tcp", addr)
		if err == nil {
			return conn.Close()
		}
		time.Sleep(time.Second) // want `retry loop waits a fixed 1s`
	}
}

func dialUntilUp(addr string) error {
	for {
		conn, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			return conn.Close()
		}
		time.Sleep(2 * time.Second) // want `retry loop waits a fixed 2s`
	}
}

// One of dialUntilUp's callers dials another host.
func WaitDatabase(port int) error {
	if err := dialUntilUp(fmt.Sprintf("127.0.0.1:%d", port)); err != nil {
		return err
	}
	return dialUntilUp("db.internal:5432")
}

// An HTTP request to a loopback address may go on to a shared server.
func PingSidecar(hc *http.Client) error {
	for {
		resp, err := hc.Get("http://127.0.0.1:3500/v1.0/healthz")
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second) // want `retry loop waits a fixed 1s`
	}
}

func dialSpread(addr string, wait time.Duration) error {
	for {
		conn, err := net.Dial("tcp", addr)
		if err == nil {
			return conn.Close()
		}
		time.Sleep(wait) // want `retry loop waits a deterministic duration \(wait\)`
	}
}

func target() (string, time.Duration) { return "127.0.0.1:9000", time.Second }

// A call that spreads another call's results over the parameters names no
// argument for each: the address is not known.
func WaitSpread() error { return dialSpread(target()) }
