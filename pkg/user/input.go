package user

import (
	"strings"

	"atende/pkg/errs"
	"atende/pkg/validate"
)

// Input is a create or update request. Nil fields are left as they are (update) or take
// their defaults (create).
type Input struct {
	Name                       *string  `json:"name"`
	Email                      *string  `json:"email"`
	Password                   *string  `json:"password"`
	Profile                    *string  `json:"profile"`
	Super                      *bool    `json:"super"`
	WhatsappID                 *int64   `json:"whatsappId"`
	StartWork                  *string  `json:"startWork"`
	EndWork                    *string  `json:"endWork"`
	FarewellMessage            *string  `json:"farewellMessage"`
	AllTicket                  *string  `json:"allTicket"`
	AllowGroup                 *bool    `json:"allowGroup"`
	DefaultTheme               *string  `json:"defaultTheme"`
	DefaultMenu                *string  `json:"defaultMenu"`
	AllHistoric                *string  `json:"allHistoric"`
	AllUserChat                *string  `json:"allUserChat"`
	UserClosePendingTicket     *string  `json:"userClosePendingTicket"`
	ShowDashboard              *string  `json:"showDashboard"`
	AllowRealTime              *string  `json:"allowRealTime"`
	AllowConnections           *string  `json:"allowConnections"`
	DefaultTicketsManagerWidth *int     `json:"defaultTicketsManagerWidth"`
	QueueIDs                   *[]int64 `json:"queueIds"`
}

// adminOnly reports whether the input touches fields only an admin may set.
func (in Input) adminOnly() bool {
	return in.Profile != nil || in.Super != nil || in.AllTicket != nil || in.AllowGroup != nil ||
		in.AllHistoric != nil || in.AllUserChat != nil || in.UserClosePendingTicket != nil ||
		in.ShowDashboard != nil || in.AllowRealTime != nil || in.AllowConnections != nil ||
		in.QueueIDs != nil || in.StartWork != nil || in.EndWork != nil || in.WhatsappID != nil
}

// ChangesPassword reports whether the input sets a new password.
func (in Input) ChangesPassword() bool { return in.Password != nil && *in.Password != "" }

// apply validates in and copies it onto u. creating makes name, email and password required.
func (in Input) apply(u *User, creating bool) error {
	v := errs.Validation{}
	if in.Name != nil || creating {
		u.Name = strings.TrimSpace(validate.Deref(in.Name))
		validate.Length(v, "name", u.Name, 2, 50)
	}
	if in.Email != nil || creating {
		u.Email = strings.ToLower(strings.TrimSpace(validate.Deref(in.Email)))
		validate.Email(v, "email", u.Email)
	}
	if in.ChangesPassword() || creating {
		validate.Length(v, "password", validate.Deref(in.Password), 5, 50)
	}
	set := func(dst *string, src *string, field string, allowed ...string) {
		validate.Each(map[string]validate.Pair[string]{field: {Dst: dst, Src: src}}, validate.OptionCheck(v, allowed...))
	}
	set(&u.Profile, in.Profile, "profile", ProfileAdmin, ProfileUser)
	set(&u.AllTicket, in.AllTicket, "allTicket", "enable", "disable")
	set(&u.DefaultTheme, in.DefaultTheme, "defaultTheme", "light", "dark")
	set(&u.DefaultMenu, in.DefaultMenu, "defaultMenu", "open", "closed")
	validate.Each(map[string]validate.Pair[string]{
		"allHistoric":            {Dst: &u.AllHistoric, Src: in.AllHistoric},
		"allUserChat":            {Dst: &u.AllUserChat, Src: in.AllUserChat},
		"userClosePendingTicket": {Dst: &u.UserClosePendingTicket, Src: in.UserClosePendingTicket},
		"showDashboard":          {Dst: &u.ShowDashboard, Src: in.ShowDashboard},
		"allowRealTime":          {Dst: &u.AllowRealTime, Src: in.AllowRealTime},
		"allowConnections":       {Dst: &u.AllowConnections, Src: in.AllowConnections},
	}, validate.OptionCheck(v, Enabled, Disabled))
	if in.StartWork != nil {
		u.StartWork = *in.StartWork
		validate.Time(v, "startWork", u.StartWork)
	}
	if in.EndWork != nil {
		u.EndWork = *in.EndWork
		validate.Time(v, "endWork", u.EndWork)
	}
	validate.SetText(v, "farewellMessage", &u.FarewellMessage, in.FarewellMessage)
	if in.AllowGroup != nil {
		u.AllowGroup = *in.AllowGroup
	}
	if in.Super != nil {
		u.Super = *in.Super
	}
	if in.DefaultTicketsManagerWidth != nil {
		u.DefaultTicketsManagerWidth = *in.DefaultTicketsManagerWidth
		if w := u.DefaultTicketsManagerWidth; w < 404 || w > 700 {
			v.Add("defaultTicketsManagerWidth", "A largura deve estar entre 404 e 700")
		}
	}
	return v.Err()
}

// defaults returns a new user with the spec's defaults.
func defaults(companyID int64) User {
	return User{
		CompanyID: companyID, Profile: ProfileUser, StartWork: "00:00", EndWork: "23:59",
		AllTicket: "disable", DefaultTheme: "light", DefaultMenu: "open",
		AllHistoric: Disabled, AllUserChat: Disabled, UserClosePendingTicket: Enabled,
		ShowDashboard: Disabled, AllowRealTime: Disabled, AllowConnections: Disabled,
		DefaultTicketsManagerWidth: 550,
	}
}

// NewAdmin returns a company administrator with the defaults, for seeding and signup.
func NewAdmin(companyID int64, name, email, passwordHash string) User {
	u := defaults(companyID)
	u.Profile, u.Name, u.Email, u.PasswordHash = ProfileAdmin, name, email, passwordHash
	u.ShowDashboard, u.AllowRealTime, u.AllowConnections = Enabled, Enabled, Enabled
	return u
}
