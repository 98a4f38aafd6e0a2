package ticket

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/tenant"
	"atende/pkg/user"
)

// Note is an observation an attendant keeps on a ticket and its contact.
type Note struct {
	ID        int64     `json:"id"`
	CompanyID int64     `json:"companyId"`
	TicketID  int64     `json:"ticketId"`
	ContactID int64     `json:"contactId"`
	UserID    *int64    `json:"userId"`
	Note      string    `json:"note"`
	User      *UserRef  `json:"user" gorm:"-"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// TableName is the notes table.
func (Note) TableName() string { return "ticket_notes" }

// NoteInput is POST /ticket-notes.
type NoteInput struct {
	Note      string `json:"note"`
	TicketID  int64  `json:"ticketId"`
	ContactID int64  `json:"contactId"`
}

// NoteMaxLength bounds a note.
const NoteMaxLength = 5000

// ErrNoNote is a missing note.
var ErrNoNote = errs.New(http.StatusNotFound, "ERR_NO_NOTE_FOUND", "Nenhuma observação encontrada com este ID.")

// AddNote stores a note on a ticket the user may see (the note is required, at least 2
// characters: 'Required' / 'Too Short!'). The contact is the ticket's.
func (s Service) AddNote(ctx context.Context, me user.User, in NoteInput) (Note, error) {
	text := strings.TrimSpace(in.Note)
	v := errs.Validation{}
	switch n := utf8.RuneCountInString(text); {
	case n == 0:
		v.Add("note", "Required")
	case n < 2:
		v.Add("note", "Too Short!")
	case n > NoteMaxLength:
		v.Add("note", "Too Long!")
	}
	if err := v.Err(); err != nil {
		return Note{}, err
	}
	t, _, err := s.visible(ctx, me, in.TicketID)
	if err != nil {
		return Note{}, err
	}
	if in.ContactID != 0 && in.ContactID != t.ContactID {
		return Note{}, ErrNoContact
	}
	n := Note{CompanyID: t.CompanyID, TicketID: t.ID, ContactID: t.ContactID, UserID: &me.ID, Note: text,
		User: &UserRef{ID: me.ID, Name: me.Name}}
	return n, s.DB.WithContext(ctx).Create(&n).Error
}

// DeleteNote removes a note: the author's own, or any for an admin.
func (s Service) DeleteNote(ctx context.Context, me user.User, id int64) error {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return err
	}
	var n Note
	if err := q.Take(&n, id).Error; errors.Is(err, gorm.ErrRecordNotFound) {
		return ErrNoNote
	} else if err != nil {
		return err
	}
	if !me.IsAdmin() && (n.UserID == nil || *n.UserID != me.ID) {
		return errs.ErrNoPermission
	}
	return s.DB.WithContext(ctx).Delete(&Note{}, n.ID).Error
}

// Notes lists the notes of a ticket and/or a contact, newest first
// (GET /ticket-notes/list?ticketId&contactId); at least one is needed.
func (s Service) Notes(ctx context.Context, me user.User, ticketID, contactID int64) ([]Note, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return nil, err
	}
	switch {
	case ticketID > 0:
		if _, _, err := s.visible(ctx, me, ticketID); err != nil {
			return nil, err
		}
		q = q.Where("ticket_id = ?", ticketID)
		if contactID > 0 {
			q = q.Where("contact_id = ?", contactID)
		}
	case contactID > 0:
		if err := must(ctx, s.DB, "contacts", contactID, ErrNoContact); err != nil {
			return nil, err
		}
		q = q.Where("contact_id = ?", contactID)
	default:
		return nil, errs.ErrBadRequest
	}
	notes := []Note{}
	if err := q.Order("created_at DESC, id DESC").Find(&notes).Error; err != nil {
		return nil, err
	}
	return notes, s.noteAuthors(ctx, notes)
}

func (s Service) noteAuthors(ctx context.Context, notes []Note) error {
	var userIDs []int64
	for _, n := range notes {
		if n.UserID != nil {
			userIDs = append(userIDs, *n.UserID)
		}
	}
	var users []UserRef
	if err := s.DB.WithContext(ctx).Table("users").Select("id, name").Where("id IN ?", nonEmpty(userIDs)).
		Scan(&users).Error; err != nil {
		return err
	}
	byID := index(users, func(u UserRef) int64 { return u.ID })
	for i := range notes {
		if u, ok := byID[ptrOr(notes[i].UserID)]; ok {
			notes[i].User = &u
		}
	}
	return nil
}

func ptrOr(id *int64) int64 {
	if id == nil {
		return 0
	}
	return *id
}
