package worker

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"atende/pkg/channel"
	"atende/pkg/channel/sandbox"
	"atende/pkg/inbound"
)

// A provider's "wait" (Graph rate limits) sets the retry delay, even wrapped; other errors
// back off as asynq does.
func TestRetryDelayHonoursRetryLater(t *testing.T) {
	later := fmt.Errorf("send: %w", &channel.RetryLater{Delay: 7 * time.Second, Err: errors.New("throttled")})
	if d := retryDelay(5, later, nil); d != 7*time.Second {
		t.Fatalf("delay %s, want 7s", d)
	}
	if d := retryDelay(1, errors.New("boom"), nil); d == 7*time.Second || d <= 0 {
		t.Fatalf("default delay %s", d)
	}
	// A receipt that overtook its send's record is retried within seconds, not minutes.
	unknown := fmt.Errorf("process: %w: wamid.X", inbound.ErrTargetUnknown)
	if d := retryDelay(0, unknown, nil); d != time.Second {
		t.Fatalf("target-unknown delay %s, want 1s", d)
	}
	round := fmt.Errorf("%w: 3 of the round", sandbox.ErrReceiptsWait)
	if d := retryDelay(1, round, nil); d != 2*time.Second {
		t.Fatalf("sandbox round delay %s, want 2s", d)
	}
}
