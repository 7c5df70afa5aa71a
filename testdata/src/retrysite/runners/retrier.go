package runners

// Retrier runs an operation with the retries the configuration asks for:
// one implementation retries it, the other calls it once. A call of Do can
// be a retry.
type Retrier interface {
	Do(op func() error) error // want Do:`runner\(op 0, an unknown number of attempts, waits unknown\)`
}

// Limited retries up to its configured limit.
type Limited struct{ limit int }

func (l *Limited) Do(op func() error) error { // want Do:`runner\(op 0, an unknown number of attempts, waits unknown\)` Do:`retries\(an unknown number of attempts\)` Do:`reach\(local, calls param 0\)`
	var err error
	for i := 0; i <= l.limit; i++ {
		if err = op(); err == nil {
			return nil
		}
	}
	return err
}

// Single calls the operation once.
type Single struct{}

func (Single) Do(op func() error) error { return op() } // want Do:`reach\(local, calls param 0\)`

// Executor runs an operation; none of its implementations retries, so a
// call of Run is no retry.
type Executor interface {
	Run(op func() error) error
}

type inline struct{}

func (inline) Run(op func() error) error { return op() } // want Run:`reach\(local, calls param 0\)`
