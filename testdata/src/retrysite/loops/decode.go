package loops

import (
	"encoding/json"
	"fmt"
	"time"
)

// Once the fetch has succeeded, a failure to decode its answer leaves with
// that step's own error: the fetch's success still ends the loop, so the
// loop retries the fetch.
func fetchDecoded(out *[]string) error {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)$`
		s, err := fetch()
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := json.Unmarshal([]byte(s), out); err != nil {
			return fmt.Errorf("decoding: %w", err)
		}
		return nil
	}
	return errTemporary
}

// An error the function had before the loop, tested after the fetch
// succeeded, leaves the loop with an error on that success: a success that
// does not end it, so no retry of the fetch.
func fetchRefused(refused error) error {
	for i := 0; i < 3; i++ { // want `periodic loop, waits sleep\(time.Second\)$`
		_, err := fetch()
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if refused != nil {
			return fmt.Errorf("refused: %w", refused)
		}
		return nil
	}
	return errTemporary
}

// A package's own error state, tested after the fetch succeeded, is no later
// step of the attempt, wherever it is declared: the same as refused above.
func fetchUnlessClosed() error {
	for i := 0; i < 3; i++ { // want `periodic loop, waits sleep\(time.Second\)$`
		_, err := fetch()
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if errClosed != nil {
			return fmt.Errorf("closed: %w", errClosed)
		}
		return nil
	}
	return errTemporary
}

// A watch that goes round after each success and leaves only when decoding
// fails does not poll the fetch until its answer is the one it waits for.
func watchDecoded(out *[]string) error {
	for { // want `periodic loop, waits sleep\(time.Second\) sleep\(time.Second\)$`
		s, err := fetch()
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := json.Unmarshal([]byte(s), out); err != nil {
			return fmt.Errorf("decoding: %w", err)
		}
		time.Sleep(time.Second)
	}
}

var errClosed error
