package schedule

import (
	"context"
)

// A schedule's image is stored once: every message it writes in a ticket (each send of a
// recurring schedule) names the same file. So a file leaves storage only when neither a
// message nor another schedule of the company still names it.

// removeUnused deletes rel from storage unless the decision taken in the transaction was
// that something still names it.
func (s Service) removeUnused(ctx context.Context, rel string, used bool) {
	if s.Media == nil || rel == "" || used {
		return
	}
	_ = s.Media.Remove(rel)
}
