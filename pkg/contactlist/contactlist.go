// Package contactlist holds the contact lists of spec/3: the audiences of campaigns. A list
// has items (name, number with country code, e-mail, whether the number has WhatsApp); items
// are added one by one or imported from a spreadsheet by a worker job (import.go), and their
// numbers are checked on WhatsApp through a connection when it can (check.go).
package contactlist

import (
	"net/http"
	"strings"
	"time"

	"atende/pkg/errs"
	"atende/pkg/validate"
)

// List is one contact list. ContactsCount is kept by the database (statement triggers).
type List struct {
	ID            int64     `json:"id"`
	CompanyID     int64     `json:"companyId"`
	Name          string    `json:"name"`
	ContactsCount int       `json:"contactsCount" gorm:"->"`
	CreatedAt     time.Time `json:"createdAt"`
	UpdatedAt     time.Time `json:"updatedAt"`
}

func (List) TableName() string { return "contact_lists" }

// Item is one contact of a list. IsWhatsappValid is nil until checked.
type Item struct {
	ID              int64     `json:"id"`
	CompanyID       int64     `json:"companyId"`
	ContactListID   int64     `json:"contactListId"`
	Name            string    `json:"name"`
	Number          string    `json:"number"`
	Email           string    `json:"email"`
	IsWhatsappValid *bool     `json:"isWhatsappValid"`
	CreatedAt       time.Time `json:"createdAt"`
	UpdatedAt       time.Time `json:"updatedAt"`
}

func (Item) TableName() string { return "contact_list_items" }

// Errors.
var (
	ErrNotFound     = errs.New(http.StatusNotFound, "ERR_NO_CONTACT_LIST_FOUND", "Nenhuma lista de contatos encontrada com este ID.")
	ErrItemNotFound = errs.New(http.StatusNotFound, "ERR_NO_CONTACT_LIST_ITEM_FOUND", "Nenhum contato encontrado com este ID.")
	ErrDuplicated   = errs.New(http.StatusConflict, "ERR_DUPLICATED_CONTACT_LIST_ITEM", "Já existe um contato com este número nesta lista.")
)

// Field messages.
const (
	MsgBadNumber = "Número inválido"
)

// Name and number bounds (spec/3 §5 and §9).
const (
	NameMin, NameMax     = 2, 50
	NumberMin, NumberMax = 8, 50
)

// ListInput is the list form.
type ListInput struct {
	Name *string `json:"name"`
}

func (in ListInput) apply(l *List, creating bool) error {
	v := errs.Validation{}
	if in.Name != nil || creating {
		l.Name = strings.TrimSpace(validate.Deref(in.Name))
		validate.Length(v, "name", l.Name, NameMin, NameMax)
	}
	return v.Err()
}

// ItemInput is the item form; nil fields are kept (update).
type ItemInput struct {
	ContactListID validate.Nullable[int64] `json:"contactListId"`
	Name          *string                  `json:"name"`
	Number        *string                  `json:"number"`
	Email         *string                  `json:"email"`
}

// apply checks and copies the form; it reports whether the number changed.
func (in ItemInput) apply(it *Item, creating bool) (bool, error) {
	v := errs.Validation{}
	if in.Name != nil || creating {
		it.Name = strings.TrimSpace(validate.Deref(in.Name))
		validate.Length(v, "name", it.Name, NameMin, NameMax)
	}
	changed := false
	if in.Number != nil || creating {
		raw := strings.TrimSpace(validate.Deref(in.Number))
		validate.Length(v, "number", raw, NumberMin, NumberMax)
		if n, ok := NormaliseNumber(raw); ok {
			changed, it.Number = n != it.Number, n
		} else if raw != "" {
			v.Add("number", MsgBadNumber)
		}
	}
	if in.Email != nil {
		it.Email = strings.TrimSpace(*in.Email)
		if it.Email != "" {
			validate.Email(v, "email", it.Email)
		}
	}
	return changed, v.Err()
}
