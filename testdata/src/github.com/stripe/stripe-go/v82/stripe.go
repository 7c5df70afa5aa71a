// Package stripe is a stub of github.com/stripe/stripe-go/v82 v82.5.1: the
// API surface retrylint's tests use, with the real signatures.
package stripe

import (
	"context"
	"net/http"
	"sync"
)

type clientConfig struct{ backends *Backends }

type ClientOption func(*clientConfig)

// Client is the Stripe client.
type Client struct {
	// V1PaymentIntents is the service used to invoke /v1/payment_intents APIs.
	V1PaymentIntents *v1PaymentIntentService
}

// NewClient is stripe_client.go's: the services call the backends an
// option gives (WithBackends), else stripe-go's own.
func NewClient(key string, opts ...ClientOption) *Client {
	var cfg clientConfig
	for _, opt := range opts {
		if opt != nil {
			opt(&cfg)
		}
	}
	if cfg.backends == nil {
		cfg.backends = &Backends{API: &BackendImplementation{Type: APIBackend}}
	}
	return &Client{V1PaymentIntents: &v1PaymentIntentService{B: cfg.backends.API, Key: key}}
}

type v1PaymentIntentService struct {
	B   Backend
	Key string
}

// Creates a PaymentIntent object: paymentintent_service.go's body, a POST
// through the backend.
func (c v1PaymentIntentService) Create(ctx context.Context, params *PaymentIntentCreateParams) (*PaymentIntent, error) {
	if params == nil {
		params = &PaymentIntentCreateParams{}
	}
	params.Context = ctx
	paymentintent := &PaymentIntent{}
	err := c.B.Call(
		http.MethodPost, "/v1/payment_intents", c.Key, params, paymentintent)
	return paymentintent, err
}

// Retrieves the details of a PaymentIntent: a GET through the backend.
func (c v1PaymentIntentService) Retrieve(ctx context.Context, id string, params *PaymentIntentRetrieveParams) (*PaymentIntent, error) {
	if params == nil {
		params = &PaymentIntentRetrieveParams{}
	}
	params.Context = ctx
	paymentintent := &PaymentIntent{}
	err := c.B.Call(http.MethodGet, "/v1/payment_intents/"+id, c.Key, params, paymentintent)
	return paymentintent, err
}

// Params is the structure that contains the common properties
// of any *Params structure.
type Params struct {
	Context        context.Context `form:"-" json:"-"`
	Headers        http.Header     `form:"-" json:"-"`
	IdempotencyKey *string         `form:"-" json:"-"` // Passed as header
}

// RawParams is params.go's RawParams.
type RawParams struct {
	Params        `form:"*"`
	StripeContext string `form:"-"`
}

// GetParams is params.go's: every params type embeds Params.
func (p *Params) GetParams() *Params {
	return p
}

// SetIdempotencyKey is params.go's.
func (p *Params) SetIdempotencyKey(val string) {
	p.IdempotencyKey = &val
}

// ParamsContainer is params.go's.
type ParamsContainer interface {
	GetParams() *Params
}

type PaymentIntentRetrieveParams struct {
	Params       `form:"*"`
	ClientSecret *string `form:"client_secret"`
}

type PaymentIntentCreateParams struct {
	Params   `form:"*"`
	Amount   *int64  `form:"amount"`
	Currency *string `form:"currency"`
}

type PaymentIntent struct {
	APIResource
	ID     string `json:"id"`
	Amount int64  `json:"amount"`
}

func Int64(v int64) *int64 {
	return &v
}

func String[T ~string](v T) *string {
	result := string(v)
	return &result
}

// DefaultMaxNetworkRetries is stripe.go's DefaultMaxNetworkRetries.
const DefaultMaxNetworkRetries int64 = 2

// Backend is stripe.go's Backend (two methods stubbed).
type Backend interface {
	Call(method, path, key string, params ParamsContainer, v LastResponseSetter) error
	SetMaxNetworkRetries(maxNetworkRetries int64)
}

// LastResponseSetter is stripe.go's.
type LastResponseSetter interface {
	SetLastResponse(response *APIResponse)
}

// APIResource is stripe.go's: embedded in every resource.
type APIResource struct {
	LastResponse *APIResponse `json:"-"`
}

func (r *APIResource) SetLastResponse(response *APIResponse) {
	r.LastResponse = response
}

// SupportedBackend is stripe.go's SupportedBackend.
type SupportedBackend string

const (
	APIBackend         SupportedBackend = "api"
	MeterEventsBackend SupportedBackend = "meterevents"
)

// GetBackendWithConfig is stripe.go's GetBackendWithConfig.
func GetBackendWithConfig(backendType SupportedBackend, config *BackendConfig) Backend {
	return &BackendImplementation{Type: backendType}
}

// SetBackend is stripe.go's SetBackend.
func SetBackend(backend SupportedBackend, b Backend) {}

// BackendImplementation is stripe.go's BackendImplementation (some fields).
type BackendImplementation struct {
	Type              SupportedBackend
	URL               string
	HTTPClient        *http.Client
	MaxNetworkRetries int64
}

// Call is stripe.go's: it keys a write request with params' IdempotencyKey,
// or with one it makes anew, and retries it.
func (s *BackendImplementation) Call(method, path, key string, params ParamsContainer, v LastResponseSetter) error {
	return nil
}

// SetMaxNetworkRetries is stripe.go's.
func (s *BackendImplementation) SetMaxNetworkRetries(maxNetworkRetries int64) {
	s.MaxNetworkRetries = maxNetworkRetries
}

// RawRequest is stripe.go's: NewRequest adds an Idempotency-Key to a write
// request only when params is not nil.
func (s *BackendImplementation) RawRequest(method, path, key, content string, params *RawParams) (*APIResponse, error) {
	return &APIResponse{}, nil
}

// RawRequestBackend is stripe.go's RawRequestBackend.
type RawRequestBackend interface {
	RawRequest(method, path, key, content string, params *RawParams) (*APIResponse, error)
}

// GetRawRequestBackend is stripe.go's GetRawRequestBackend.
func GetRawRequestBackend(backendType SupportedBackend) (RawRequestBackend, error) {
	return &BackendImplementation{Type: backendType}, nil
}

// RawRequest is stripe.go's package-level RawRequest, through the API backend.
func RawRequest(method, path string, content string, params *RawParams) (*APIResponse, error) {
	return &APIResponse{}, nil
}

// APIResponse is stripe.go's APIResponse (some fields).
type APIResponse struct {
	Header         http.Header
	IdempotencyKey string
	RawJSON        []byte
	RequestID      string
	Status         string
	StatusCode     int
}

// BackendConfig is stripe.go's BackendConfig (some fields).
type BackendConfig struct {
	HTTPClient        *http.Client
	MaxNetworkRetries *int64
}

// Backends is stripe.go's Backends.
type Backends struct {
	API, Connect, Uploads, MeterEvents Backend
	mu                                 sync.RWMutex
}

// NewBackendsWithConfig is stripe.go's NewBackendsWithConfig.
func NewBackendsWithConfig(config *BackendConfig) *Backends { return &Backends{} }

// WithBackends is stripe_client.go's WithBackends.
func WithBackends(backends *Backends) ClientOption {
	return func(c *clientConfig) {
		c.backends = backends
	}
}
