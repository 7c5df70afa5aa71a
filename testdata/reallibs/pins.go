// Package reallibs is an end-to-end module that imports the REAL libraries
// retrylint knows, at pinned versions downloaded through the module proxy. Its
// subpackages are the same cases as the analysistest stubs under testdata/src,
// written against the real APIs, so the tests prove the analyzers see the real
// libraries exactly as they see the stubs.
//
// This file keeps every pinned module in the build, so that a change of a
// library's API breaks `go build` here before it silently breaks a stub. It
// also imports retrylint's own retry package, which the analyzers' fixes
// add, so that the fixed module still resolves it (internal/proof builds it).
package reallibs

import (
	_ "cloud.google.com/go/storage"
	_ "github.com/Azure/azure-sdk-for-go/sdk/azcore"
	_ "github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	_ "github.com/Azure/azure-sdk-for-go/sdk/security/keyvault/azsecrets"
	_ "github.com/avast/retry-go/v4"
	_ "github.com/avast/retry-go/v5"
	_ "github.com/aws/aws-sdk-go-v2/aws"
	_ "github.com/aws/aws-sdk-go-v2/aws/retry"
	_ "github.com/aws/aws-sdk-go-v2/config"
	_ "github.com/aws/aws-sdk-go-v2/service/dynamodb"
	_ "github.com/aws/aws-sdk-go-v2/service/s3"
	_ "github.com/aws/aws-sdk-go/aws/session"
	_ "github.com/aws/aws-sdk-go/service/dynamodb"
	_ "github.com/aws/aws-sdk-go/service/s3"
	_ "github.com/cenkalti/backoff/v4"
	_ "github.com/cenkalti/backoff/v5"
	_ "github.com/cloudflare/backoff"
	_ "github.com/coder/websocket"
	_ "github.com/eapache/go-resiliency/retrier"
	_ "github.com/elastic/go-elasticsearch/v8"
	_ "github.com/failsafe-go/failsafe-go"
	_ "github.com/failsafe-go/failsafe-go/retrypolicy"
	_ "github.com/go-resty/resty/v2"
	_ "github.com/gogo/protobuf/proto"
	_ "github.com/golang/snappy"
	_ "github.com/google/uuid"
	_ "github.com/googleapis/gax-go/v2"
	_ "github.com/grafana/dskit/backoff"
	_ "github.com/grafana/loki/pkg/push"
	_ "github.com/hashicorp/go-cleanhttp"
	_ "github.com/hashicorp/go-retryablehttp"
	_ "github.com/jpillora/backoff"
	_ "github.com/minio/minio-go/v7"
	_ "github.com/prometheus/client_golang/prometheus"
	_ "github.com/redis/go-redis/v9"
	_ "github.com/retrylint/retrylint/retry"
	_ "github.com/sethvargo/go-retry"
	_ "github.com/stripe/stripe-go/v82"
	_ "go.uber.org/zap"
	_ "golang.org/x/sync/errgroup"
	_ "k8s.io/apimachinery/pkg/util/wait"
	_ "k8s.io/client-go/rest"
	_ "k8s.io/client-go/util/retry"
)
