package sandbox

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm/clause"

	"atende/pkg/channel"
	"atende/pkg/connection"
)

// KindTyping is the outbox row of a "typing…" indicator: the simulator and GET
// /sandbox/{id}/outbound see it between the messages, as a phone would show it.
const KindTyping = "typing"

var _ channel.Typer = Channel{}

// Typing records "typing…" once per announced message (its row's message_id is the
// message's negated, so it never takes the message's own place). The row is born read
// (ack 3): it is no delivery, and no receipt round reports it. Off removes it.
func (c Channel) Typing(ctx context.Context, conn connection.Connection, t channel.Typing) error {
	if t.MessageID <= 0 {
		return nil
	}
	db := c.DB.WithContext(ctx)
	if !t.On {
		return db.Where("connection_id = ? AND message_id = ? AND kind = ?", conn.ID, -t.MessageID, KindTyping).
			Delete(&Outbox{}).Error
	}
	row := Outbox{CompanyID: conn.CompanyID, ConnectionID: conn.ID, MessageID: -t.MessageID,
		ProviderID: fmt.Sprintf("SBXT%d-%d", conn.ID, t.MessageID), Number: t.To, Kind: KindTyping, Ack: 3,
		CreatedAt: time.Now().Truncate(time.Microsecond)}
	return db.Clauses(clause.OnConflict{DoNothing: true}).Create(&row).Error
}
