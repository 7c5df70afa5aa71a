package clientoptions

import "testing"

// A test's client does not retry: the program's still does.
func TestCreate(t *testing.T) {
	c := NewTestedClient()
	c.rc.RetryMax = 0
	_ = c.Create(nil)
}
