module github.com/retrylint/retrylint/bench/retrycompare

go 1.25.0

require (
	github.com/cenkalti/backoff/v5 v5.0.3
	github.com/hashicorp/go-retryablehttp v0.7.8
	github.com/retrylint/retrylint v0.0.0
)

require github.com/hashicorp/go-cleanhttp v0.5.2 // indirect

replace github.com/retrylint/retrylint => ../..
