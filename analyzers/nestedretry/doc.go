// Package nestedretry defines an Analyzer that reports retries wrapped
// around calls that already retry.
//
// # Analyzer nestedretry
//
// nestedretry: report retries wrapped around calls that already retry
//
// Retries at several layers multiply. Each layer treats the failure of the
// layer below as a reason to try again, so three layers of four attempts make
// 4 x 4 x 4 = 64 calls to a failing dependency for one user request, and five
// layers of three make 243: the retries meant to ride out a blip become the
// load that keeps the dependency down. Most SDKs already retry by default, so
// a retry loop written around an SDK call is the commonest way to build such
// a multiplier without knowing it.
//
// The analyzer reports a retry site (a retry loop, or a call to a retry
// library or to a retry helper of the user's own, as the shared retry-site
// recogniser finds them: a helper may run the operation through a
// function-typed field or variable whose values are all in sight, as a
// pacer's p.invoker(try, fn) does) whose attempt reaches an operation that
// retries too:
//
//   - a call of a client that retries by itself: aws-sdk-go-v2 service
//     operations (3 attempts by default, DynamoDB 4), aws-sdk-go v1 service
//     operations (4, DynamoDB 11), go-retryablehttp client
//     calls and its package functions (5), an *http.Client that
//     go-retryablehttp made (StandardClient, or a literal whose Transport is
//     its RoundTripper: as the client it wraps), go-redis commands on
//     *redis.Client, *redis.Ring, redis.UniversalClient (4; the options of
//     NewUniversalClient are read for the client it picks) and
//     *redis.ClusterClient (4, through MaxRedirects),
//     k8s client-go rest requests (11), minio-go (10), cloud.google.com/go/storage
//     reads (no limit but the context), go-elasticsearch (4), stripe-go service
//     calls (3), resty requests whose client set a retry count, Azure SDK
//     clients built on azcore (4: any exported method taking a context first,
//     of a type holding an *azcore.Client), Google Cloud GAPIC calls that pass
//     gax.WithRetry with a retryer (no limit but the context), and the
//     clients declared with -clients;
//   - a call of a function that retries, in the same package or another (known
//     through a fact), through any depth of calls.
//
// A client the code did not visibly build (a parameter, a field set from
// one, a constructor of unknown configuration) has the library's default
// retries: they are on unless something the analysis sees turns them off.
// A variable given several clients (the shared one, or a clone made for one
// call) has the count they agree on, and a clone that copies its count
// (RetryMax: c.client.RetryMax) has the count of the client it copies; one
// whose clients disagree is not counted.
//
// Interfaces are followed both ways. A call of an interface method made on
// a struct field or local variable leads where the values the package gives
// it lead, when every one of them (outside test files, where test doubles
// live) is of a concrete type whose method retries: an s3Interface field
// that the constructor sets only to *s3.Client values. Otherwise it leads
// where the package's own implementations of the method lead, when every
// one of them (outside test files) leads to retries: a Client interface with
// an S3-backed implementation. A retry of an interface method declared in the
// package marks the method with a fact ("retried by (*Stage).Deliver, a
// retry loop of up to 4 attempts"), also when the retry runs it through a
// function of the package that hands its failure back (alertmanager's
// RetryStage retries Integration.Notify, which calls a Notifier); a package
// that imports it and implements the interface reports, in the
// implementing method, the calls that retry:
//
//	(*Webhook).Notify is retried by (*pipeline.Stage).Deliver (a retry loop
//	of up to 4 attempts) and calls retryablehttp.Client.Post, which makes up
//	to 5 attempts (the library default) itself: up to 20 calls in all; let
//	one layer own the retries
//
// A retry of an interface of another package, and an implementation of it
// in a package the retry's never imports, meet only in the program that
// links both: restic's retry.Backend wraps any backend.Backend, and its S3,
// Azure and GCS backends, in sibling packages, call SDKs that retry. Each
// package carries both sides of its imports up in a package fact (the
// retried interface methods, and the methods that implement one and lead to
// retries). A package that retries such a method itself, or implements one,
// with the other side in sight reports the pair at its own call, once. Any
// other pair is reported by each program (package main) that links both
// sides, at the import that brings the implementations in (cmd/restic's
// import of the package that registers the backends): a library that
// imports both need not put one inside the other. The message names each
// layer's place, as "package path/file.go:line":
//
//	retry call of an unknown number of attempts in (*retry.Backend).Save
//	(at .../internal/backend/retry/backend_retry.go:172) retries
//	backend.Backend.Save, and in this program that can be (*s3.s3).Save (at
//	.../internal/backend/s3/s3.go:285), which calls minio.Client.PutObject,
//	which makes up to 10 attempts (the library default): ...
//
// The retried method may lie behind other interfaces: loki's compactor
// retries storage.IndexSet.DeleteFile, whose implementation reaches
// client.ObjectClient.DeleteObject through a second interface. A function
// that hands back the failure of a call of an interface method, directly or
// through functions and interfaces its package implements, carries a fact
// naming the method, so that a retry of the function is a retry of the
// method too ("retries client.ObjectClient.DeleteObject (through
// storage.IndexSet.DeleteFile)"), also when goroutines it starts send the
// call's error on a channel and it hands back what it receives (loki's
// client.PutChunks). Only methods shaped as remote operations, a
// context.Context first and an error last, are followed.
//
// Like any resolution by the types a program links in, this says what the
// program can run, not what one configuration does. Implementations whose
// retries stay in the process (a syscall repeated on EINTR), methods that
// return no error, interfaces of the standard library and of the SDKs
// themselves, and wiring in files that import "testing" are left out.
//
// The diagnostic stands at the outermost retry site, on the call in its
// attempt that leads down, names the chain and gives the product of the
// attempts ("per request" in an HTTP handler, "in all" elsewhere):
//
//	retry loop of up to 5 attempts calls s3.Client.PutObject, which makes up
//	to 3 attempts (the library default) itself: up to 15 calls in all; let
//	one layer own the retries
//
// It says only what it knows. A layer that stops on a clock (a deadline in
// the loop's condition or in an if that leaves it, a timer or a context with
// a timeout made before the loop, cenkalti/backoff's MaxElapsedTime, 15
// minutes by default, and WithMaxTries, read at each call of a function that
// hands its options on to it) is "bounded by time", not unbounded; a count it cannot
// read is "an unknown number of attempts", and then the figure is what the
// other layer's count gives ("up to 3 calls for each of its attempts"); two
// layers that both have no figure are not reported. A loop that counts its
// attempts by a parameter makes what each call passes there, through the
// functions that hand it on (rclone's pacer.CallNoRetry, call(fn, 1), makes
// one: no layer). Counts follow the libraries: cenkalti's
// WithMaxRetries(b, 10) makes 11 attempts.
//
// Layers multiply only where the outer one runs the inner one again after
// it failed, so the attempt is followed from the failure of the call, with
// an error the layers below retry. It is not reported when every such path
// leaves the retry: the loop returns or breaks as soon as the call fails,
// or drops its error and leaves on every path after it, as after a success;
// the operation hands the runner a permanent error (backoff.Permanent,
// retry-go's Unrecoverable, retry.Permanent), go-retry gets an error not
// marked RetryableError, a k8s wait condition returns the error; or the
// retry goes around only on errors the clients below never retry: S3
// NoSuchKey, NotFound and NoSuchBucket, DynamoDB
// ConditionalCheckFailedException and TransactionCanceledException,
// go-redis Nil and TxFailedErr, Kubernetes conflicts (errors.IsConflict,
// IsNotFound, IsAlreadyExists; client-go's retry.RetryOnConflict), and the
// user's own errors (a sentinel or a type of the package or its module that
// wraps no other error and that no function returns in place of a failed
// call's error), tested with errors.Is, errors.As, ==, or a type switch.
// These exemptions hold when the layers below are clients only: a retry
// loop of the user's own below may retry those errors too. Nor is it
// reported when the retry leaves on the error a retry loop of the user's own
// below hands back when its attempts run out (a sentinel the statement after
// that loop returns, by itself or wrapped with fmt.Errorf's %w or
// errors.Join, as ollama's blob upload wraps errMaxRetriesExceeded), tested
// with errors.Is (== only for one returned by itself): the exhausted layer
// is never run again. Another package learns it from the function's fact
// ("runs out with wrapped example.com/upload.ErrMaxRetries").
//
// It does not report:
//
//   - a client whose retries are visibly turned off: an AWS call given an
//     option that sets RetryMaxAttempts = 1 or Retryer = aws.NopRetryer{}; a
//     client built in the package, returned by a constructor known through a
//     fact, or held in a struct field that the package only ever sets that
//     way, with config.WithRetryMaxAttempts(1), config.WithRetryer returning
//     aws.NopRetryer{}, retry.AddWithMaxAttempts(r, 1), or those options on
//     New or NewFromConfig; go-redis MaxRetries: -1 (MaxRedirects: -1 for a
//     cluster client); go-retryablehttp RetryMax = 0, or a Client literal
//     without it; aws-sdk-go v1 MaxRetries of 0 or client.NoOpRetryer{};
//     rest MaxRetries(0); storage WithPolicy(RetryNever); elasticsearch
//     DisableRetry: true; stripe MaxNetworkRetries of 0; Azure client
//     options with Retry.MaxRetries below zero, or a context from
//     policy.WithRetryOptions that sets it; gax.WithRetry returning nil;
//   - a GAPIC call without a retry option: its generated per-method defaults
//     are not visible at the call, and many methods have none, so the shape
//     alone would cry wolf (declare the methods known to retry with
//     -clients);
//   - a retry configuration it cannot read (a retryer of unknown origin,
//     options passed through a slice): the code leaves the bound open;
//   - an *http.Client that go-retryablehttp did not visibly make, which
//     does not retry;
//   - calls before or after a retry site rather than in its attempt;
//   - retrylint's retry.Do inside another retry.Do, which then makes a single
//     attempt (unless its Policy sets RetryNested);
//   - a loop over items that calls a client once per item (not a retry
//     site), and a retry site around a function that walks items without
//     retrying;
//   - a loop without bound and without wait as an inner layer (a
//     compare-and-swap loop far more often than a retry);
//   - an unbounded inner layer given no context, called for numbers or
//     strings alone or for nothing (a reload that loops until it reads and
//     returns the revision): it comes back only once the layers below it
//     succeeded, so the site around it never retries its failure;
//   - a walk over a pool of servers, each tried once
//     (for i := 0; i < len(pool); i++ { dial(pool[i]) }, or from an
//     offset, pool[(off+i)%len(pool)]), as a range over them is: no
//     retry site at all;
//   - database/sql, whose bad-connection retries only replace a dead pooled
//     connection and cannot be turned off, and the standard library in
//     general;
//   - retry sites in _test.go files, which wait for test fixtures rather
//     than multiply a production request.
//
// An option that raises the attempts is reported with its figure, and
// RetryMaxAttempts = 0 is reported too: it means "the default", not "off".
//
// Fixes, where one is mechanical and safe: an aws-sdk-go-v2 call in the
// attempt gets the per-call option func(o *s3.Options) { o.RetryMaxAttempts
// = 1 } (the Options type taken from the operation's signature, its package
// imported under a name that does not clash), so that the retry site is the
// one owner of the retries; a go-redis client (not a cluster client, whose
// redirects also follow MOVED replies) or a go-retryablehttp client built in
// the same function as the retry site gets MaxRetries: -1 or RetryMax = 0.
// Layers of the user's own get no fix: which layer keeps the retries needs a
// person; the message names the layers that retry.
//
// Flags:
//
//	-clients list   retrying clients of your own, comma-separated, each
//	                importpath.Type.Method=N or importpath.Func=N, where N is
//	                the attempts a call makes (the first included); they are
//	                matched by type, like the built-in table
package nestedretry
