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
}

// NewCampaignStart starts a scheduled campaign at its start time. The TaskID names the
// time, so a rescheduled campaign gets a new task and the old one finds nothing to do.
func NewCampaignStart(companyID, campaignID int64, at time.Time) (*asynq.Task, error) {
	return newTask(TypeCampaignStart, CampaignRef{companyID, campaignID}, asynq.Queue(QueueDefault),
		asynq.MaxRetry(10), asynq.Timeout(2*time.Minute), asynq.ProcessAt(at),
		asynq.TaskID(fmt.Sprintf("%s:%d:%d", TypeCampaignStart, campaignID, at.Unix())))
}

// NewCampaignTick wakes a campaign's pacer at its next send time (the campaign's
// next_send_at, persisted). The TaskID is the campaign and that time: a pacer that queues
// its next step twice, or a reconciler requeuing it, queues it once; a tick delivered twice
// finds the cursor moved on and sends nothing.
func NewCampaignTick(companyID, campaignID int64, at time.Time) (*asynq.Task, error) {
	return newTask(TypeCampaignTick, CampaignRef{companyID, campaignID}, asynq.Queue(QueueDefault),
		asynq.MaxRetry(20), asynq.Timeout(2*time.Minute), asynq.ProcessAt(at),
		asynq.TaskID(fmt.Sprintf("%s:%d:%d", TypeCampaignTick, campaignID, at.UnixMilli())))
}
