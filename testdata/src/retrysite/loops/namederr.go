package loops

import "time"

// result is an interface type defined over error (cloudevents'
// protocol.Result): nil when nothing failed, like an error.
type result error

func sendEvent() result { return nil }

// isACK is true for a nil result.
func isACK(r result) bool { return r == nil }

// retryUntilACK leaves on success, told by a predicate over the named
// error type.
func retryUntilACK() {
	for try := 0; try < 3; try++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)$`
		if r := sendEvent(); isACK(r) {
			return
		}
		time.Sleep(time.Second)
	}
}

// retryUntilNil compares the named result with nil itself.
func retryUntilNil() {
	for try := 0; try < 3; try++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)$`
		if r := sendEvent(); r == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// failed is a concrete error type: a nil *failed in a result is not a nil
// result, so its pointer is no error value to test.
type failed struct{}

func (*failed) Error() string { return "failed" }

func sendConcrete() *failed { return nil }

// concreteIsNoError repeats while a pointer is nil: not a result of the
// named interface, so no success exit is known: a periodic loop, not a
// retry.
func concreteIsNoError() {
	for try := 0; try < 3; try++ { // want `periodic loop, waits sleep\(time.Second\)$`
		if f := sendConcrete(); f != nil {
			return
		}
		time.Sleep(time.Second)
	}
}
