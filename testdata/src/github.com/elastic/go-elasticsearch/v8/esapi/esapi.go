// Package esapi is a stub of github.com/elastic/go-elasticsearch/v8/esapi
// v8.19.7: only the API surface retrylint's tests use, with the real
// signatures. The API's operations are fields of function types.
package esapi

import (
	"context"
	"io"
	"net/http"
)

// Transport is esapi.go's Transport.
type Transport interface {
	Perform(*http.Request) (*http.Response, error)
}

// Response is esapi.response.go's Response.
type Response struct {
	StatusCode int
	Header     http.Header
	Body       io.ReadCloser
}

// API is api._.go's API (some fields).
type API struct {
	Indices *Indices
	Get     Get
	Index   Index
	Search  Search
}

// Indices is api._.go's Indices (some fields).
type Indices struct {
	Create IndicesCreate
}

// New is api._.go's New.
func New(t Transport) *API {
	return &API{
		Indices: &Indices{Create: func(index string, o ...func(*IndicesCreateRequest)) (*Response, error) { return nil, nil }},
		Get:     func(index string, id string, o ...func(*GetRequest)) (*Response, error) { return nil, nil },
		Index:   func(index string, body io.Reader, o ...func(*IndexRequest)) (*Response, error) { return nil, nil },
		Search:  func(o ...func(*SearchRequest)) (*Response, error) { return nil, nil },
	}
}

// Get is api.get.go's Get.
type Get func(index string, id string, o ...func(*GetRequest)) (*Response, error)

// GetRequest is api.get.go's GetRequest (some fields).
type GetRequest struct {
	Index      string
	DocumentID string
}

// Do is api.get.go's Do.
func (r GetRequest) Do(providedCtx context.Context, transport Transport) (*Response, error) {
	return nil, providedCtx.Err()
}

// Index is api.index.go's Index.
type Index func(index string, body io.Reader, o ...func(*IndexRequest)) (*Response, error)

// IndexRequest is api.index.go's IndexRequest (some fields).
type IndexRequest struct {
	Index string
	Body  io.Reader
}

// Do is api.index.go's Do.
func (r IndexRequest) Do(providedCtx context.Context, transport Transport) (*Response, error) {
	return nil, providedCtx.Err()
}

// Search is api.search.go's Search.
type Search func(o ...func(*SearchRequest)) (*Response, error)

// SearchRequest is api.search.go's SearchRequest (some fields).
type SearchRequest struct {
	Index []string
}

// WithContext is api.search.go's WithContext.
func (f Search) WithContext(v context.Context) func(*SearchRequest) {
	return func(r *SearchRequest) {}
}

// WithIndex is api.search.go's WithIndex.
func (f Search) WithIndex(v ...string) func(*SearchRequest) {
	return func(r *SearchRequest) { r.Index = v }
}

// IndicesCreate is api.indices.create.go's IndicesCreate.
type IndicesCreate func(index string, o ...func(*IndicesCreateRequest)) (*Response, error)

// IndicesCreateRequest is api.indices.create.go's IndicesCreateRequest (some fields).
type IndicesCreateRequest struct {
	Index string
}
