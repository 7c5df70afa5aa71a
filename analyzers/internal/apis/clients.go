package apis

import (
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// A Client is a family of calls that retry by themselves: a row of Clients,
// keyed by package path, receiver type and method (or function) names.
type Client struct {
	// Label names the library in messages and documentation.
	Label string
	// Pkg is the import path of the package declaring the calls; with
	// Prefix, every package below it.
	Pkg    string
	Prefix bool
	// LaterMajors: Pkg is a module's root package at one major version, and
	// the root package of every later major matches too (stripe-go, which
	// releases a major version every few months with the same client).
	LaterMajors bool
	// Recv lists the receiver types of the methods (the type the call is
	// made on, so that a method promoted from an unexported embedded type
	// counts); empty for package-level functions.
	Recv []string
	// RecvSuffix, when set, takes every receiver type whose name ends so
	// (stripe-go's services, v1PaymentIntentService and the like).
	RecvSuffix string
	// AnyRecv takes methods of every receiver type (the shape decides).
	AnyRecv bool
	// ClientArg, when > 0, says that the client making the call is argument
	// ClientArg-1 rather than the receiver (esapi's req.Do(ctx, es)).
	ClientArg int
	// Names lists the methods or functions; empty: every one of the shape.
	Names []string
	Shape Shape
	// Attempts is how many attempts a call makes by default, the first
	// included; 0 means no limit but the context.
	Attempts int
	// Config says how the client's retry setting is read from the code.
	Config Config
	// OffField and OffValue are the setting that turns the retries off,
	// where a fix can make it: a field of the client or of its options, or
	// of the options of one call (aws-sdk-go-v2); "" where no fix does.
	OffField, OffValue string
	// Declared: the row comes from the user (nestedretry's -clients flag),
	// and Attempts is the user's figure rather than a library default.
	Declared bool
	// OptIn: the client does not retry unless the code visibly says so
	// (resty), so a call counts only with a visible retry count.
	OptIn bool
	// Via, when set, says that only a package importing Via can make such
	// a call (gax-go, whose options a GAPIC call must visibly pass; an
	// http.Client that go-retryablehttp made); without Pkg, the row covers
	// methods of every package.
	Via string
	// Source is the upstream file the row was read from.
	Source string
}

// Shape is the signature a method must have to count as an operation.
type Shape int

const (
	// Named: the methods or functions listed in Names.
	Named Shape = iota
	// AWSOperation: (ctx context.Context, params *XInput, optFns ...func(*Options)) (*XOutput, error).
	AWSOperation
	// RedisCommand: a method whose single result implements the package's Cmder.
	RedisCommand
	// CtxFirst: an exported method whose first parameter is a context.Context.
	CtxFirst
	// FuncField: a call of a struct field of a function type declared in the
	// package, made on a client (go-elasticsearch's es.Search(...), whose
	// operations are fields of its embedded *esapi.API).
	FuncField
	// AWSV1Operation: a method of a service type embedding aws-sdk-go's
	// *client.Client, shaped (input *XInput) (*XOutput, error) or
	// (ctx aws.Context, input *XInput, opts ...request.Option) (*XOutput, error).
	AWSV1Operation
	// AzureOperation: an exported method taking a context.Context first, of
	// a struct type holding an *azcore.Client (every generated Azure client).
	AzureOperation
	// GaxCall: a method shaped (ctx context.Context, ..., opts ...gax.CallOption),
	// as every GAPIC client method is.
	GaxCall
)

// Config names how a client's visible retry configuration is read: where
// the code sets its count of retries and how it turns them off.
type Config int

const (
	NoConfig            Config = iota // nothing the code can set is read
	AWSConfig                         // Options.RetryMaxAttempts / Retryer, per client or per call
	RedisConfig                       // Options.MaxRetries / RingOptions.MaxRetries
	RedisClusterConfig                // ClusterOptions.MaxRedirects
	RetryableHTTPConfig               // Client.RetryMax
	K8sRestConfig                     // (*rest.Request).MaxRetries(n) in the call chain
	MinioConfig                       // Options.MaxRetries
	RestyConfig                       // (*resty.Client).SetRetryCount(n)
	AWSV1Config                       // aws.Config MaxRetries / Retryer on the session and the client
	AWSV1DynamoConfig                 // the same, but DynamoDB replaces any Retryer
	ESConfig                          // elasticsearch.Config DisableRetry / MaxRetries
	GCSConfig                         // Retryer(...) on a handle, SetRetry(...) on the client
	StripeConfig                      // BackendConfig.MaxNetworkRetries through WithBackends
	AzureConfig                       // ClientOptions.Retry.MaxRetries; policy.WithRetryOptions on the context
	GaxConfig                         // gax.WithRetry(...) among the call's options
	StdHTTPConfig                     // an *http.Client from retryablehttp's StandardClient, or around its RoundTripper
)

// Clients is the table of calls that retry by themselves, most specific
// row first.
var Clients = []Client{
	{
		// finalizeRetryMaxAttempts: so.MaxAttempts = 4.
		Label: "aws-sdk-go-v2 dynamodb", Pkg: AWSDynamoDB,
		Recv: []string{"Client"}, Shape: AWSOperation, Attempts: 4, Config: AWSConfig,
		OffField: "RetryMaxAttempts", OffValue: "1",
		Source: "https://github.com/aws/aws-sdk-go-v2/blob/service/dynamodb/v1.74.0/service/dynamodb/api_client.go",
	},
	{
		// DefaultMaxAttempts = 3; service/s3/api_client.go:
		// finalizeRetryMaxAttempts, finalizeOperationRetryMaxAttempts.
		Label: "aws-sdk-go-v2", Pkg: AWSServices, Prefix: true,
		Recv: []string{"Client"}, Shape: AWSOperation, Attempts: 3, Config: AWSConfig,
		OffField: "RetryMaxAttempts", OffValue: "1",
		Source: "https://github.com/aws/aws-sdk-go-v2/blob/v1.48.0/aws/retry/standard.go",
	},
	{
		// setCustomRetryer: 10 retries unless Config.MaxRetries says
		// otherwise; it replaces any Retryer.
		Label: "aws-sdk-go dynamodb", Pkg: AWSV1DynamoDB,
		AnyRecv: true, Shape: AWSV1Operation, Attempts: 11, Config: AWSV1DynamoConfig,
		Source: "https://github.com/aws/aws-sdk-go/blob/v1.55.8/service/dynamodb/customizations.go",
	},
	{
		Label: "aws-sdk-go", Pkg: AWSV1Services, Prefix: true,
		AnyRecv: true, Shape: AWSV1Operation, Attempts: AWSV1DefaultAttempts, Config: AWSV1Config,
		Source: "https://github.com/aws/aws-sdk-go/blob/v1.55.8/aws/client/default_retryer.go",
	},
	{
		// defaultRetryMax = 4 (RetryMax counts retries).
		Label: RetryMax.Label, Pkg: RetryableHTTP,
		Recv: []string{"Client"}, Names: []string{"Do", "Get", "Head", "Post", "PostForm"},
		Attempts: RetryMax.DefaultAttempts(), Config: RetryableHTTPConfig,
		OffField: RetryMax.Field, OffValue: "0",
		Source: RetryMax.Source,
	},
	{
		// Get, Head, Post, PostForm use defaultClient = NewClient().
		Label: RetryMax.Label, Pkg: RetryableHTTP,
		Names: RetryableHTTPDefaultFuncs, Attempts: RetryMax.DefaultAttempts(),
		Source: RetryMax.Source,
	},
	{
		// StandardClient returns an *http.Client whose Transport is a
		// RoundTripper around the retrying client; roundtripper.go: a
		// RoundTripper without a Client uses NewClient(). Such an
		// http.Client retries as the client it wraps does; any other does
		// not, so only one visibly made so counts.
		Label: "go-retryablehttp StandardClient", Pkg: "net/http", Via: RetryableHTTP,
		Recv: []string{"Client"}, Names: []string{"Do", "Get", "Head", "Post", "PostForm"},
		Config: StdHTTPConfig, OptIn: true,
		Source: RetryMax.Source,
	},
	{
		// init: MaxRetries 0 means 3 and -1 means none; redis.go, ring.go:
		// every command goes through the retrying process. universal.go:
		// NewUniversalClient returns a *Client, a failover client, a
		// *ClusterClient or a *Ring, every one retrying, as a
		// UniversalClient.
		Label: "go-redis", Pkg: RedisV9,
		Recv: []string{"Client", "Ring", "UniversalClient"}, Shape: RedisCommand, Attempts: 4, Config: RedisConfig,
		OffField: "MaxRetries", OffValue: "-1", // 0 means the default
		Source: "https://github.com/redis/go-redis/blob/v9.23.0/options.go",
	},
	{
		// MaxRedirects 0 means 3 and -1 means none; process loops
		// attempt <= MaxRedirects.
		Label: "go-redis", Pkg: RedisV9,
		Recv: []string{"ClusterClient"}, Shape: RedisCommand, Attempts: 4, Config: RedisClusterConfig,
		Source: "https://github.com/redis/go-redis/blob/v9.23.0/osscluster.go",
	},
	{
		// maxRetries 10 by default; rest/with_retry.go.
		Label: "k8s client-go rest", Pkg: K8sRest,
		Recv: []string{"Request"}, Names: []string{"Do", "DoRaw", "Stream", "Watch"},
		Attempts: 11, Config: K8sRestConfig,
		Source: "https://github.com/kubernetes/client-go/blob/v0.37.2/rest/request.go",
	},
	{
		// MaxRetry = 10 attempts by default; retry.go: full jitter.
		Label: "minio-go", Pkg: Minio,
		Recv: []string{"Client"}, Shape: CtxFirst, Attempts: 10, Config: MinioConfig,
		Source: "https://github.com/minio/minio-go/blob/v7.4.1/api.go",
	},
	{
		// storage.go, invoke.go: idempotent calls (these reads) retry
		// until the context ends; RetryNever and WithMaxAttempts change that.
		Label: CloudStorage, Pkg: CloudStorage,
		Recv: []string{"ObjectHandle", "BucketHandle"}, Names: []string{"Attrs", "NewReader", "NewRangeReader"},
		Config: GCSConfig,
		Source: "https://github.com/googleapis/google-cloud-go/blob/storage/v1.70.0/storage/invoke.go",
	},
	{
		// Config.MaxRetries "Default: 3" (retries) on 502, 503, 504 and
		// network errors; DisableRetry. esapi's operations are fields of
		// *esapi.API, which the client embeds.
		Label: "go-elasticsearch", Pkg: Esapi,
		Shape: FuncField, Attempts: 4, Config: ESConfig,
		Source: "https://github.com/elastic/go-elasticsearch/blob/v8.19.7/elasticsearch.go",
	},
	{
		// esapi: req.Do(ctx, transport) with the client as transport.
		Label: "go-elasticsearch", Pkg: Esapi,
		RecvSuffix: "Request", Names: []string{"Do"}, ClientArg: 2, Attempts: 4, Config: ESConfig,
		Source: "https://github.com/elastic/go-elasticsearch/blob/v8.19.7/elasticsearch.go",
	},
	{
		// (*BaseClient).Perform goes through the retrying transport.
		Label: "go-elasticsearch", Pkg: Elasticsearch,
		Recv: []string{"Client"}, Names: []string{"Perform"}, Attempts: 4, Config: ESConfig,
		Source: "https://github.com/elastic/go-elasticsearch/blob/v8.19.7/elasticsearch.go",
	},
	{
		// DefaultMaxNetworkRetries = 2 (retries); services are the fields
		// of stripe_client.go's Client.
		Label: "stripe-go", Pkg: Stripe, LaterMajors: true,
		RecvSuffix: "Service", Shape: CtxFirst, Attempts: StripeAttempts, Config: StripeConfig,
		Source: "https://github.com/stripe/stripe-go/blob/v82.5.1/stripe.go",
	},
	{
		// RetryCount is 0 (no retries) unless SetRetryCount.
		Label: RetryCount.Label, Pkg: RestyV2,
		Recv: []string{"Request"}, Names: []string{"Get", "Head", "Post", "Put", "Patch", "Delete", "Options", "Send", "Execute"},
		Config: RestyConfig, OptIn: true,
		Source: RetryCount.Source,
	},
	{
		// RetryOptions.MaxRetries "The default value is three. A value
		// less than zero means one try and no retries";
		// runtime/policy_retry.go: the retry policy is in every pipeline.
		Label: "Azure azcore", Pkg: AzureSDK, Prefix: true,
		AnyRecv: true, Shape: AzureOperation, Attempts: 4, Config: AzureConfig,
		Source: "https://github.com/Azure/azure-sdk-for-go/blob/sdk/azcore/v1.24.0/sdk/azcore/policy/policy.go",
	},
	{
		// invoke.go: a call retries as its Retryer says, without a limit of
		// attempts. The generated defaults are per method and many methods
		// have none, so only a retryer the call visibly passes is counted.
		Label: "gax-go", Via: Gax,
		AnyRecv: true, Shape: GaxCall, Config: GaxConfig, OptIn: true,
		Source: "https://github.com/googleapis/gax-go/blob/v2.27.0/v2/call_option.go",
	},
}

// AWSV1DefaultAttempts is how many attempts aws-sdk-go's client.DefaultRetryer
// makes when its NumMaxRetries is not set: DefaultRetryerMaxNumRetries (3)
// retries and the first call
// (https://github.com/aws/aws-sdk-go/blob/v1.55.8/aws/client/default_retryer.go).
const AWSV1DefaultAttempts = 4

// Methods reports whether the row is about methods (not package functions).
func (a *Client) Methods() bool {
	return a.Shape != FuncField && (len(a.Recv) > 0 || a.RecvSuffix != "" || a.AnyRecv)
}

// HasRecv reports whether the row takes methods called on the type name.
func (a *Client) HasRecv(name string) bool {
	return a.AnyRecv || slices.Contains(a.Recv, name) || a.RecvSuffix != "" && strings.HasSuffix(name, a.RecvSuffix)
}

// HasPkg reports whether the row covers the package path.
func (a *Client) HasPkg(path string) bool {
	if a.Via != "" && a.Pkg == "" {
		return true
	}
	if a.Prefix {
		return strings.HasPrefix(path, a.Pkg)
	}
	if a.LaterMajors {
		return laterMajor(path, a.Pkg)
	}
	return path == a.Pkg
}

// An ErrorRow names errors that the Clients never retry: an outer retry
// that goes around only on them repeats no call that a client below already
// repeated. Kind says what the names are.
type ErrorRow struct {
	Pkg    string
	Kind   ErrorKind
	Names  []string
	Source string
}

// ErrorKind says how an ErrorRow's names recognise an error.
type ErrorKind int

const (
	ErrType      ErrorKind = iota // an error type (errors.As's target, a type switch's case)
	ErrSentinel                   // a sentinel value (errors.Is, ==)
	ErrPredicate                  // a func(error) bool that recognises them
)

// NeverRetried is the table of errors the Clients never retry.
var NeverRetried = []ErrorRow{
	{
		// 404 client faults (ErrorFault FaultClient); aws-sdk-go-v2's
		// standard retryer retries only 500, 502, 503, 504, an unmodelled
		// 429, the throttle and timeout codes of aws/retry/standard.go
		// (DefaultRetryables) and connection errors (retryable_error.go).
		Pkg: AWSS3Types, Kind: ErrType,
		Names:  []string{"NoSuchKey", "NotFound", "NoSuchBucket"},
		Source: "https://github.com/aws/aws-sdk-go-v2/blob/service/s3/v1.114.10/service/s3/types/errors.go",
	},
	{
		// 400 client faults, not among aws/retry/standard.go's retryable
		// codes (TransactionInProgressException is;
		// TransactionCanceledException is not), and service/dynamodb adds
		// no retryable of its own.
		Pkg: AWSDynamoDBTypes, Kind: ErrType,
		Names:  []string{"ConditionalCheckFailedException", "TransactionCanceledException"},
		Source: "https://github.com/aws/aws-sdk-go-v2/blob/service/dynamodb/v1.74.0/service/dynamodb/types/errors.go",
	},
	{
		// shouldRetry retries EOF, dial and timeout errors, a full pool and
		// LOADING, READONLY, CLUSTERDOWN, TRYAGAIN, MASTERDOWN, MOVED/ASK
		// replies; a missing key (Nil) and a failed optimistic transaction
		// (TxFailedErr, tx.go) are none of them.
		Pkg: RedisV9, Kind: ErrSentinel,
		Names:  []string{"Nil", "TxFailedErr"},
		Source: "https://github.com/redis/go-redis/blob/v9.23.0/error.go",
	},
	{
		// client-go's rest client retries a response only with a
		// Retry-After header (429, 5xx) and a GET only on a reset
		// connection or EOF: never a 409 conflict, 404 or 409
		// already-exists.
		Pkg: K8sAPIErrors, Kind: ErrPredicate,
		Names:  []string{"IsConflict", "IsNotFound", "IsAlreadyExists"},
		Source: "https://github.com/kubernetes/client-go/blob/v0.37.2/rest/with_retry.go",
	},
}

// NeverRetriedObj reports whether obj is an error type or sentinel of the
// NeverRetried table.
func NeverRetriedObj(obj types.Object) bool {
	if obj == nil || obj.Pkg() == nil {
		return false
	}
	for _, r := range NeverRetried {
		if r.Pkg != obj.Pkg().Path() || !slices.Contains(r.Names, obj.Name()) {
			continue
		}
		switch obj.(type) {
		case *types.TypeName:
			return r.Kind == ErrType
		case *types.Var, *types.Const:
			return r.Kind == ErrSentinel
		}
	}
	return false
}

// NeverRetriedPredicate reports whether fn is a predicate of the
// NeverRetried table (apierrors.IsConflict).
func NeverRetriedPredicate(fn *types.Func) bool {
	for _, r := range NeverRetried {
		if r.Kind == ErrPredicate && slices.Contains(r.Names, fn.Name()) && typematch.IsFunc(fn, r.Pkg, fn.Name()) {
			return true
		}
	}
	return false
}
