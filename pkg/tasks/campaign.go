package tasks

import (
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// Campaign task types.
const (
	TypeCampaignStart = "campaign:start"
	TypeCampaignTick  = "campaign:tick"
)

// CampaignRef names one campaign of a company.
type CampaignRef struct {
	CompanyID  int64 `json:"companyId"`
	CampaignID int64 `json:"campaignId"`
	At         int64 `json:"at,omitempty"` // a tick: the time it was queued for (Unix ms)
}

// NewCampaignStart starts a scheduled campaign at its start time. The TaskID names the
// time, so a rescheduled campaign gets a new task and the old one finds nothing to do.
func NewCampaignStart(companyID, campaignID int64, at time.Time) (*asynq.Task, error) {
	return newTask(TypeCampaignStart, CampaignRef{CompanyID: companyID, CampaignID: campaignID}, asynq.Queue(QueueDefault),
		asynq.MaxRetry(10), asynq.Timeout(2*time.Minute), asynq.ProcessAt(at),
		asynq.TaskID(fmt.Sprintf("%s:%d:%d", TypeCampaignStart, campaignID, at.Unix())))
}

// NewCampaignTick wakes a campaign's pacer at its next send time (the campaign's
// next_send_at, persisted). The TaskID is the campaign and that time: a pacer that queues
// its next step twice, or a reconciler requeuing it, queues it once; a tick delivered twice
// finds the cursor moved on and sends nothing. asynq keeps a task's time in whole seconds
// (truncated), so it runs at the next whole second: never before the cursor.
func NewCampaignTick(companyID, campaignID int64, at time.Time) (*asynq.Task, error) {
	return newTask(TypeCampaignTick, CampaignRef{companyID, campaignID, at.UnixMilli()}, asynq.Queue(QueueDefault),
		asynq.MaxRetry(20), asynq.Timeout(2*time.Minute), asynq.ProcessAt(ceilSecond(at)),
		asynq.TaskID(fmt.Sprintf("%s:%d:%d", TypeCampaignTick, campaignID, at.UnixMilli())))
}

// NewCampaignTickAfterEarly queues the tick again from a tick that ran before the cursor (a
// worker whose clock is behind another's): its own TaskID is still held by the running
// task, so this one is told apart by when it was queued.
func NewCampaignTickAfterEarly(companyID, campaignID int64, at, now time.Time) (*asynq.Task, error) {
	return newTask(TypeCampaignTick, CampaignRef{companyID, campaignID, at.UnixMilli()}, asynq.Queue(QueueDefault),
		asynq.MaxRetry(20), asynq.Timeout(2*time.Minute), asynq.ProcessAt(ceilSecond(at)),
		asynq.TaskID(fmt.Sprintf("%s:%d:%d:early%d", TypeCampaignTick, campaignID, at.UnixMilli(), now.UnixMilli())))
}

func ceilSecond(t time.Time) time.Time {
	if r := t.Truncate(time.Second); !r.Equal(t) {
		return r.Add(time.Second)
	}
	return t
}
