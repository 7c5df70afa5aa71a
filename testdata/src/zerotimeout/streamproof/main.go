// Command streamproof downloads a URL the way programs stream bodies, through
// http.Get or a client of its own, neither with a Timeout. The zerotimeout
// test fixes it with -zerotimeout.timeout=1s, then builds and runs the fixed
// program (main.go.golden) against local servers: a body sent over seconds
// must still arrive whole, and a server that never answers must be given up.
//
// Usage: streamproof get|client URL
package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: streamproof get|client URL")
		os.Exit(2)
	}
	download := viaGet
	if os.Args[1] == "client" {
		download = viaClient
	}
	n, err := download(os.Args[2], io.Discard)
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	fmt.Println(n)
}

// viaGet streams the body of u into w through http.Get.
func viaGet(u string, w io.Writer) (int64, error) {
	resp, err := http.Get(u) // want `^http.Get uses http.DefaultClient`
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return io.Copy(w, resp.Body)
}

// client is the program's own client, made once.
var client = &http.Client{} // want `^http.Client has no Timeout`

// viaClient streams the body of u into w through client.
func viaClient(u string, w io.Writer) (int64, error) {
	resp, err := client.Get(u)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return io.Copy(w, resp.Body)
}
