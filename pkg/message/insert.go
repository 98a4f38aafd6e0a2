package message

import (
	"time"

	"gorm.io/gorm"

	atdb "atende/pkg/db"
)

// InsertOnce stores many messages from channel events in one statement: the fields an event
// carries (a message's user, flags, reaction and send error start at their defaults). A
// message whose (connection, provider id) is stored already, or repeated earlier in msgs,
// is skipped and keeps ID 0: a channel event delivered twice, or the echo of a message we
// sent, is stored once. Every message must carry its connection and provider id.
func InsertOnce(tx *gorm.DB, msgs []*Message) error {
	if len(msgs) == 0 {
		return nil
	}
	var companies, tickets, conns atdb.Int64s
	var contacts, queues, quoted atdb.NullInt64s
	var providers, bodies, types, paths, names, vcards, participants atdb.Texts
	var fromMe atdb.Bools
	var acks atdb.Int64s
	var created atdb.Times
	now := time.Now()
	for _, m := range msgs {
		if m.CreatedAt.IsZero() {
			m.CreatedAt = now
		}
		m.UpdatedAt = now
		companies, tickets, conns = append(companies, m.CompanyID), append(tickets, m.TicketID), append(conns, *m.ConnectionID)
		contacts, queues, quoted = append(contacts, m.ContactID), append(queues, m.QueueID), append(quoted, m.QuotedMsgID)
		providers, bodies, types = append(providers, *m.ProviderID), append(bodies, m.Body), append(types, m.MediaType)
		paths, names, vcards = append(paths, m.MediaPath), append(names, m.MediaName), append(vcards, m.VCard)
		participants, fromMe, acks = append(participants, m.Participant), append(fromMe, m.FromMe), append(acks, int64(m.Ack))
		created = append(created, m.CreatedAt)
	}
	var stored []Message
	if err := tx.Raw(`INSERT INTO messages (company_id, ticket_id, connection_id, contact_id, queue_id, quoted_msg_id,
		  provider_id, body, media_type, media_path, media_name, vcard, participant, from_me, ack, created_at, updated_at)
		SELECT *, ?::timestamptz FROM unnest(?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[],
		  ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::boolean[], ?::int[], ?::timestamptz[])
		ON CONFLICT DO NOTHING RETURNING id, connection_id, provider_id`,
		now, companies, tickets, conns, contacts, queues, quoted, providers, bodies, types, paths, names, vcards,
		participants, fromMe, acks, created).Find(&stored).Error; err != nil {
		return err
	}
	type key struct {
		conn     int64
		provider string
	}
	ids := atdb.Returned[key]{}
	for _, m := range stored {
		ids[key{*m.ConnectionID, *m.ProviderID}] = m.ID
	}
	for _, m := range msgs {
		m.ID = ids.Take(key{*m.ConnectionID, *m.ProviderID})
	}
	return nil
}
