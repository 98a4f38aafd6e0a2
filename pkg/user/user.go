// Package user holds company users (attendants and administrators), their permissions and
// their presence.
package user

import (
	"time"

	"atende/pkg/company"
	"atende/pkg/queue"
)

// Profiles.
const (
	ProfileAdmin = "admin"
	ProfileUser  = "user"
)

// Toggle values used by the per-user permission fields.
const (
	Enabled  = "enabled"
	Disabled = "disabled"
)

// QueueRef is the short queue shape carried inside a user.
type QueueRef = queue.Ref

// User is a person who signs in. JSON names follow the spec.
type User struct {
	ID                         int64      `json:"id"`
	CompanyID                  int64      `json:"companyId"`
	Name                       string     `json:"name"`
	Email                      string     `json:"email"`
	PasswordHash               string     `json:"-"`
	Profile                    string     `json:"profile"`
	Super                      bool       `json:"super"`
	WhatsappID                 *int64     `json:"whatsappId"`
	StartWork                  string     `json:"startWork"`
	EndWork                    string     `json:"endWork"`
	FarewellMessage            string     `json:"farewellMessage"`
	AllTicket                  string     `json:"allTicket"`
	AllowGroup                 bool       `json:"allowGroup"`
	DefaultTheme               string     `json:"defaultTheme"`
	DefaultMenu                string     `json:"defaultMenu"`
	AllHistoric                string     `json:"allHistoric"`
	AllUserChat                string     `json:"allUserChat"`
	UserClosePendingTicket     string     `json:"userClosePendingTicket"`
	ShowDashboard              string     `json:"showDashboard"`
	AllowRealTime              string     `json:"allowRealTime"`
	AllowConnections           string     `json:"allowConnections"`
	ProfileImage               string     `json:"-"`
	ProfileImageURL            *string    `json:"profileImage" gorm:"-"`
	Online                     bool       `json:"online"`
	LastSeenAt                 *time.Time `json:"lastSeenAt"`
	DefaultTicketsManagerWidth int        `json:"defaultTicketsManagerWidth"`
	TokenVersion               int        `json:"tokenVersion"`
	Queues                     []QueueRef `json:"queues" gorm:"-"`
	// QueueIDs are the user's queues as read with a signed-in request's user (FindSignedIn);
	// nil when not read, and visibility then reads them itself.
	QueueIDs  []int64          `json:"-" gorm:"-"`
	Company   *company.Company `json:"company,omitempty" gorm:"-"`
	CreatedAt time.Time        `json:"createdAt"`
	UpdatedAt time.Time        `json:"updatedAt"`
}

// IsAdmin reports the admin profile (super users of company 1 are admins there too).
func (u User) IsAdmin() bool { return u.Profile == ProfileAdmin || u.Super }

// On reports whether a per-user toggle ("allowConnections", "showDashboard", …) is enabled.
func (u User) On(toggle string) bool {
	switch toggle {
	case "allTicket":
		return u.AllTicket == "enable"
	case "allowGroup":
		return u.AllowGroup
	case "allHistoric":
		return u.AllHistoric == Enabled
	case "allUserChat":
		return u.AllUserChat == Enabled
	case "userClosePendingTicket":
		return u.UserClosePendingTicket == Enabled
	case "showDashboard":
		return u.ShowDashboard == Enabled
	case "allowRealTime":
		return u.AllowRealTime == Enabled
	case "allowConnections":
		return u.AllowConnections == Enabled
	}
	return false
}
