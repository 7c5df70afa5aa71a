// Package rest is a stub of k8s.io/client-go/rest v0.37.2: only the API
// surface retrylint's tests use, with the real signatures (Result.Into, which
// needs apimachinery's runtime.Object, is left out).
package rest

import "context"

// RESTClient is client.go's RESTClient.
type RESTClient struct{}

// Get is client.go's Get.
func (c *RESTClient) Get() *Request { return &Request{maxRetries: 10} }

// Post is client.go's Post.
func (c *RESTClient) Post() *Request { return &Request{maxRetries: 10} }

// Put is client.go's Put.
func (c *RESTClient) Put() *Request { return &Request{maxRetries: 10} }

// Request is request.go's Request.
type Request struct{ maxRetries int }

// Resource is request.go's Resource.
func (r *Request) Resource(resource string) *Request { return r }

// Name is request.go's Name.
func (r *Request) Name(resourceName string) *Request { return r }

// Namespace is request.go's Namespace.
func (r *Request) Namespace(namespace string) *Request { return r }

// MaxRetries is request.go's MaxRetries: 0 (or less) means no retries.
func (r *Request) MaxRetries(maxRetries int) *Request {
	if maxRetries < 0 {
		maxRetries = 0
	}
	r.maxRetries = maxRetries
	return r
}

// Body is request.go's Body.
func (r *Request) Body(obj interface{}) *Request { return r }

// Do is request.go's Do.
func (r *Request) Do(ctx context.Context) Result { return Result{err: ctx.Err()} }

// DoRaw is request.go's DoRaw.
func (r *Request) DoRaw(ctx context.Context) ([]byte, error) { return nil, ctx.Err() }

// Result is request.go's Result.
type Result struct {
	body []byte
	err  error
}

// Raw is request.go's Raw.
func (r Result) Raw() ([]byte, error) { return r.body, r.err }

// Error is request.go's Error.
func (r Result) Error() error { return r.err }
