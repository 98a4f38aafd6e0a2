package message

import (
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	atdb "atende/pkg/db"
)

// InsertOnce stores many messages in one statement. A message whose (connection, provider
// id) is stored already, or repeated earlier in msgs, is skipped and keeps ID 0: a channel
// event delivered twice, or the echo of a message we sent, is stored once. Every message
// must carry its connection and provider id.
func InsertOnce(tx *gorm.DB, msgs []*Message) error {
	if len(msgs) == 0 {
		return nil
	}
	rows := make([]Message, len(msgs))
	for i, m := range msgs {
		rows[i] = *m
	}
	var stored []Message
	if err := atdb.InsertReturning(tx, &rows, clause.OnConflict{DoNothing: true}, &stored); err != nil {
		return err
	}
	type key struct {
		conn     int64
		provider string
	}
	keyOf := func(m Message) key { return key{*m.ConnectionID, *m.ProviderID} }
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
