package retry

import (
	"context"
	"math"
	"sync"
	"testing"
)

// attemptsAgainstDeadDependency runs requests that each try once and retry
// up to maxRetries times against a dependency that always fails (the retry
// budget of the AWS Builders' Library's "Timeouts, retries, and backoff with
// jitter", https://aws.amazon.com/builders-library/timeouts-retries-and-backoff-with-jitter/),
// and counts attempts and the retries the budget allowed
// and refused. A refused retry ends its request.
func attemptsAgainstDeadDependency(b *Budget, requests, maxRetries int) (attempts, allowed, refused int) {
	for range requests {
		b.OnRequest()
		attempts++
		for range maxRetries {
			if !b.TryRetry() {
				refused++
				break
			}
			allowed++
			attempts++
		}
	}
	return attempts, allowed, refused
}

func TestBudgetSeedFigures(t *testing.T) {
	if got, _, _ := attemptsAgainstDeadDependency(nil, 1000, 3); got != 4000 {
		t.Errorf("no budget: %d attempts, want 4000", got)
	}
	attempts, allowed, refused := attemptsAgainstDeadDependency(NewBudget(0.1, 10), 1000, 3)
	if attempts != 1109 || allowed != 109 || refused != 997 {
		t.Errorf("NewBudget(0.1, 10): %d attempts, %d retries allowed, %d refused; want 1109, 109, 997", attempts, allowed, refused)
	}
}

// TestBudgetTenthsAreExact is why the bucket counts in integers: ten
// requests at ratio 0.1 must buy exactly one retry, which float64 sums
// (0.1+0.1+... = 0.9999999999999999) do not.
func TestBudgetTenthsAreExact(t *testing.T) {
	b := NewBudget(0.1, 1)
	if !b.TryRetry() {
		t.Fatal("a new budget is not full")
	}
	for i := range 10 {
		if b.TryRetry() {
			t.Fatalf("retry allowed after %d requests, want after 10", i)
		}
		b.OnRequest()
	}
	if !b.TryRetry() {
		t.Fatal("10 requests at ratio 0.1 did not buy one retry")
	}
}

func TestBudgetHoldsAtMostMax(t *testing.T) {
	b := NewBudget(1, 3)
	for range 100 {
		b.OnRequest()
	}
	n := 0
	for b.TryRetry() {
		n++
	}
	if n != 3 {
		t.Errorf("%d retries from a full bucket of 3, want 3", n)
	}
}

func TestBudgetOddArguments(t *testing.T) {
	for _, tc := range []struct {
		ratio, max float64
		retries    int // from the full bucket, after 5 requests
	}{
		{0.5, 0.5, 0}, // a max below 1 allows no retry
		{-1, 2, 2},    // a negative ratio adds nothing
		{math.NaN(), math.NaN(), 0},
		{0, 0, 0},
		{1, math.Inf(1), 1 << 20}, // effectively unbounded; stop counting
	} {
		b := NewBudget(tc.ratio, tc.max)
		for range 5 {
			b.OnRequest()
		}
		n := 0
		for n < 1<<20 && b.TryRetry() {
			n++
		}
		if n != tc.retries {
			t.Errorf("NewBudget(%v, %v): %d retries, want %d", tc.ratio, tc.max, n, tc.retries)
		}
	}
}

func TestNilBudgetAllowsEveryRetry(t *testing.T) {
	var b *Budget
	b.OnRequest()
	for range 10 {
		if !b.TryRetry() {
			t.Fatal("nil budget refused a retry")
		}
	}
}

// TestBudgetConcurrent spends a budget from many goroutines: run with -race.
// Whatever the interleaving, no more retries are allowed than tokens were
// put in.
func TestBudgetConcurrent(t *testing.T) {
	b := NewBudget(0.5, 10)
	var wg sync.WaitGroup
	var mu sync.Mutex
	allowed := 0
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := 0
			for range 1000 {
				b.OnRequest()
				if b.TryRetry() {
					n++
				}
			}
			mu.Lock()
			allowed += n
			mu.Unlock()
		}()
	}
	wg.Wait()
	// 10 to start with and 0.5 per request for 8000 requests: at most 4010.
	if allowed > 4010 || allowed < 3990 {
		t.Errorf("%d retries allowed, want about 4010 and at most 4010", allowed)
	}
}

func BenchmarkBudget(b *testing.B) {
	b.Run("healthy", func(b *testing.B) { // the bucket stays full: OnRequest only reads
		bu := NewBudget(0.1, 10)
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				bu.OnRequest()
			}
		})
	})
	b.Run("failing", func(b *testing.B) { // every request retries: the bucket is contended
		bu := NewBudget(0.1, 10)
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				bu.OnRequest()
				bu.TryRetry()
			}
		})
	})
}

// TestZeroBudgetIsTheDefault: the zero Budget is ready to use and is
// NewBudget(0.1, 10), rather than a bucket that refuses every retry.
func TestZeroBudgetIsTheDefault(t *testing.T) {
	var b Budget
	attempts, allowed, refused := attemptsAgainstDeadDependency(&b, 1000, 3)
	if attempts != 1109 || allowed != 109 || refused != 997 {
		t.Errorf("zero Budget: %d attempts, %d retries allowed, %d refused; want NewBudget(0.1, 10)'s 1109, 109, 997", attempts, allowed, refused)
	}
	calls := 0
	do(t, context.Background(), Policy{MaxAttempts: 3, Budget: &Budget{}}, newFakeClock(), func(context.Context) error {
		calls++
		return errDown
	})
	if calls != 3 {
		t.Errorf("Do with a zero Budget made %d attempts, want 3", calls)
	}
}
