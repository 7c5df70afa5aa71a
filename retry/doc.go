// Package retry runs an operation again when it fails, in the ways that keep
// a slow or failing dependency from turning into an outage: bounded in time,
// in count and in rate, spread out in time, only for what is safe to repeat,
// and at one layer only. retrylint's suggested fixes call it. It uses the
// standard library only.
//
// A retry is extra load sent, by choice, to a service that has just failed.
// Each rule below bounds that load or makes it harmless; leaving one out is
// how an ordinary slowdown becomes an outage.
//
// # Backoff and jitter
//
// [Backoff] makes each wait longer than the last, up to a cap, so that a
// dependency that is down gets ever less traffic from each client. Backoff
// alone is not enough: clients that failed together, with the same rule,
// retry together, and the server sees the same spike again at every step.
// A [Jitter] rule draws each wait at random from below its ceiling, so the
// retries spread out. In a simulation of 100 clients against a server that
// serves 10 calls per 100 ms (examples/herd), plain backoff makes 550 calls
// and the last client finishes after 15.9 s; full jitter makes about 410
// calls and finishes in about 2.3 s. Full jitter is therefore the zero
// Jitter: no jitter must be asked for by name, [JitterNone]. [FullJitter]
// adds the same spread to a hand-written loop.
//
// # Attempts, timeouts and deadlines
//
// [Policy].MaxAttempts counts attempts, not retries: the first call is one.
// A timeout bounds one attempt, but the user waits for the whole call, so
// the bound that matters is the context's deadline: [Do] gives each attempt
// the smaller of Policy.AttemptTimeout and the time left, and it starts a
// retry only if, once the wait is over, there is time for an attempt: a
// quarter of AttemptTimeout, or [MinAttemptTime] without one. An attempt
// with less would only add load. A server's Retry-After (see [RetryAfter]
// and [ParseRetryAfter]) is honoured as the least wait, but only up to the
// backoff's Cap and only if it fits the deadline too; a server that asks
// for longer gets no retry, and [Transport] hands its response back.
//
// # Which failures to retry
//
// Some errors will never pass: a rejected argument, a failed authorisation.
// Retrying them only adds load, so an operation marks them [Permanent] and
// Do makes no further attempt. For HTTP, [Transport] retries only connection
// errors, timeouts and the statuses of [RetryableStatus].
//
// # What is safe to repeat
//
// A timeout does not say that the work did not happen: the server may have
// applied the request and only the reply was lost. Repeating a request is
// safe only when its method is idempotent (GET, HEAD, OPTIONS, TRACE, PUT,
// DELETE, by RFC 9110) or when it carries an idempotency key that lets the
// server recognise the repeat: [NewIdempotencyKey], sent in the
// [IdempotencyKeyHeader] header, made once per logical operation. [Transport]
// retries a POST or PATCH only with such a key; see [Repeatable].
//
// # One retry owner
//
// Retries at several layers multiply: three layers of four attempts make 64
// calls to the dependency for one user request, five layers of three make
// 243. Retry at one layer. A Do that runs inside another Do on the same
// context makes a single attempt and leaves the retries to the outer one, so
// stacked retries cannot multiply even where nobody noticed the stacking;
// [Policy].RetryNested opts out. A [Transport] used inside a Do follows the
// same rule. Only a Do that may retry owns the retries (one with
// MaxAttempts 1 leaves them to the Do inside it), and only until it
// returns, even for work that keeps its context's values beyond that.
//
// # Retry budgets
//
// A limit per request does not bound the load of all requests together:
// with three retries each, a dependency that is down receives four times
// its normal traffic exactly when it can least take it. A [Budget] shared by
// the calls to one dependency allows retries only while they stay below a
// fraction of the requests: with NewBudget(0.1, 10), 1,000 requests against a
// dead dependency make 1,109 attempts instead of 4,000. A logical request
// counts once in a Budget, however many nested Do calls share it.
//
// # Seeing the attempts
//
// [Policy].OnAttempt sees every attempt: its number, its error, what follows
// and why, the wait, the attempt's timeout and the time left. Log and count
// attempts as children of one logical request; attempts per request that
// rise above about 1.1 are a retry storm starting.
//
// # Defaults
//
// Every zero value is the safe setting, and every less safe one must be
// asked for by name:
//
//   - The zero [Policy] makes up to [DefaultMaxAttempts] (3) attempts; a
//     negative MaxAttempts means no limit, and MaxAttempts 1 no retry.
//   - The zero [Backoff] is full jitter from [DefaultBase] (100ms), capped
//     at [DefaultCap] (10s). Each field alone: a Base of zero or less is
//     DefaultBase; a Cap of zero or less is DefaultCap, or Base if Base is
//     longer; the zero Jitter is JitterFull, and a Jitter that is none of
//     the four rules counts as JitterFull. Waits in lockstep need
//     JitterNone; waits without a cap need Cap: math.MaxInt64.
//   - A Retry-After is honoured up to the Backoff's Cap; above it, Do stops
//     with [ReasonRetryAfter].
//   - AttemptTimeout zero or less: no bound per attempt beyond the context's
//     deadline. With one, [Transport] bounds the wait for headers, never the
//     reading of the body it returns.
//   - A retry starts only with a quarter of AttemptTimeout, or
//     [MinAttemptTime] (10ms), left before the deadline after its wait.
//   - A nil Budget allows every retry; the zero [Budget] is
//     NewBudget(0.1, 10), and NewBudget with a max below 1 allows none.
//   - [NewClient] always sets a Timeout, [DefaultClientTimeout] (30s) when
//     none is given; [Transport] retries only what is safe to repeat, and
//     closes the bodies it discards unread.
//   - When ctx ends, Do returns at once from a wait, and from an attempt as
//     soon as op returns: op must honour its context, since Do waits for
//     it rather than leave its goroutine behind.
package retry
