package redis

import (
	"context"
	"sync/atomic"
	"time"
)

// AutoPipelineOptions is autopipeline.go's AutoPipelineOptions (some fields).
type AutoPipelineOptions struct {
	MaxBatchSize  int
	MaxBatchBytes int
	MaxFlushDelay time.Duration
	AdaptiveDelay bool
}

// AutoPipeliner is autopipeline.go's AutoPipeliner (some fields).
type AutoPipeliner struct {
	cmdable
	config *AutoPipelineOptions
	ctx    context.Context
}

type apStripe struct {
	queueLen   atomic.Int32
	queueBytes atomic.Int64
}

type apShard struct {
	ap      *AutoPipeliner
	stripes []apStripe
	notify  chan struct{}
}

// accumulateBatch is the real one without its default path: it waits for
// more commands until the batch is full or the configured window ends. The
// loop re-reads the shard's own counters, nothing remote: no retry, though
// the window is fixed (nojitter's InsideSDK case).
func (s *apShard) accumulateBatch() {
	ap := s.ap
	batchSize := ap.config.MaxBatchSize
	if batchSize <= 0 {
		batchSize = 1
	}
	if s.Len() >= batchSize || s.bytesFull() {
		return
	}
	window := ap.calculateDelay(s.Len())
	if window <= 0 {
		return
	}
	deadline := time.NewTimer(window)
	defer deadline.Stop()
	for {
		select {
		case <-ap.ctx.Done():
			return
		case <-deadline.C:
			return
		case <-s.notify:
			if s.Len() >= batchSize || s.bytesFull() {
				return
			}
		}
	}
}

func (s *apShard) Len() int {
	n := 0
	for i := range s.stripes {
		n += int(s.stripes[i].queueLen.Load())
	}
	return n
}

func (s *apShard) bytesFull() bool {
	limit := int64(s.ap.config.MaxBatchBytes)
	if limit <= 0 {
		return false
	}
	var n int64
	for i := range s.stripes {
		n += s.stripes[i].queueBytes.Load()
		if n >= limit {
			return true
		}
	}
	return false
}

func (ap *AutoPipeliner) calculateDelay(queueLen int) time.Duration {
	maxDelay := ap.config.MaxFlushDelay
	if maxDelay == 0 || !ap.config.AdaptiveDelay {
		return maxDelay
	}
	if queueLen == 0 {
		return 0
	}
	return maxDelay / 2
}
