// Package defaulttransport gives http.DefaultClient its own transport and
// changes http.DefaultTransport: no fix may replace either.
package defaulttransport

import (
	"io"
	"net/http"
)

func init() {
	http.DefaultClient.Transport = &http.Transport{MaxIdleConnsPerHost: 4}
	http.DefaultTransport.(*http.Transport).MaxIdleConnsPerHost = 16
}

// Fetch reads the response whole: Timeout, keeping the Transport.
func Fetch(u string) ([]byte, error) {
	resp, err := http.Get(u) // want `^http.Get uses http.DefaultClient`
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// Download streams the body: bounding it would replace the package's
// transport, so there is no fix.
func Download(u string, w io.Writer) error {
	resp, err := http.Get(u) // want `^http.Get uses http.DefaultClient`
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, err = io.Copy(w, resp.Body)
	return err
}

// Streamer sends through http.DefaultTransport, which the package changes:
// a copy of its defaults would drop the change, so there is no fix.
var Streamer = &http.Client{} // want `^http.Client has no Timeout`
