package apis

import (
	"slices"
	"strings"
)

// SDKPrefixes are the import paths (a trailing slash: every package below)
// of SDK clients whose every call talks to a service. Their own code would
// tell the same through facts where a driver analyses it; the table keeps
// the answer right where it does not (interfaces wired at run time, stubs).
var SDKPrefixes = []string{
	AWSServices,
	AWSV1Services,
	RedisV9,
	GoRedisModules,
	RetryableHTTP,
	RestyModules,
	GRPC,
	MinioModules,
	ElasticsearchModules,
	ElasticTransportModules,
	StripeModules,
	AzureSDK,
	CloudGo,
	GaxModules,
	K8sKubernetes,
	K8sRest,
	DockerClient,
	MobyClient,
}

// IsSDK reports whether the package at path is an SDK client of SDKPrefixes.
// A module root names only itself: google.golang.org/grpc/... holds only
// helpers (codes, metadata, status), which stay local.
func IsSDK(path string) bool {
	return slices.ContainsFunc(SDKPrefixes, func(p string) bool { return underPrefix(path, p) })
}

// underPrefix reports whether the import path is prefix, or lies below it
// when prefix ends in a slash.
func underPrefix(path, prefix string) bool {
	return path == prefix || strings.HasSuffix(prefix, "/") && strings.HasPrefix(path, prefix)
}

// An Instrumentation library records what a program does: logs, metrics,
// traces. A log line, a counter increment or a span goes to a sink behind
// an interface of the library's own (zapcore.Core, a logrus Hook, a
// prometheus.Gauge, an OpenTelemetry Span), which could be anything, so
// without this table every function that logs or counts would seem to
// reach another process, and a loop that logs while it waits for a local
// lock file, or counts its tries to enqueue into a full in-memory queue,
// would pass for a retry of a dependency. What the library exports to a
// collector it sends elsewhere, and it is never the operation a retry
// repeats: calls into these packages stay in the process, as far as the
// reach analysis goes. Packages that push over the network (client_golang's
// push and api, the OpenTelemetry exporters) are not rows.
type Instrumentation struct {
	// Prefix is an import path, or a module prefix ending in a slash
	// (every package below it); a library whose root package records too
	// has a row for each.
	Prefix string
	// Source is the upstream file that declares the sink interface.
	Source string
}

// InstrumentationLibraries lists them.
var InstrumentationLibraries = []Instrumentation{
	{Prefix: "go.uber.org/zap", Source: "https://github.com/uber-go/zap/blob/v1.28.0/logger.go"},
	{Prefix: "go.uber.org/zap/", Source: "https://github.com/uber-go/zap/blob/v1.28.0/zapcore/core.go"},
	{Prefix: "github.com/sirupsen/logrus", Source: "https://github.com/sirupsen/logrus/blob/v1.9.3/hooks.go"},
	{Prefix: "github.com/rs/zerolog", Source: "https://github.com/rs/zerolog/blob/v1.34.0/writer.go"},
	{Prefix: "github.com/go-kit/log", Source: "https://github.com/go-kit/log/blob/v0.2.1/log.go"},
	{Prefix: "github.com/go-kit/log/", Source: "https://github.com/go-kit/log/blob/v0.2.1/level/level.go"},
	{Prefix: "github.com/go-logr/logr", Source: "https://github.com/go-logr/logr/blob/v1.4.2/logr.go"},
	{Prefix: "k8s.io/klog/v2", Source: "https://github.com/kubernetes/klog/blob/v2.130.1/klog.go"},
	{Prefix: "github.com/hashicorp/go-hclog", Source: "https://github.com/hashicorp/go-hclog/blob/v1.6.3/logger.go"},
	{Prefix: "github.com/prometheus/client_golang/prometheus", Source: "https://github.com/prometheus/client_golang/blob/v1.23.2/prometheus/gauge.go"},
	{Prefix: "github.com/prometheus/client_golang/prometheus/promauto", Source: "https://github.com/prometheus/client_golang/blob/v1.23.2/prometheus/promauto/auto.go"},
	{Prefix: "go.opentelemetry.io/otel", Source: "https://github.com/open-telemetry/opentelemetry-go/blob/v1.47.0/trace.go"},
	{Prefix: "go.opentelemetry.io/otel/attribute", Source: "https://github.com/open-telemetry/opentelemetry-go/blob/v1.47.0/attribute/kv.go"},
	{Prefix: "go.opentelemetry.io/otel/codes", Source: "https://github.com/open-telemetry/opentelemetry-go/blob/v1.47.0/codes/codes.go"},
	{Prefix: "go.opentelemetry.io/otel/metric", Source: "https://github.com/open-telemetry/opentelemetry-go/blob/v1.47.0/metric/meter.go"},
	{Prefix: "go.opentelemetry.io/otel/trace", Source: "https://github.com/open-telemetry/opentelemetry-go/blob/v1.47.0/trace/span.go"},
	{Prefix: "github.com/opentracing/opentracing-go", Source: "https://github.com/opentracing/opentracing-go/blob/v1.2.0/span.go"},
}

// IsInstrumentation reports whether the package at path belongs to one of
// the InstrumentationLibraries.
func IsInstrumentation(path string) bool {
	return slices.ContainsFunc(InstrumentationLibraries, func(l Instrumentation) bool { return underPrefix(path, l.Prefix) })
}

// LimiterWaits are the methods of golang.org/x/time/rate's Limiter that
// pace a loop: a loop that pauses on one is rate-limited, not a retry's
// backoff.
var LimiterWaits = []string{"Wait", "WaitN", "Allow", "AllowN", "Reserve", "ReserveN"}

// LimiterType is the rate limiter's type in Rate.
const LimiterType = "Limiter"

// A LongCallSDK is an SDK whose calls may rightly wait on the server for as
// long as the operation takes, through the *http.Client an option
// (WithClient) hands it. The Docker Engine API streams logs, events and
// progress for as long as they run and answers a commit or a prune only
// when it is done: no Timeout, on the client or for the response headers,
// fits every call, so the SDK's own default client has none and the
// bound is the caller's context.
type LongCallSDK struct {
	Pkg, WithClient string
	// Source is the upstream file the row was read from.
	Source string
}

// LongCallSDKs lists them.
var LongCallSDKs = []LongCallSDK{
	{
		// defaultHTTPClient sets no Timeout.
		Pkg: DockerClient, WithClient: "WithHTTPClient",
		Source: "https://github.com/moby/moby/blob/v28.5.2/client/client.go",
	},
	{
		Pkg: MobyClient, WithClient: "WithHTTPClient",
		Source: "https://github.com/moby/moby/blob/client/v0.5.1/client/client.go",
	},
	{
		// Every Google API client takes its *http.Client from this option;
		// the one NewClient makes without it is &http.Client{Transport:
		// trans}, no Timeout, over a clone of http.DefaultTransport: calls
		// are bounded by their contexts, since Cloud Storage reads and
		// writes stream objects of any size and resumable uploads run for
		// as long as the object takes.
		Pkg: GoogleAPIOption, WithClient: "WithHTTPClient",
		Source: "https://github.com/googleapis/google-api-go-client/blob/v0.307.0/transport/http/dial.go",
	},
}

// A TryTimeoutSDK is an SDK whose pipeline gives each try of a request a
// deadline of its own when the retry options beside the client set one:
// azcore's retry policy sends every try under context.WithTimeout(ctx,
// TryTimeout) and cancels it only when the body is read and closed, so a
// client given as the options' Transport waits no longer than that, body
// included, whatever its own Timeout. TryTimeout is off by default.
type TryTimeoutSDK struct {
	// Pkg and Options name the options struct; Transport is its field
	// for the client, Retry its field for the retry options, TryTimeout
	// the retry options' field for the per-try deadline.
	Pkg, Options, Transport, Retry, TryTimeout string
	// Source is the upstream file the row was read from.
	Source string
}

// TryTimeoutSDKs lists them.
var TryTimeoutSDKs = []TryTimeoutSDK{
	{
		Pkg: AzcorePolicy, Options: "ClientOptions", Transport: "Transport", Retry: "Retry", TryTimeout: "TryTimeout",
		Source: "https://github.com/Azure/azure-sdk-for-go/blob/sdk/azcore/v1.24.0/sdk/azcore/runtime/policy_retry.go",
	},
}

// IsLongCallOption reports whether the package-level function name of the
// package at path hands an *http.Client to a LongCallSDK.
func IsLongCallOption(path, name string) bool {
	for _, o := range LongCallSDKs {
		if o.Pkg == path && o.WithClient == name {
			return true
		}
	}
	return false
}

// A ClientWrapper is a method that returns a new *http.Client whose every
// attempt goes through a client its receiver holds: go-retryablehttp's
// StandardClient returns &http.Client{Transport: &RoundTripper{Client: c}},
// with no Timeout of its own, and each attempt is c.HTTPClient.Do. The
// returned client waits no longer than the held one, times the receiver's
// bounded retries, so it is bounded when the held client is.
type ClientWrapper struct {
	Pkg, Type, Method string
	// Inner is the receiver's field that holds the client each attempt
	// goes through.
	Inner string
	// Source is the upstream file the row was read from.
	Source string
}

// ClientWrappers lists them.
var ClientWrappers = []ClientWrapper{
	{
		Pkg: RetryableHTTP, Type: "Client", Method: "StandardClient", Inner: "HTTPClient",
		Source: "https://github.com/hashicorp/go-retryablehttp/blob/v0.7.8/roundtripper.go",
	},
}

// WrappedClientField returns the field named in ClientWrappers for the
// method typ.method of the package at path, and whether there is one.
func WrappedClientField(path, typ, method string) (string, bool) {
	for _, w := range ClientWrappers {
		if w.Pkg == path && w.Type == typ && w.Method == method {
			return w.Inner, true
		}
	}
	return "", false
}

// KeyHeaders are the header names that carry an idempotency key: the IETF
// draft's (draft-ietf-httpapi-idempotency-key-header, used by Stripe and
// Adyen) and the X- form (Mercado Pago). net/http replays a request on a
// reused connection when it carries either (src/net/http/request.go,
// isReplayable). A correlation id such as X-Request-ID is not a key: no
// known API deduplicates on it.
var KeyHeaders = []string{"Idempotency-Key", "X-Idempotency-Key"}

// A KeyMaker is a function that returns a new value on every call, fit to
// be an idempotency key (or part of one) when made once per request.
type KeyMaker struct {
	Pkg   string
	Names []string
	// Source is the upstream file the row was read from.
	Source string
}

// KeyMakers lists the third-party key makers: random (v4) and time-based
// (v1, v2, v6, v7) UUIDs, not the name-based NewMD5/NewSHA1/NewHash, which
// derive a stable id from their input; retrylint's own NewIdempotencyKey.
var KeyMakers = []KeyMaker{
	{
		Pkg: UUID, Names: []string{"New", "NewString", "NewRandom", "NewRandomFromReader", "NewUUID", "NewV6", "NewV7",
			"NewV7FromReader", "NewDCEPerson", "NewDCEGroup", "NewDCESecurity"},
		Source: "https://github.com/google/uuid/blob/v1.6.0/version4.go",
	},
	{
		Pkg: Retry, Names: []string{"NewIdempotencyKey"},
		Source: "https://github.com/retrylint/retrylint/blob/main/retry/idempotency.go",
	},
}

// IsKeyMaker reports whether the package-level function name of the
// package at path is one of the KeyMakers.
func IsKeyMaker(path, name string) bool {
	for _, m := range KeyMakers {
		if m.Pkg == path && slices.Contains(m.Names, name) {
			return true
		}
	}
	return false
}

// A DedupField is a member of a JSON request body that the receiving API
// deduplicates on: a repeat carrying the same value updates the alert or
// incident the first one opened instead of opening another, so a retried
// POST that carries one needs no idempotency key.
type DedupField struct {
	Name, API string
	// Source is the upstream file the row was read from: a client of the API
	// that sends the member.
	Source string
}

// DedupFields lists them. PagerDuty documents dedup_key (Events API v2)
// and incident_key (v1) as the key it folds repeats on; Opsgenie's alias is
// "the key element of Alert De-Duplication"; Splunk On-Call (VictorOps)
// keys an incident by the entity_id of its REST endpoint's events.
var DedupFields = []DedupField{
	{Name: "dedup_key", API: "PagerDuty Events API v2",
		Source: "https://github.com/PagerDuty/go-pagerduty/blob/v1.8.0/event_v2.go"},
	{Name: "incident_key", API: "PagerDuty Events API v1",
		Source: "https://github.com/PagerDuty/go-pagerduty/blob/v1.8.0/event.go"},
	{Name: "alias", API: "Opsgenie Alert API",
		Source: "https://github.com/opsgenie/opsgenie-go-sdk-v2/blob/v1.2.23/alert/create_alert_request.go"},
	{Name: "entity_id", API: "Splunk On-Call REST endpoint",
		Source: "https://github.com/prometheus/alertmanager/blob/v0.28.1/notify/victorops/victorops.go"},
}

// IsDedupField reports whether a JSON member name is one of DedupFields.
func IsDedupField(name string) bool {
	return slices.ContainsFunc(DedupFields, func(f DedupField) bool { return f.Name == name })
}

// A DedupPayload is a request type whose receiver drops a repeat of what it
// already holds: Loki's ingester skips an entry whose stream, timestamp
// and line equal one it has, so a push sent again stores nothing twice.
type DedupPayload struct {
	Pkg, Type string
	Source    string
}

// DedupPayloads lists them.
var DedupPayloads = []DedupPayload{
	{Pkg: LokiPush, Type: "PushRequest",
		Source: "https://github.com/grafana/loki/blob/v3.5.0/pkg/chunkenc/unordered.go"},
}

// IsDedupPayload reports whether the named type name of the package at path
// is one of DedupPayloads.
func IsDedupPayload(path, name string) bool {
	return slices.ContainsFunc(DedupPayloads, func(p DedupPayload) bool { return p.Pkg == path && p.Type == name })
}

// A DedupHeader is a request header that only one protocol's requests
// carry, a protocol whose receivers apply a repeated request once: a
// retried POST or PATCH that carries it needs no idempotency key.
type DedupHeader struct {
	Name, Protocol string
	// Source is the upstream file the row was read from: a sender of the
	// protocol that sets the header.
	Source string
}

// DedupHeaders lists them. The remote-write specifications make
// X-Prometheus-Remote-Write-Version mandatory on every write request and
// require senders to retry a 5xx answer; a sample is identified by its
// series and timestamp, so a batch written again adds nothing. The other
// two mark a write at a position: a chunk of a chunked upload says which
// bytes it carries (Content-Range, in the OCI distribution specification's
// PATCH; a registry refuses a chunk out of order with 416), and a tus
// upload's PATCH the offset it writes at (Upload-Offset; the server refuses
// one that is not the upload's current offset with 409). A repeat writes
// the same bytes at the same place, or is refused: never appended twice.
var DedupHeaders = []DedupHeader{
	{Name: "X-Prometheus-Remote-Write-Version", Protocol: "Prometheus remote write",
		Source: "https://github.com/prometheus/prometheus/blob/v3.5.0/storage/remote/client.go"},
	{Name: "Content-Range", Protocol: "a chunked upload",
		Source: "https://github.com/opencontainers/distribution-spec/blob/v1.1.0/spec.md"},
	{Name: "Upload-Offset", Protocol: "tus resumable upload",
		Source: "https://github.com/tus/tus-resumable-upload-protocol/blob/main/protocol.md"},
}

// IsDedupHeader reports whether a header name (compared without regard to
// case) is one of DedupHeaders.
func IsDedupHeader(name string) bool {
	return slices.ContainsFunc(DedupHeaders, func(h DedupHeader) bool { return strings.EqualFold(h.Name, name) })
}

// A BodyCodec is a package-level function that makes a request body from a
// value, or wraps one: what the body carries is what its argument Arg
// carries.
type BodyCodec struct {
	Pkg   string
	Names []string
	Arg   int
	// Source is the upstream file the row was read from.
	Source string
}

// BodyCodecs lists them.
var BodyCodecs = []BodyCodec{
	{Pkg: "encoding/json", Names: []string{"Marshal", "MarshalIndent"},
		Source: "https://github.com/golang/go/blob/go1.26.0/src/encoding/json/encode.go"},
	{Pkg: "bytes", Names: []string{"NewReader", "NewBuffer", "NewBufferString"},
		Source: "https://github.com/golang/go/blob/go1.26.0/src/bytes/reader.go"},
	{Pkg: "strings", Names: []string{"NewReader"},
		Source: "https://github.com/golang/go/blob/go1.26.0/src/strings/reader.go"},
	{Pkg: GogoProto, Names: []string{"Marshal"},
		Source: "https://github.com/gogo/protobuf/blob/v1.3.2/proto/table_marshal.go"},
	{Pkg: Snappy, Names: []string{"Encode"}, Arg: 1, // Encode(dst, src)
		Source: "https://github.com/golang/snappy/blob/v1.0.0/encode.go"},
}

// BodyCodecArg returns the argument whose value the package-level function
// name of the package at path turns into a body, when it is a BodyCodec.
func BodyCodecArg(path, name string) (int, bool) {
	for _, c := range BodyCodecs {
		if c.Pkg == path && slices.Contains(c.Names, name) {
			return c.Arg, true
		}
	}
	return 0, false
}
