package nestedretry

import (
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// This file is the table of clients that retry by themselves (section A of
// shared/reference/known-apis.md). Each entry names the module file its facts
// were read from; versions are the ones pinned in testdata/reallibs.

// An api is a family of calls that retry by themselves.
type api struct {
	// label names the library in documentation.
	label string
	// pkg is the import path of the package declaring the calls; with prefix,
	// every package below it.
	pkg    string
	prefix bool
	// recv lists the receiver types of the methods (the type the call is made
	// on, so that a method promoted from an unexported embedded type counts);
	// empty for package-level functions.
	recv []string
	// recvSuffix, when set, takes every receiver type whose name ends so
	// (stripe-go's services, v1PaymentIntentService and the like).
	recvSuffix string
	// anyRecv takes methods of every receiver type (the shape decides).
	anyRecv bool
	// clientArg, when > 0, says that the client making the call is argument
	// clientArg-1 rather than the receiver (esapi's req.Do(ctx, es)).
	clientArg int
	// names lists the methods or functions; empty: every one of the shape.
	names []string
	shape shape
	// attempts is how many attempts a call makes by default, the first
	// included; 0 means no limit but the context.
	attempts int
	// config says how the client's retry setting is read from the code.
	config configKind
	// declared: the entry comes from -clients, and attempts is the user's
	// figure rather than a library default.
	declared bool
	// optIn: the client does not retry unless the code visibly says so (resty),
	// so a call is reported only with a visible retry count.
	optIn bool
	// via, when set, says that only a package importing via can make such
	// a call (gax-go, whose options a GAPIC call must visibly pass; an
	// http.Client that go-retryablehttp made); without pkg, the entry covers
	// methods of every package.
	via string
}

// shape is the signature a method must have to count as an operation.
type shape int

const (
	// named: the methods or functions listed in names.
	named shape = iota
	// awsOperation: (ctx context.Context, params *XInput, optFns ...func(*Options)) (*XOutput, error).
	awsOperation
	// redisCommand: a method whose single result implements the package's Cmder.
	redisCommand
	// ctxFirst: an exported method whose first parameter is a context.Context.
	ctxFirst
	// funcField: a call of a struct field of a function type declared in the
	// package, made on a client (go-elasticsearch's es.Search(...), whose
	// operations are fields of its embedded *esapi.API).
	funcField
	// awsV1Operation: a method of a service type embedding aws-sdk-go's
	// *client.Client, shaped (input *XInput) (*XOutput, error) or
	// (ctx aws.Context, input *XInput, opts ...request.Option) (*XOutput, error).
	awsV1Operation
	// azureOperation: an exported method taking a context.Context first, of
	// a struct type holding an *azcore.Client (every generated Azure client).
	azureOperation
	// gaxCall: a method shaped (ctx context.Context, ..., opts ...gax.CallOption),
	// as every GAPIC client method is.
	gaxCall
)

// configKind selects how a client's visible retry configuration is read.
type configKind int

const (
	noConfig            configKind = iota // nothing the code can set is read
	awsConfig                             // Options.RetryMaxAttempts / Retryer, per client or per call
	redisConfig                           // Options.MaxRetries / RingOptions.MaxRetries
	redisClusterConfig                    // ClusterOptions.MaxRedirects
	retryablehttpConfig                   // Client.RetryMax
	k8sRestConfig                         // (*rest.Request).MaxRetries(n) in the call chain
	minioConfig                           // Options.MaxRetries
	restyConfig                           // (*resty.Client).SetRetryCount(n)
	awsV1Config                           // aws.Config MaxRetries / Retryer on the session and the client
	awsV1DynamoConfig                     // the same, but DynamoDB replaces any Retryer
	esConfig                              // elasticsearch.Config DisableRetry / MaxRetries
	gcsConfig                             // Retryer(...) on a handle, SetRetry(...) on the client
	stripeConfig                          // BackendConfig.MaxNetworkRetries through WithBackends
	azureConfig                           // ClientOptions.Retry.MaxRetries; policy.WithRetryOptions on the context
	gaxConfig                             // gax.WithRetry(...) among the call's options
	stdHTTPConfig                         // an *http.Client from retryablehttp's StandardClient, or around its RoundTripper
)

// retryablehttpAttempts is go-retryablehttp's default: client.go's
// defaultRetryMax = 4 retries, 5 attempts.
const retryablehttpAttempts = 5

const (
	retryablehttpPkg = "github.com/hashicorp/go-retryablehttp"
	redisPkg         = "github.com/redis/go-redis/v9"
)

// apis is the built-in table, most specific entry first.
var apis = []api{
	{
		// service/dynamodb/api_client.go: finalizeRetryMaxAttempts, so.MaxAttempts = 4.
		label: "aws-sdk-go-v2 dynamodb", pkg: "github.com/aws/aws-sdk-go-v2/service/dynamodb",
		recv: []string{"Client"}, shape: awsOperation, attempts: 4, config: awsConfig,
	},
	{
		// aws/retry/standard.go: DefaultMaxAttempts = 3; service/s3/api_client.go:
		// finalizeRetryMaxAttempts, finalizeOperationRetryMaxAttempts.
		label: "aws-sdk-go-v2", pkg: "github.com/aws/aws-sdk-go-v2/service/", prefix: true,
		recv: []string{"Client"}, shape: awsOperation, attempts: 3, config: awsConfig,
	},
	{
		// service/dynamodb/customizations.go: setCustomRetryer, 10 retries
		// unless Config.MaxRetries says otherwise; it replaces any Retryer.
		label: "aws-sdk-go dynamodb", pkg: "github.com/aws/aws-sdk-go/service/dynamodb",
		anyRecv: true, shape: awsV1Operation, attempts: 11, config: awsV1DynamoConfig,
	},
	{
		// aws/client/default_retryer.go: DefaultRetryerMaxNumRetries = 3.
		label: "aws-sdk-go", pkg: "github.com/aws/aws-sdk-go/service/", prefix: true,
		anyRecv: true, shape: awsV1Operation, attempts: 4, config: awsV1Config,
	},
	{
		// client.go: defaultRetryMax = 4 (RetryMax counts retries).
		label: "go-retryablehttp", pkg: retryablehttpPkg,
		recv: []string{"Client"}, names: []string{"Do", "Get", "Head", "Post", "PostForm"},
		attempts: retryablehttpAttempts, config: retryablehttpConfig,
	},
	{
		// client.go: Get, Head, Post, PostForm use defaultClient = NewClient().
		label: "go-retryablehttp", pkg: retryablehttpPkg,
		names: []string{"Get", "Head", "Post", "PostForm"}, attempts: retryablehttpAttempts,
	},
	{
		// client.go: StandardClient returns an *http.Client whose Transport
		// is a RoundTripper around the retrying client; roundtripper.go: a
		// RoundTripper without a Client uses NewClient(). Such an http.Client
		// retries as the client it wraps does; any other does not, so only
		// one visibly made so counts.
		label: "go-retryablehttp StandardClient", pkg: "net/http", via: retryablehttpPkg,
		recv: []string{"Client"}, names: []string{"Do", "Get", "Head", "Post", "PostForm"},
		config: stdHTTPConfig, optIn: true,
	},
	{
		// options.go: init, MaxRetries 0 means 3 and -1 means none; redis.go,
		// ring.go: every command goes through the retrying process.
		// universal.go: NewUniversalClient returns a *Client, a failover
		// client, a *ClusterClient or a *Ring, every one retrying, as a
		// UniversalClient.
		label: "go-redis", pkg: redisPkg,
		recv: []string{"Client", "Ring", "UniversalClient"}, shape: redisCommand, attempts: 4, config: redisConfig,
	},
	{
		// osscluster.go: MaxRedirects 0 means 3 and -1 means none; process
		// loops attempt <= MaxRedirects.
		label: "go-redis", pkg: redisPkg,
		recv: []string{"ClusterClient"}, shape: redisCommand, attempts: 4, config: redisClusterConfig,
	},
	{
		// rest/request.go: maxRetries 10 by default; rest/with_retry.go.
		label: "k8s client-go rest", pkg: "k8s.io/client-go/rest",
		recv: []string{"Request"}, names: []string{"Do", "DoRaw", "Stream", "Watch"},
		attempts: 11, config: k8sRestConfig,
	},
	{
		// api.go: MaxRetry = 10 attempts by default; retry.go: full jitter.
		label: "minio-go", pkg: "github.com/minio/minio-go/v7",
		recv: []string{"Client"}, shape: ctxFirst, attempts: 10, config: minioConfig,
	},
	{
		// storage.go, invoke.go: idempotent calls (these reads) retry until
		// the context ends; RetryNever and WithMaxAttempts change that.
		label: "cloud.google.com/go/storage", pkg: "cloud.google.com/go/storage",
		recv: []string{"ObjectHandle", "BucketHandle"}, names: []string{"Attrs", "NewReader", "NewRangeReader"},
		config: gcsConfig,
	},
	{
		// elasticsearch.go: Config.MaxRetries "Default: 3" (retries) on 502,
		// 503, 504 and network errors; DisableRetry. esapi's operations are
		// fields of *esapi.API, which the client embeds.
		label: "go-elasticsearch", pkg: "github.com/elastic/go-elasticsearch/v8/esapi",
		shape: funcField, attempts: 4, config: esConfig,
	},
	{
		// esapi: req.Do(ctx, transport) with the client as transport.
		label: "go-elasticsearch", pkg: "github.com/elastic/go-elasticsearch/v8/esapi",
		recvSuffix: "Request", names: []string{"Do"}, clientArg: 2, attempts: 4, config: esConfig,
	},
	{
		// elasticsearch.go: (*BaseClient).Perform goes through the retrying transport.
		label: "go-elasticsearch", pkg: "github.com/elastic/go-elasticsearch/v8",
		recv: []string{"Client"}, names: []string{"Perform"}, attempts: 4, config: esConfig,
	},
	{
		// stripe.go: DefaultMaxNetworkRetries = 2 (retries); services are the
		// fields of stripe_client.go's Client.
		label: "stripe-go", pkg: "github.com/stripe/stripe-go/v82",
		recvSuffix: "Service", shape: ctxFirst, attempts: 3, config: stripeConfig,
	},
	{
		// retry.go, client.go: RetryCount is 0 (no retries) unless SetRetryCount.
		label: "resty", pkg: "github.com/go-resty/resty/v2",
		recv: []string{"Request"}, names: []string{"Get", "Head", "Post", "Put", "Patch", "Delete", "Options", "Send", "Execute"},
		config: restyConfig, optIn: true,
	},
	{
		// azcore policy/policy.go: RetryOptions.MaxRetries "The default value
		// is three. A value less than zero means one try and no retries";
		// runtime/policy_retry.go: the retry policy is in every pipeline.
		label: "Azure azcore", pkg: azurePkg, prefix: true,
		anyRecv: true, shape: azureOperation, attempts: 4, config: azureConfig,
	},
	{
		// call_option.go, invoke.go: a call retries as its Retryer says,
		// without a limit of attempts. The generated defaults are per method
		// and many methods have none, so only a retryer the call visibly
		// passes is counted.
		label: "gax-go", via: gaxPkg,
		anyRecv: true, shape: gaxCall, config: gaxConfig, optIn: true,
	},
}

// methods reports whether the entry is about methods (not package functions).
func (a *api) methods() bool {
	return a.shape != funcField && (len(a.recv) > 0 || a.recvSuffix != "" || a.anyRecv)
}

// hasRecv reports whether the entry takes methods called on the type name.
func (a *api) hasRecv(name string) bool {
	return a.anyRecv || slices.Contains(a.recv, name) || a.recvSuffix != "" && strings.HasSuffix(name, a.recvSuffix)
}

// hasPkg reports whether the entry covers the package path.
func (a *api) hasPkg(path string) bool {
	if a.via != "" && a.pkg == "" {
		return true
	}
	if a.prefix {
		return strings.HasPrefix(path, a.pkg)
	}
	return path == a.pkg
}

// An errorRow names errors that the clients of the table never retry: an
// outer retry that goes around only on them repeats no call that a client
// below already repeated. kind says what the names are.
type errorRow struct {
	pkg   string
	kind  errorKind
	names []string
	// source is the file, in the library's module, the row was read from.
	source string
}

type errorKind int

const (
	errType      errorKind = iota // an error type (errors.As's target, a type switch's case)
	errSentinel                   // a sentinel value (errors.Is, ==)
	errPredicate                  // a func(error) bool that recognises them
)

// neverRetried is the table of errors the clients above never retry.
var neverRetried = []errorRow{
	{
		// 404 client faults (ErrorFault FaultClient); aws-sdk-go-v2's standard
		// retryer retries only 500, 502, 503, 504, an unmodelled 429, the
		// throttle and timeout codes of aws/retry/standard.go
		// (DefaultRetryables) and connection errors (retryable_error.go).
		pkg: "github.com/aws/aws-sdk-go-v2/service/s3/types", kind: errType,
		names:  []string{"NoSuchKey", "NotFound", "NoSuchBucket"},
		source: "service/s3/types/errors.go",
	},
	{
		// 400 client faults, not among aws/retry/standard.go's retryable
		// codes (TransactionInProgressException is; TransactionCanceledException
		// is not), and service/dynamodb adds no retryable of its own.
		pkg: "github.com/aws/aws-sdk-go-v2/service/dynamodb/types", kind: errType,
		names:  []string{"ConditionalCheckFailedException", "TransactionCanceledException"},
		source: "service/dynamodb/types/errors.go",
	},
	{
		// error.go: shouldRetry retries EOF, dial and timeout errors, a full
		// pool and LOADING, READONLY, CLUSTERDOWN, TRYAGAIN, MASTERDOWN,
		// MOVED/ASK replies; a missing key (Nil) and a failed optimistic
		// transaction (TxFailedErr, tx.go) are none of them.
		pkg: "github.com/redis/go-redis/v9", kind: errSentinel,
		names:  []string{"Nil", "TxFailedErr"},
		source: "error.go, redis.go, tx.go",
	},
	{
		// rest/with_retry.go: client-go's rest client retries a response
		// only with a Retry-After header (429, 5xx) and a GET only on a reset
		// connection or EOF: never a 409 conflict, 404 or 409 already-exists.
		pkg: "k8s.io/apimachinery/pkg/api/errors", kind: errPredicate,
		names:  []string{"IsConflict", "IsNotFound", "IsAlreadyExists"},
		source: "client-go rest/with_retry.go",
	},
}

// neverRetriedObj reports whether obj is an error type or sentinel of the
// neverRetried table.
func neverRetriedObj(obj types.Object) bool {
	if obj == nil || obj.Pkg() == nil {
		return false
	}
	for _, r := range neverRetried {
		if r.pkg != obj.Pkg().Path() || !slices.Contains(r.names, obj.Name()) {
			continue
		}
		switch obj.(type) {
		case *types.TypeName:
			return r.kind == errType
		case *types.Var, *types.Const:
			return r.kind == errSentinel
		}
	}
	return false
}

// neverRetriedPredicate reports whether fn is a predicate of the
// neverRetried table (apierrors.IsConflict).
func neverRetriedPredicate(fn *types.Func) bool {
	for _, r := range neverRetried {
		if r.kind == errPredicate && slices.Contains(r.names, fn.Name()) && typematch.IsFunc(fn, r.pkg, fn.Name()) {
			return true
		}
	}
	return false
}
