package apis

// A RetryKnob is where a client keeps its count of retries: the field a
// literal or an assignment sets, or the method that sets it, and the count a
// client has before the code sets any. Every analyzer that asks how often a
// configured client sends a request reads the count through a knob and
// turns it into attempts with Attempts, so that the libraries' conventions
// (a count of retries, not attempts; 0 or below for none) live here once.
type RetryKnob struct {
	// Label names the library in messages.
	Label string
	// Pkg and Type name the client type (go-retryablehttp's Client).
	Pkg, Type string
	// Constructor makes a client with CtorRetries retries; a composite
	// literal of Type starts with LiteralRetries.
	Constructor                 string
	CtorRetries, LiteralRetries int
	// Field is the field holding the count; Setter the method that sets it
	// on the client, where there is one.
	Field, Setter string
	Source        string
}

// RetryMax is go-retryablehttp's: NewClient sets RetryMax to
// defaultRetryMax, 4 retries (5 attempts, POST included); a Client literal
// that leaves RetryMax out does not retry.
var RetryMax = RetryKnob{
	Label: "go-retryablehttp",
	Pkg:   RetryableHTTP, Type: "Client", Constructor: "NewClient", CtorRetries: 4, LiteralRetries: 0,
	Field:  "RetryMax",
	Source: "https://github.com/hashicorp/go-retryablehttp/blob/v0.7.8/client.go",
}

// RetryableHTTPDefaultFuncs are go-retryablehttp's package-level functions,
// which send through defaultClient = NewClient() and so retry as RetryMax's
// constructor says.
var RetryableHTTPDefaultFuncs = []string{"Get", "Head", "Post", "PostForm"}

// RetryCount is resty v2's: New makes a client with RetryCount 0, which
// does not retry until SetRetryCount(n) with n > 0; then every method is
// retried, POST included.
var RetryCount = RetryKnob{
	Label: "resty",
	Pkg:   RestyV2, Type: "Client", Constructor: "New", CtorRetries: 0, LiteralRetries: 0,
	Field: "RetryCount", Setter: "SetRetryCount",
	Source: "https://github.com/go-resty/resty/blob/v2.17.2/retry.go",
}

// Attempts returns how many attempts a client whose knob reads retries
// makes, the first included: a count of 0 or below makes one.
func (k *RetryKnob) Attempts(retries int) int { return max(retries, 0) + 1 }

// DefaultAttempts returns the attempts of a client its constructor made
// and the code left alone.
func (k *RetryKnob) DefaultAttempts() int { return k.Attempts(k.CtorRetries) }
