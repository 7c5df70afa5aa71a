// Package apis is the one home for what retrylint knows about third-party
// APIs: which calls retry by themselves and how often, how their retries are
// turned off, which errors they never retry, how a client's retry count is
// read, which retry runners take an operation, which knobs jitter their
// waits and what the fix sets, which packages reach another process, and
// which headers carry an idempotency key.
//
// Like staticcheck's knowledge package, it holds facts, not analysis: rows
// keyed by an object's path (package path, type, method or function), each
// with the upstream file it was read from, at the version pinned in
// testdata/reallibs. The analyzers ask it and never spell a library's
// import path themselves, so that adding a library is one row here, a stub
// under testdata/src and a case in testdata/reallibs (see CONTRIBUTING.md).
package apis

import (
	"time"

	"github.com/retrylint/retrylint/retry"
)

// Import paths of the libraries the analyzers recognise. A path ending in a
// slash names every package below it.
const (
	// Retry is retrylint's own runtime library, which the fixes call.
	Retry = "github.com/retrylint/retrylint/retry"

	RetryableHTTP = "github.com/hashicorp/go-retryablehttp"
	RestyV2       = "github.com/go-resty/resty/v2"
	UUID          = "github.com/google/uuid"
	Rate          = "golang.org/x/time/rate"
	GRPC          = "google.golang.org/grpc"

	CenkaltiModules     = "github.com/cenkalti/backoff/" // every major version: a BackOff's NextBackOff is read alike
	CenkaltiV4          = "github.com/cenkalti/backoff/v4"
	CenkaltiV5          = "github.com/cenkalti/backoff/v5"
	RetryGoV4           = "github.com/avast/retry-go/v4"
	RetryGoV5           = "github.com/avast/retry-go/v5"
	GoRetry             = "github.com/sethvargo/go-retry"
	Failsafe            = "github.com/failsafe-go/failsafe-go"
	FailsafeRetryPolicy = "github.com/failsafe-go/failsafe-go/retrypolicy"
	EapacheRetrier      = "github.com/eapache/go-resiliency/retrier"

	K8sWait       = "k8s.io/apimachinery/pkg/util/wait"
	K8sAPIErrors  = "k8s.io/apimachinery/pkg/api/errors"
	K8sRetry      = "k8s.io/client-go/util/retry"
	K8sRest       = "k8s.io/client-go/rest"
	K8sKubernetes = "k8s.io/client-go/kubernetes"

	AWS              = "github.com/aws/aws-sdk-go-v2/aws"
	AWSRetry         = "github.com/aws/aws-sdk-go-v2/aws/retry"
	AWSConfigPkg     = "github.com/aws/aws-sdk-go-v2/config"
	AWSServices      = "github.com/aws/aws-sdk-go-v2/service/"
	AWSDynamoDB      = "github.com/aws/aws-sdk-go-v2/service/dynamodb"
	AWSDynamoDBTypes = "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	AWSS3Types       = "github.com/aws/aws-sdk-go-v2/service/s3/types"

	AWSV1         = "github.com/aws/aws-sdk-go/aws"
	AWSV1Client   = "github.com/aws/aws-sdk-go/aws/client"
	AWSV1Request  = "github.com/aws/aws-sdk-go/aws/request"
	AWSV1Session  = "github.com/aws/aws-sdk-go/aws/session"
	AWSV1Services = "github.com/aws/aws-sdk-go/service/"
	AWSV1DynamoDB = "github.com/aws/aws-sdk-go/service/dynamodb"

	AzureSDK      = "github.com/Azure/azure-sdk-for-go/sdk/"
	Azcore        = "github.com/Azure/azure-sdk-for-go/sdk/azcore"
	AzcorePolicy  = "github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	AzcoreRuntime = "github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"

	Gax           = "github.com/googleapis/gax-go/v2"
	CloudGo       = "cloud.google.com/go/"
	CloudStorage  = "cloud.google.com/go/storage"
	RedisV9       = "github.com/redis/go-redis/v9"
	Elasticsearch = "github.com/elastic/go-elasticsearch/v8"
	Esapi         = "github.com/elastic/go-elasticsearch/v8/esapi"
	Stripe        = "github.com/stripe/stripe-go/v82"
	Minio         = "github.com/minio/minio-go/v7"
	DockerClient  = "github.com/docker/docker/client"
	// MobyClient is the Docker SDK's own module since 2025 (docker/cli uses it).
	MobyClient = "github.com/moby/moby/client"
	// GoogleAPIOption holds the options of every Google API client built
	// on google.golang.org/api (Cloud Storage, BigQuery, the REST APIs).
	GoogleAPIOption = "google.golang.org/api/option"
	GogoProto       = "github.com/gogo/protobuf/proto"
	Snappy          = "github.com/golang/snappy"
	LokiPush        = "github.com/grafana/loki/pkg/push"
)

// Module prefixes: every package of every major version of a module.
const (
	GoRedisModules          = "github.com/go-redis/redis/"
	RestyModules            = "github.com/go-resty/resty/"
	MinioModules            = "github.com/minio/minio-go/"
	ElasticsearchModules    = "github.com/elastic/go-elasticsearch/"
	ElasticTransportModules = "github.com/elastic/elastic-transport-go/"
	StripeModules           = "github.com/stripe/stripe-go/"
	GaxModules              = "github.com/googleapis/gax-go/"
)

// What the analyzers know of retrylint's own retry package is read from the
// package itself, not copied: retrydeadline fills the fields a Policy
// literal leaves out with these, so that its sums cannot drift from what
// retry.Do does.
type (
	RetryBackoff = retry.Backoff
	RetryJitter  = retry.Jitter
)

const (
	RetryDefaultMaxAttempts = retry.DefaultMaxAttempts
	RetryDefaultBase        = retry.DefaultBase
	RetryDefaultCap         = retry.DefaultCap
	RetryJitterDecorrelated = retry.JitterDecorrelated
	// RetryDefaultClientTimeout is the Timeout of retry.NewClient's client
	// when it is given none: the deadline its Transport retries within.
	RetryDefaultClientTimeout = retry.DefaultClientTimeout
)

// ExponentialDefaults are the settings cenkalti/backoff's
// NewExponentialBackOff gives an ExponentialBackOff, the same in v4 and v5:
// each wait is drawn from interval x (1 ± RandomizationFactor), and the
// interval grows by Multiplier up to MaxInterval.
type ExponentialDefaults struct {
	InitialInterval, MaxInterval time.Duration
	RandomizationFactor          float64
	Multiplier                   float64
	Source                       string
}

var CenkaltiExponential = ExponentialDefaults{
	InitialInterval: 500 * time.Millisecond, MaxInterval: 60 * time.Second,
	RandomizationFactor: 0.5, Multiplier: 1.5,
	Source: "https://github.com/cenkalti/backoff/blob/v5.0.3/exponential.go",
}

// A TotalTime is a retry library's limit on the total time of its retries.
// Both of cenkalti/backoff's stop the retries, rather than cancel an
// attempt, when the time elapsed since the first attempt plus the next wait
// would pass the limit: no attempt starts after it. Zero means no limit.
// retry-go (v4.7.0, v5.1.1) has none: its MaxDelay caps each wait, and only
// the context of its Context option ends the retries in time.
// go-retryablehttp (v0.7.8) has none either: its client's
// HTTPClient.Timeout bounds each attempt.
type TotalTime struct {
	Pkg string
	// Recv is the type whose field Name holds the limit; "" where Name is
	// an option function.
	Recv, Name string
	// Default is the limit where the backoff's constructor or the runner
	// sets it and the code does not.
	Default time.Duration
	Source  string
}

// TotalTimes lists the total-time settings of the retry libraries.
var TotalTimes = []TotalTime{
	{
		// NewExponentialBackOff sets DefaultMaxElapsedTime; NextBackOff
		// returns Stop once elapsed+next > MaxElapsedTime.
		Pkg: CenkaltiV4, Recv: "ExponentialBackOff", Name: "MaxElapsedTime", Default: 15 * time.Minute,
		Source: "https://github.com/cenkalti/backoff/blob/v4.3.0/exponential.go",
	},
	{
		Pkg: CenkaltiV4, Name: "WithMaxElapsedTime", Default: 15 * time.Minute,
		Source: "https://github.com/cenkalti/backoff/blob/v4.3.0/exponential.go",
	},
	{
		// Retry starts with DefaultMaxElapsedTime and returns once
		// time.Since(startedAt)+next > MaxElapsedTime.
		Pkg: CenkaltiV5, Name: "WithMaxElapsedTime", Default: 15 * time.Minute,
		Source: "https://github.com/cenkalti/backoff/blob/v5.0.3/retry.go",
	},
}

// TotalTimeOf returns the row of the total-time setting name (a field of
// recv, or an option function when recv is "") of the package at path, or
// nil.
func TotalTimeOf(path, recv, name string) *TotalTime {
	for i := range TotalTimes {
		if t := &TotalTimes[i]; t.Pkg == path && t.Recv == recv && t.Name == name {
			return t
		}
	}
	return nil
}

// A WaitKnobs names where a retrying HTTP client keeps its waits and the
// client that makes each attempt, with what its constructor sets.
type WaitKnobs struct {
	// Min and Max are the fields of the shortest and longest wait, Func the
	// field of the function that computes each wait from them, and
	// DefaultFunc the function the constructor puts there.
	Min, Max, Func, DefaultFunc string
	CtorMin, CtorMax            time.Duration
	// HTTPClient is the field of the *http.Client that sends each attempt:
	// its Timeout bounds one attempt. The constructor's has none.
	HTTPClient string
	Source     string
}

// RetryableHTTPWaits is go-retryablehttp's (its Client is RetryMax's Pkg
// and Type): NewClient sets RetryWaitMin 1s, RetryWaitMax 30s and
// DefaultBackoff, which waits min x 2^i before retry i+1, capped at max (on
// a 429 or 503, the server's Retry-After instead, uncapped); Do waits on
// the request's context and sends each attempt through HTTPClient.
var RetryableHTTPWaits = WaitKnobs{
	Min: "RetryWaitMin", Max: "RetryWaitMax", Func: "Backoff", DefaultFunc: "DefaultBackoff",
	CtorMin: time.Second, CtorMax: 30 * time.Second,
	HTTPClient: "HTTPClient",
	Source:     "https://github.com/hashicorp/go-retryablehttp/blob/v0.7.8/client.go",
}

// RetryGoDefaults are what avast/retry-go's Do (v4) and New (v5) start
// from: 10 attempts, and before retry k a wait of Delay << (k-1) plus a
// random delay below MaxJitter (CombineDelay(BackOffDelay, RandomDelay)),
// capped at MaxDelay when it is set. It has no total-time setting: only
// the context of its Context option ends the retries in time.
var RetryGoDefaults = struct {
	Attempts         int
	Delay, MaxJitter time.Duration
	Source           string
}{
	Attempts: 10, Delay: 100 * time.Millisecond, MaxJitter: 100 * time.Millisecond,
	Source: "https://github.com/avast/retry-go/blob/v4.7.0/retry.go",
}
