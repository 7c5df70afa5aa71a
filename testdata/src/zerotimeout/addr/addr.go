// Package addr takes the address of http.DefaultClient, dereferences it and
// takes method values: every fix must be valid Go.
package addr

import (
	"io"
	"net/http"
)

// Swap hands on the variable http.DefaultClient itself: nothing can take
// its place, so there is no fix.
func Swap(p **http.Client) {
	*p = http.DefaultClient // want `^http.DefaultClient has no Timeout`
}

// Address hands on the address of the variable.
func Address() **http.Client {
	return &http.DefaultClient // want `^http.DefaultClient has no Timeout`
}

// Deref copies the client through its address.
func Deref(u string) ([]byte, error) {
	c := *&http.DefaultClient // want `^http.DefaultClient has no Timeout`
	resp, err := c.Get(u)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// DerefParen dereferences the parenthesised address in a selector.
func DerefParen(u string) error {
	resp, err := (*(&http.DefaultClient)).Head(u) // want `^http.DefaultClient has no Timeout`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// MethodValue takes the method value of http.DefaultClient.Do.
func MethodValue(req *http.Request) (*http.Response, error) {
	do := http.DefaultClient.Do // want `^http.DefaultClient has no Timeout`
	return do(req)
}

// Copy copies the client value.
func Copy(u string) error {
	c := *http.DefaultClient // want `^http.DefaultClient has no Timeout`
	_, err := c.Head(u)
	return err
}
