package chat

import (
	"context"
	"slices"
	"time"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/page"
	"atende/pkg/user"
)

// MessagePage is one page of a chat's messages, oldest first; the next page holds older
// ones (ask with before = the first record's id).
type MessagePage struct {
	Records []Message `json:"records"`
	HasMore bool      `json:"hasMore"`
}

// Messages returns a page of the messages of a chat viewer is in: those older than the
// message id before (a keyset page, stable while new messages arrive), or, without before,
// the spec's pageNumber counted from the newest.
func (s Service) Messages(ctx context.Context, viewer user.User, ref string, before int64, pageNumber int) (MessagePage, error) {
	c, err := s.Get(ctx, viewer, ref)
	if err != nil {
		return MessagePage{}, err
	}
	q := s.DB.WithContext(ctx).Where("chat_id = ?", c.ID).Order("id DESC").Limit(MessagesPerPage + 1)
	if before > 0 {
		q = q.Where("id < ?", before)
	} else {
		q = q.Offset(page.Offset(pageNumber, MessagesPerPage))
	}
	p := MessagePage{Records: []Message{}}
	if err := q.Find(&p.Records).Error; err != nil {
		return MessagePage{}, err
	}
	if len(p.Records) > MessagesPerPage {
		p.Records, p.HasMore = p.Records[:MessagesPerPage], true
	}
	slices.Reverse(p.Records)
	return p, s.withSenders(ctx, p.Records)
}

// withSenders fills each message's sender {id, name}; a deleted sender has none.
func (s Service) withSenders(ctx context.Context, msgs []Message) error {
	var ids []int64
	for _, m := range msgs {
		if m.SenderID != nil && !slices.Contains(ids, *m.SenderID) {
			ids = append(ids, *m.SenderID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	var people []Person
	if err := s.DB.WithContext(ctx).Table("users").Select("id, name").Where("id IN ?", ids).Scan(&people).Error; err != nil {
		return err
	}
	for i := range msgs {
		for _, p := range people {
			if msgs[i].SenderID != nil && *msgs[i].SenderID == p.ID {
				msgs[i].Sender = &p
			}
		}
	}
	return nil
}

// Send adds viewer's message to a chat they are in: it becomes the chat's last message,
// the chat moves to the top, and every other member has one more unread.
func (s Service) Send(ctx context.Context, viewer user.User, ref string, in MessageInput) (Message, error) {
	c, err := s.Get(ctx, viewer, ref)
	if err != nil {
		return Message{}, err
	}
	v := errs.Validation{}
	body := text(v, "message", in.Message, MessageMax)
	if err := v.Err(); err != nil {
		return Message{}, err
	}
	m := Message{CompanyID: c.CompanyID, ChatID: c.ID, SenderID: &viewer.ID, Message: body}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&m).Error; err != nil {
			return err
		}
		if err := tx.Model(&Chat{}).Where("id = ?", c.ID).
			Updates(map[string]any{"last_message": preview(body), "updated_at": time.Now()}).Error; err != nil {
			return err
		}
		return tx.Exec(`UPDATE chat_users SET unreads = unreads + 1 WHERE chat_id = ? AND user_id <> ?`, c.ID, viewer.ID).Error
	})
	if err != nil {
		return Message{}, err
	}
	m.Sender = &Person{ID: viewer.ID, Name: viewer.Name}
	if c, err = s.reload(ctx, c); err != nil {
		return Message{}, err
	}
	s.newMessage(ctx, c, m)
	return m, nil
}

// Read clears viewer's unread count of a chat they are in (the chat was opened); their
// other tabs learn it on their chat-user event.
func (s Service) Read(ctx context.Context, viewer user.User, ref string) (Chat, error) {
	c, err := s.Get(ctx, viewer, ref)
	if err != nil {
		return Chat{}, err
	}
	res := s.DB.WithContext(ctx).Exec(`UPDATE chat_users SET unreads = 0 WHERE chat_id = ? AND user_id = ? AND unreads <> 0`, c.ID, viewer.ID)
	if res.Error != nil || res.RowsAffected == 0 {
		return c, res.Error
	}
	if c, err = s.reload(ctx, c); err != nil {
		return Chat{}, err
	}
	s.toEach(ctx, c, []Member{{UserID: viewer.ID}}, "update")
	return c, nil
}
