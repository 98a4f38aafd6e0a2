package tasks

import (
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// TypeScheduleFire sends one occurrence of a scheduled message at its time.
const TypeScheduleFire = "schedule:fire"

// ScheduleFire names a schedule's send: its number (1 for the first) and the time it was
// planned for. A task whose schedule changed since (edited, moved, already sent) finds
// nothing to do.
type ScheduleFire struct {
	CompanyID  int64     `json:"companyId"`
	ScheduleID int64     `json:"scheduleId"`
	Occurrence int       `json:"occurrence"`
	SendAt     time.Time `json:"sendAt"`
}

// NewScheduleFire fires at p.SendAt (at once when it is past). The TaskID names the
// schedule, the send and its time, so the api, a retry and the reconciler enqueue it once,
// and a moved schedule gets a task of its own while the old one ends as a no-op. Done tasks
// are not retained: the reconciler may enqueue the id again if a send was left undone (and
// an archived one, whose retries all failed, is replaced).
func NewScheduleFire(p ScheduleFire) (*asynq.Task, error) {
	return newTask(TypeScheduleFire, p, asynq.Queue(QueueDefault), asynq.MaxRetry(8), asynq.Timeout(time.Minute),
		asynq.ProcessAt(p.SendAt), asynq.TaskID(ScheduleFireID(p)))
}

// ScheduleFireID is the TaskID of p's task (in QueueDefault): the schedule, the send and its
// time. A task that failed for good is archived under it; the reconciler deletes that one
// before it enqueues the send again (schedule.Requeue).
func ScheduleFireID(p ScheduleFire) string {
	return fmt.Sprintf("%s:%d:%d:%d", TypeScheduleFire, p.ScheduleID, p.Occurrence, p.SendAt.Unix())
}
