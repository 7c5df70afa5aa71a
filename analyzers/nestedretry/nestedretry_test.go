package nestedretry_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/testutil"
	"github.com/retrylint/retrylint/analyzers/nestedretry"
)

func TestAWSv2(t *testing.T) {
	testutil.Run(t, nestedretry.Analyzer, "nestedretry/awsv2")
}

func TestAWSv2Fix(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, nestedretry.Analyzer, "nestedretry/awsfix")
}

func TestGoRedis(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, nestedretry.Analyzer, "nestedretry/goredis")
}

func TestRetryableHTTP(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, nestedretry.Analyzer, "nestedretry/rhttp")
}
