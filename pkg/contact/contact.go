// Package contact holds the people and groups a company talks to.
package contact

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	atdb "atende/pkg/db"
	"atende/pkg/tenant"
)

// Contact is a customer (or a group chat). JSON names follow the spec.
type Contact struct {
	ID                 int64       `json:"id"`
	CompanyID          int64       `json:"companyId"`
	Name               string      `json:"name"`
	Number             string      `json:"number"`
	Email              string      `json:"email"`
	Channel            string      `json:"channel"`
	IsGroup            bool        `json:"isGroup"`
	Active             bool        `json:"active"`
	AcceptAudioMessage bool        `json:"acceptAudioMessage"`
	DisableBot         bool        `json:"disableBot"`
	LgpdAcceptedAt     *time.Time  `json:"lgpdAcceptedAt"`
	URLPicture         string      `json:"urlPicture" gorm:"column:url_picture"`
	ConnectionID       *int64      `json:"whatsappId" gorm:"column:connection_id"`
	ExtraInfo          []ExtraInfo `json:"extraInfo" gorm:"-"`
	Tags               []TagRef    `json:"tags" gorm:"-"`
	CreatedAt          time.Time   `json:"createdAt"`
	UpdatedAt          time.Time   `json:"updatedAt"`
}

// ExtraInfo is a custom field of a contact.
type ExtraInfo struct {
	ID        int64  `json:"id"`
	ContactID int64  `json:"-"`
	CompanyID int64  `json:"-"`
	Name      string `json:"name"`
	Value     string `json:"value"`
}

// TableName keeps the singular spec name off the table.
func (ExtraInfo) TableName() string { return "contact_extra_info" }

// TagRef is the short tag shape inside contacts and tickets.
type TagRef struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Color  string `json:"color"`
	Kanban int    `json:"kanban"`
}

// Inbound is what a channel knows about the sender of a message.
type Inbound struct {
	Number       string
	Name         string
	Channel      string
	IsGroup      bool
	URLPicture   string
	ConnectionID int64
}

// Current reports whether a known contact already holds what an inbound message says of
// it: a name (when it had only its number) and the picture.
func (c Contact) Current(in Inbound) bool {
	return !(c.Name == c.Number && in.Name != "" && in.Name != c.Name) &&
		(in.URLPicture == "" || in.URLPicture == c.URLPicture)
}

// Key names a contact the way inbound messages do.
type Key struct {
	CompanyID int64
	Channel   string
	Number    string
}

// Known reads the contacts of many inbound messages in one query (the batch's common
// case: customers we know); the missing ones are left to Upsert.
func Known(ctx context.Context, db *gorm.DB, keys []Key) (map[Key]Contact, error) {
	var companies atdb.Int64s
	var channels, numbers atdb.Texts
	for _, k := range keys {
		companies, channels, numbers = append(companies, k.CompanyID), append(channels, k.Channel), append(numbers, k.Number)
	}
	var found []Contact
	if err := db.WithContext(ctx).Where("(company_id, channel, number) IN (SELECT * FROM unnest(?::bigint[], ?::text[], ?::text[]))",
		companies, channels, numbers).Find(&found).Error; err != nil {
		return nil, err
	}
	out := make(map[Key]Contact, len(found))
	for _, c := range found {
		out[Key{c.CompanyID, c.Channel, c.Number}] = c
	}
	return out, nil
}

// Upsert finds the contact by (company, channel, number) or creates it, in one statement
// that two concurrent messages can't race. A known contact keeps its name unless it was
// only a number; the picture is refreshed when the channel sends one.
func Upsert(ctx context.Context, db *gorm.DB, in Inbound) (Contact, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Contact{}, err
	}
	// Most messages come from contacts we know, with nothing new to record: a read is
	// cheaper than an upsert that writes a new row version on every message.
	var known Contact
	err = db.WithContext(ctx).Where("company_id = ? AND channel = ? AND number = ?", companyID, in.Channel, in.Number).
		Take(&known).Error
	if err == nil && known.Current(in) {
		return known, nil
	}
	return Save(ctx, db, in)
}

// Save creates the contact, or records what in says of it (a name where it had only its
// number, a picture), in one statement: for callers that read it already and found it
// missing or not Current.
func Save(ctx context.Context, db *gorm.DB, in Inbound) (Contact, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Contact{}, err
	}
	c := inboundRow(companyID, in)
	err = db.WithContext(ctx).Clauses(onInboundConflict, clause.Returning{}).Create(&c).Error
	return c, err
}

// SaveMany is Save for an inbound batch's new or changed contacts, of any companies, in
// one statement; each key appears once (ins[i] is what the batch says of keys[i]).
func SaveMany(ctx context.Context, db *gorm.DB, keys []Key, ins []Inbound) (map[Key]Contact, error) {
	rows := make([]Contact, len(ins))
	for i, in := range ins {
		rows[i] = inboundRow(keys[i].CompanyID, in)
	}
	if err := db.WithContext(ctx).Clauses(onInboundConflict, clause.Returning{}).Create(&rows).Error; err != nil {
		return nil, err
	}
	out := make(map[Key]Contact, len(rows))
	for _, c := range rows { // each returned row names its own key
		out[Key{c.CompanyID, c.Channel, c.Number}] = c
	}
	return out, nil
}

// inboundRow is the row a first message creates: named by the channel, else its number.
func inboundRow(companyID int64, in Inbound) Contact {
	name := in.Name
	if name == "" {
		name = in.Number
	}
	return Contact{CompanyID: companyID, Name: name, Number: in.Number, Channel: in.Channel,
		IsGroup: in.IsGroup, Active: true, AcceptAudioMessage: true, URLPicture: in.URLPicture,
		ConnectionID: &in.ConnectionID}
}

// onInboundConflict keeps a known contact's name unless it was only a number, and takes a
// picture the channel sends.
var onInboundConflict = clause.OnConflict{
	Columns: []clause.Column{{Name: "company_id"}, {Name: "channel"}, {Name: "number"}},
	DoUpdates: clause.Assignments(map[string]any{
		"name":        gorm.Expr("CASE WHEN contacts.name = contacts.number AND EXCLUDED.name <> '' THEN EXCLUDED.name ELSE contacts.name END"),
		"url_picture": gorm.Expr("CASE WHEN EXCLUDED.url_picture <> '' THEN EXCLUDED.url_picture ELSE contacts.url_picture END"),
		"updated_at":  gorm.Expr("now()"),
	}),
}
