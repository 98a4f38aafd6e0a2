// Package chat is the internal chat (spec/3): conversations between users of one company.
// Everything goes through the viewer's membership: a chat a user is not in, or another
// company's, does not exist for them (404), and its events reach only its members' sockets.
package chat

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"atende/pkg/errs"
)

// Chat is one conversation as the spec shows it: the members with their unread counts.
type Chat struct {
	ID          int64     `json:"id"`
	UUID        string    `json:"uuid" gorm:"column:uuid;default:gen_random_uuid()"`
	CompanyID   int64     `json:"companyId"`
	OwnerID     *int64    `json:"ownerId"`
	Title       string    `json:"title"`
	LastMessage string    `json:"lastMessage"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
	Users       []Member  `json:"users" gorm:"-"`
}

// Member is a chat_users row with the user's name.
type Member struct {
	ChatID    int64     `json:"chatId"`
	UserID    int64     `json:"userId"`
	CompanyID int64     `json:"-"`
	Unreads   int       `json:"unreads"`
	CreatedAt time.Time `json:"-"`
	User      Person    `json:"user" gorm:"-"`
}

// TableName is chat_users.
func (Member) TableName() string { return "chat_users" }

// Person is the {id, name} of a member or sender.
type Person struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Message is one chat message with its sender's name.
type Message struct {
	ID        int64     `json:"id"`
	CompanyID int64     `json:"-"`
	ChatID    int64     `json:"chatId"`
	SenderID  *int64    `json:"senderId"`
	Message   string    `json:"message"`
	CreatedAt time.Time `json:"createdAt"`
	Sender    *Person   `json:"sender" gorm:"-"`
}

// TableName is chat_messages.
func (Message) TableName() string { return "chat_messages" }

// Limits.
const (
	TitleMax   = 100  // characters of a title
	MessageMax = 4000 // characters of a message
	PageSize   = 20   // chats per list page
	// MessagePage is the messages per page; a page is read by keyset (before an id).
	MessagesPerPage = 30
	// MembersMax bounds one chat's members (a company's users are bounded by its plan).
	MembersMax = 500
)

// Errors and field messages.
var ErrNotFound = errs.New(http.StatusNotFound, "ERR_CHAT_NOT_FOUND", "Nenhum chat encontrado com este ID.")

const (
	MsgRequired     = "Obrigatório"
	MsgTooLong      = "Muito longo!"
	MsgNeedsMember  = "Escolha pelo menos um usuário."
	MsgBadMember    = "Usuário inválido."
	MsgTooManyUsers = "Usuários demais."
)

// IDs reads the users of a chat form: numbers, or objects with an id as the web app's user
// picker sends them ([{id, name}]).
type IDs []int64

// UnmarshalJSON accepts [1, 2] and [{"id": 1}, {"id": 2}].
func (ids *IDs) UnmarshalJSON(b []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	out := make(IDs, 0, len(raw))
	for _, r := range raw {
		var n int64
		if bytes.HasPrefix(bytes.TrimSpace(r), []byte("{")) {
			var o struct {
				ID int64 `json:"id"`
			}
			if err := json.Unmarshal(r, &o); err != nil {
				return err
			}
			n = o.ID
		} else if err := json.Unmarshal(r, &n); err != nil {
			return err
		}
		out = append(out, n)
	}
	*ids = out
	return nil
}

// Input is the chat dialog: a title and the users chosen (the owner is added).
type Input struct {
	Title *string `json:"title"`
	Users *IDs    `json:"users"`
}

// MessageInput is a message to send.
type MessageInput struct {
	Message string `json:"message"`
}

// text checks a required bounded text.
func text(v errs.Validation, field, s string, max int) string {
	s = strings.TrimSpace(s)
	switch n := utf8.RuneCountInString(s); {
	case n == 0:
		v.Add(field, MsgRequired)
	case n > max:
		v.Add(field, MsgTooLong)
	}
	return s
}

// preview is a chat's lastMessage: the first line of the message, cut short.
func preview(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if r := []rune(s); len(r) > 255 {
		s = string(r[:255])
	}
	return s
}
