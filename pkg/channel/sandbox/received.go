package sandbox

import (
	"context"
	"time"

	"gorm.io/gorm"

	"atende/pkg/connection"
)

// Received is a message a pretend customer sent, as Atende stored it. Every simulator
// panel open on the customer shows these, whichever panel (or script) posted them.
type Received struct {
	ID         int64     `json:"id"`
	ProviderID string    `json:"providerId"` // the id it was posted with (the panel's own)
	Kind       string    `json:"kind"`       // the message's media type: chat, image, audio …
	Body       string    `json:"body"`
	MediaPath  string    `json:"-"`
	MediaName  string    `json:"mediaName"`
	MediaURL   string    `json:"mediaUrl" gorm:"-"`
	CreatedAt  time.Time `json:"createdAt"`
}

// Inbound lists what the customer number wrote to conn after message id afterID, oldest
// first (at most 200), through messages_contact_inbound_idx.
func Inbound(ctx context.Context, db *gorm.DB, conn connection.Connection, afterID int64, number string) ([]Received, error) {
	var rows []Received
	err := db.WithContext(ctx).Raw(`SELECT m.id, coalesce(m.provider_id, '') AS provider_id, m.media_type AS kind, m.body,
		  m.media_path, m.media_name, m.created_at
		FROM messages m
		WHERE m.contact_id = (SELECT id FROM contacts WHERE company_id = ? AND channel = ? AND number = ?)
		  AND NOT m.from_me AND m.company_id = ? AND m.connection_id = ? AND m.id > ?
		ORDER BY m.id LIMIT 200`, conn.CompanyID, conn.Channel, number, conn.CompanyID, conn.ID, afterID).Scan(&rows).Error
	return rows, err
}
