// Package quickmessage holds the quick replies attendants insert with '/': shared ones
// (geral) and each user's own, optionally with a media file.
package quickmessage

import (
	"net/http"
	"strings"
	"time"

	"atende/pkg/errs"
	"atende/pkg/user"
	"atende/pkg/validate"
)

// QuickMessage is one quick reply. JSON names follow the spec; mediaPath and mediaUrl are
// the signed URL of the stored file.
type QuickMessage struct {
	ID        int64     `json:"id"`
	CompanyID int64     `json:"companyId"`
	UserID    *int64    `json:"userId"`
	Shortcode string    `json:"shortcode"`
	Message   string    `json:"message"`
	Geral     bool      `json:"geral"`
	Visao     bool      `json:"visao"`
	Status    bool      `json:"status"`
	MediaPath string    `json:"-"`
	MediaName string    `json:"mediaName"`
	MediaURL  string    `json:"mediaUrl" gorm:"-"`
	MediaLink string    `json:"mediaPath" gorm:"-"`
	IsMedia   bool      `json:"isMedia" gorm:"-"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// Errors.
var ErrNotFound = errs.New(http.StatusNotFound, "ERR_QUICKMESSAGE_NOT_FOUND", "Nenhuma resposta rápida encontrada com este ID.")

// MsgNeedsContent is the field error of a quick message that would have neither a message
// nor a file: picking it would send nothing.
const MsgNeedsContent = "Escreva uma mensagem ou anexe um arquivo."

// owned reports whether u owns m.
func (m QuickMessage) owned(u user.User) bool { return m.UserID != nil && *m.UserID == u.ID }

// editableBy: a shared one by anyone; otherwise only its owner (an admin when the owner
// was deleted).
func (m QuickMessage) editableBy(u user.User) bool {
	return m.Geral || m.owned(u) || (m.UserID == nil && u.IsAdmin())
}

// Input is the quick message form; nil fields are kept (update) or defaulted (create).
type Input struct {
	Shortcode *string `json:"shortcode"`
	Message   *string `json:"message"`
	Geral     *bool   `json:"geral"`
	Visao     *bool   `json:"visao"`
	Status    *bool   `json:"status"`
}

func (in Input) apply(m *QuickMessage, creating bool) error {
	v := errs.Validation{}
	if in.Shortcode != nil || creating {
		m.Shortcode = strings.TrimSpace(validate.Deref(in.Shortcode))
		validate.Length(v, "shortcode", m.Shortcode, 1, 100)
	}
	validate.SetText(v, "message", &m.Message, in.Message)
	if strings.TrimSpace(m.Message) == "" && m.MediaPath == "" {
		v.Add("message", MsgNeedsContent)
	}
	validate.Each(map[string]validate.Pair[bool]{"geral": {Dst: &m.Geral, Src: in.Geral},
		"visao": {Dst: &m.Visao, Src: in.Visao}, "status": {Dst: &m.Status, Src: in.Status}}, nil)
	return v.Err()
}
