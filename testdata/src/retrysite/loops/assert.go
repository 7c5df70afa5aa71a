package loops

import (
	"fmt"
	"time"
)

type timeoutError interface{ Timeout() bool }

// retryTimeouts goes again when the error says it timed out, through a
// comma-ok assertion that is false for a nil error (libhoney's fireBatch),
// and leaves otherwise.
func retryTimeouts() error {
	var err error
	for try := 0; try < 2; try++ { // want `retry loop, up to 2 attempts, waits sleep\(time.Second\)$`
		err = op()
		if te, ok := err.(timeoutError); ok && te.Timeout() {
			time.Sleep(time.Second)
			continue
		}
		break
	}
	return err
}

// The assertion as a statement of its own.
func retryTimeoutsStmt() error {
	var err error
	for try := 0; try < 2; try++ { // want `retry loop, up to 2 attempts, waits sleep\(time.Second\)$`
		err = op()
		te, ok := err.(timeoutError)
		if ok && te.Timeout() {
			time.Sleep(time.Second)
			continue
		}
		break
	}
	return err
}

// Going again unless the error is a timeout goes again on success: no
// retry.
func untilTimeout() error {
	var err error
	for try := 0; try < 2; try++ { // want `periodic loop, waits sleep\(time.Second\)$`
		err = op()
		if _, ok := err.(timeoutError); !ok {
			time.Sleep(time.Second)
			continue
		}
		break
	}
	return err
}

// An assertion on another value says nothing of the attempt.
func assertOther(v any) error {
	var err error
	for try := 0; try < 2; try++ { // want `periodic loop, waits sleep\(time.Second\)$`
		err = op()
		if s, ok := v.(fmt.Stringer); ok && s.String() != "" {
			time.Sleep(time.Second)
			continue
		}
		break
	}
	return err
}

// An ok set again by a lookup says nothing of the attempt when it is read.
func assertThenLookup(m map[string]bool) error {
	var err error
	for try := 0; try < 3; try++ { // want `periodic loop, waits sleep\(time.Second\)$`
		err = op()
		_, ok := err.(timeoutError)
		_, ok = m["poll"]
		if ok {
			time.Sleep(time.Second)
			continue
		}
		break
	}
	return err
}
