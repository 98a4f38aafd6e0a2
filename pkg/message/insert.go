package message

import (
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// InsertOnce stores many messages in one statement. A message whose (connection, provider
// id) is stored already, or repeated earlier in msgs, is skipped and keeps ID 0: a channel
// event delivered twice, or the echo of a message we sent, is stored once.
func InsertOnce(tx *gorm.DB, msgs []*Message) error {
	if len(msgs) == 0 {
		return nil
	}
	rows := make([]Message, len(msgs))
	for i, m := range msgs {
		rows[i] = *m
	}
	// gorm writes the statement from the model; its own RETURNING would fill the rows in
	// order, which skipped rows break, so the ids are matched by provider id here.
	stmt := tx.Session(&gorm.Session{DryRun: true}).Clauses(clause.OnConflict{DoNothing: true},
		clause.Returning{Columns: []clause.Column{{Name: "id"}, {Name: "connection_id"}, {Name: "provider_id"}}}).
		Create(&rows).Statement
	var stored []Message
	if err := tx.Raw(stmt.SQL.String(), stmt.Vars...).Find(&stored).Error; err != nil {
		return err
	}
	type key struct {
		conn     int64
		provider string
	}
	keyOf := func(m Message) key {
		var k key
		if m.ConnectionID != nil && m.ProviderID != nil {
			k = key{*m.ConnectionID, *m.ProviderID}
		}
		return k
	}
	ids := make(map[key]int64, len(stored))
	for _, m := range stored {
		ids[keyOf(m)] = m.ID
	}
	for i, m := range msgs {
		k := keyOf(rows[i])
		m.CreatedAt, m.UpdatedAt = rows[i].CreatedAt, rows[i].UpdatedAt
		m.ID = ids[k]
		delete(ids, k) // a second copy in msgs is the duplicate
	}
	return nil
}
