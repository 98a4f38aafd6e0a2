package realtime

import (
	"context"
	"encoding/json"
	"regexp"
	"strconv"

	"atende/pkg/mask"
)

// SettingValue reads a company setting for a company id.
type SettingValue func(ctx context.Context, companyID int64, key string) string

// LGPDPublisher marks events that carry contacts (tickets, messages, contacts) of a company
// with lgpdHideNumber enabled, so the hub masks their numbers for profile users, as the
// API does. It wraps the real publisher.
type LGPDPublisher struct {
	Publisher
	Setting SettingValue
}

var contactEvent = regexp.MustCompile(`^company-(\d+)-(ticket|appMessage|contact)$`)

// Publish marks and forwards ev.
func (p LGPDPublisher) Publish(ctx context.Context, ev Event) error {
	return p.Publisher.Publish(ctx, p.mark(ctx, ev))
}

func (p LGPDPublisher) mark(ctx context.Context, ev Event) Event {
	if m := contactEvent.FindStringSubmatch(ev.Name); m != nil {
		id, _ := strconv.ParseInt(m[1], 10, 64)
		ev.MaskNumbers = p.Setting(ctx, id, "lgpdHideNumber") == "enabled"
	}
	return ev
}

// maskFrame rewrites every "number" field of a frame.
func maskFrame(frame []byte) []byte {
	var v any
	if json.Unmarshal(frame, &v) != nil {
		return frame
	}
	out, err := json.Marshal(maskNumbers(v))
	if err != nil {
		return frame
	}
	return out
}

func maskNumbers(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			if s, ok := val.(string); ok && k == "number" {
				x[k] = mask.Number(s)
			} else {
				x[k] = maskNumbers(val)
			}
		}
	case []any:
		for i := range x {
			x[i] = maskNumbers(x[i])
		}
	}
	return v
}
