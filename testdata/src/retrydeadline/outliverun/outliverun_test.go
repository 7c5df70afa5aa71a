package outliverun

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestPollEndsWithContext: with its context cancelled during the first
// hour-long wait, the fixed Poll returns the context's error after one
// attempt, at once rather than an hour later.
func TestPollEndsWithContext(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	Addr = ln.Addr().String()
	ln.Close() // every dial is refused
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := Poll(ctx)
		done <- err
	}()
	time.Sleep(10 * time.Millisecond) // let the first attempt fail and the wait begin
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Poll returned %v, want context.Canceled", err)
		}
		if Attempts != 1 {
			t.Errorf("Poll made %d attempts, want 1", Attempts)
		}
	case <-time.After(time.Minute):
		t.Fatal("Poll still waits a minute after its context was cancelled")
	}
}

// TestSuperviseEndsWithContext: with its context cancelled during the
// first hour-long wait, the fixed Supervise returns at once.
func TestSuperviseEndsWithContext(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	Addr = ln.Addr().String()
	ln.Close() // every dial is refused
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		Supervise(ctx)
		close(done)
	}()
	time.Sleep(10 * time.Millisecond) // let the first dial fail and the wait begin
	cancel()
	select {
	case <-done:
		if Supervised != 0 {
			t.Errorf("Supervise served %d sessions, want 0", Supervised)
		}
	case <-time.After(time.Minute):
		t.Fatal("Supervise still waits a minute after its context was cancelled")
	}
}

// TestSendEndsWithRequestContext: with the request's context cancelled
// during the first hour-long wait, the fixed Send returns the context's
// error after one attempt, at once rather than an hour later.
func TestSendEndsWithRequestContext(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // every dial is refused
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+addr+"/", nil)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := Send(&http.Client{Timeout: time.Second}, req)
		done <- err
	}()
	time.Sleep(100 * time.Millisecond) // let the first attempt fail and the wait begin
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Send returned %v, want context.Canceled", err)
		}
		if Sends != 1 {
			t.Errorf("Send made %d attempts, want 1", Sends)
		}
	case <-time.After(time.Minute):
		t.Fatal("Send still waits a minute after its request's context was cancelled")
	}
}

// TestRunEndsWithRequestContext: with the request's context cancelled
// during the first hour-long wait after a 503, the fixed Run returns the
// context's error after one attempt, at once rather than an hour later.
func TestRunEndsWithRequestContext(t *testing.T) {
	Runs = 0
	unavailable := func(*http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: http.StatusServiceUnavailable, Body: io.NopCloser(strings.NewReader(""))}, nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://127.0.0.1:1/", nil)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := Run(unavailable, req, 0)
		done <- err
	}()
	time.Sleep(10 * time.Millisecond) // let the first attempt fail and the wait begin
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Run returned %v, want context.Canceled", err)
		}
		if Runs != 1 {
			t.Errorf("Run made %d attempts, want 1", Runs)
		}
	case <-time.After(time.Minute):
		t.Fatal("Run still waits a minute after its request's context was cancelled")
	}
}
