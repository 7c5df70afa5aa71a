package names

import (
	"net/http"
	"time"
)

// shadowed has a local named time, so the fix cannot write time.Second
// here: the diagnostic comes without one.
func shadowed(u string) int {
	time := 3
	(&http.Client{}).Head(u) // want `^http.Client has no Timeout`
	return time
}

var _ = time.Second
