// Package defaultcfg configures http.DefaultClient's Jar and CheckRedirect
// in init: the fixes that replace http.DefaultClient keep them.
package defaultcfg

import (
	"errors"
	"io"
	"net/http"
	"net/http/cookiejar"
)

func init() {
	jar, _ := cookiejar.New(nil)
	http.DefaultClient.Jar = jar
	http.DefaultClient.CheckRedirect = func(*http.Request, []*http.Request) error { return errors.New("no redirects") }
}

// Fetch reads the response whole: Timeout, with the Jar and CheckRedirect.
func Fetch(u string) ([]byte, error) {
	resp, err := http.Get(u) // want `^http.Get uses http.DefaultClient`
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// Download streams the body: the transport fix, with the Jar and
// CheckRedirect.
func Download(u string, w io.Writer) error {
	resp, err := http.DefaultClient.Get(u) // want `^http.DefaultClient has no Timeout`
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, err = io.Copy(w, resp.Body)
	return err
}
