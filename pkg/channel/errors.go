package channel

import (
	"errors"
	"fmt"
	"time"
)

// ErrUnsupported is returned for what a channel cannot do at all (the Graph API has no
// edit or delete): retrying can't help, so delivery gives up at once.
var ErrUnsupported = errors.New("channel: not supported by this channel")

// ErrPermanent marks a failure no retry can fix (a refused recipient, a closed 24-hour
// window); wrap it with fmt.Errorf("%w: …", ErrPermanent).
var ErrPermanent = errors.New("channel: permanent failure")

// RetryLater is a failure the provider asked us to wait out (rate limits): the worker
// retries the task after Delay instead of its usual back-off.
type RetryLater struct {
	Delay time.Duration
	Err   error
}

func (e *RetryLater) Error() string { return fmt.Sprintf("retry in %s: %v", e.Delay, e.Err) }
func (e *RetryLater) Unwrap() error { return e.Err }

// Final reports an error that retrying can't fix.
func Final(err error) bool { return errors.Is(err, ErrUnsupported) || errors.Is(err, ErrPermanent) }
