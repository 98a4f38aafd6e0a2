package connection

import (
	"slices"
	"strings"
	"time"

	"atende/pkg/errs"
	"atende/pkg/hours"
	"atende/pkg/validate"
)

// Channels lists every channel a connection may have.
var Channels = []string{ChannelWhatsApp, ChannelWhatsAppAPI, ChannelFacebook, ChannelInstagram, ChannelSandbox}

// Input is a create or update request. Nil fields are left as they are (update) or take
// their defaults (create).
type Input struct {
	Name                   *string                  `json:"name"`
	Channel                *string                  `json:"channel"`
	IsDefault              *bool                    `json:"isDefault"`
	GreetingMessage        *string                  `json:"greetingMessage"`
	ComplationMessage      *string                  `json:"complationMessage"`
	OutOfHoursMessage      *string                  `json:"outOfHoursMessage"`
	RatingMessage          *string                  `json:"ratingMessage"`
	AllowGroup             *bool                    `json:"allowGroup"`
	GroupAsTicket          *string                  `json:"groupAsTicket"`
	MaxUseBotQueues        *int                     `json:"maxUseBotQueues"`
	TimeUseBotQueues       *int                     `json:"timeUseBotQueues"`
	TimeSendQueue          *int                     `json:"timeSendQueue"`
	SendIDQueue            validate.Nullable[int64] `json:"sendIdQueue"`
	ExpiresTicket          *int                     `json:"expiresTicket"`
	WhenExpiresTicket      *string                  `json:"whenExpiresTicket"`
	ExpiresTicketNPS       *int                     `json:"expiresTicketNPS"`
	MaxUseBotQueuesNPS     *int                     `json:"maxUseBotQueuesNPS"`
	ExpiresInactiveMessage *string                  `json:"expiresInactiveMessage"`
	TimeInactiveMessage    *int                     `json:"timeInactiveMessage"`
	InactiveMessage        *string                  `json:"inactiveMessage"`
	TimeCreateNewTicket    *int                     `json:"timeCreateNewTicket"`
	QueueIDs               *[]int64                 `json:"queueIds"`

	ImportOldMessages         validate.Nullable[string] `json:"importOldMessages"`
	ImportRecentMessages      validate.Nullable[string] `json:"importRecentMessages"`
	ImportOldMessagesGroups   *bool                     `json:"importOldMessagesGroups"`
	ClosedTicketsPostImported *bool                     `json:"closedTicketsPostImported"`
	QueueIDImportMessages     validate.Nullable[int64]  `json:"queueIdImportMessages"`

	IntegrationID   validate.Nullable[int64] `json:"integrationId"`
	PromptID        validate.Nullable[int64] `json:"promptId"`
	FlowIDWelcome   validate.Nullable[int64] `json:"flowIdWelcome"`
	FlowIDNotPhrase validate.Nullable[int64] `json:"flowIdNotPhrase"`
	Provider        *string                  `json:"provider"`

	CollectiveVacationStart   validate.Nullable[string] `json:"collectiveVacationStart"`
	CollectiveVacationEnd     validate.Nullable[string] `json:"collectiveVacationEnd"`
	CollectiveVacationMessage *string                   `json:"collectiveVacationMessage"`
	Schedules                 *hours.Schedules          `json:"schedules"`
	// Token "" (or RegenerateToken) on update issues a new token; any other value is ignored.
	Token           *string `json:"token"`
	RegenerateToken bool    `json:"regenerateToken"`
	// Graph channels: phone-number / page / Instagram account id and access token. An
	// empty token on update keeps the current one.
	ExternalID  *string `json:"externalId"`
	AccessToken *string `json:"accessToken"`
}

// form is what validation needs besides the request: create or update, the company's
// userRating setting, its time zone and the clock.
type form struct {
	creating       bool
	ratingRequired bool
	loc            *time.Location
	now            time.Time
}

// apply validates in and copies it onto c. Creating makes the name required and lets the
// channel be chosen.
func (in Input) apply(c *Connection, f form) error {
	v := errs.Validation{}
	if in.Name != nil || f.creating {
		c.Name = strings.TrimSpace(validate.Deref(in.Name))
		validate.Length(v, "name", c.Name, 2, 50)
	}
	in.applyChannel(v, c, f.creating)
	in.applyGraph(v, c, f.creating)
	in.applyTexts(v, c)
	in.applyNumbers(v, c)
	validate.Each(map[string]validate.Pair[bool]{
		"allowGroup":                {Dst: &c.AllowGroup, Src: in.AllowGroup},
		"importOldMessagesGroups":   {Dst: &c.ImportOldMessagesGroups, Src: in.ImportOldMessagesGroups},
		"closedTicketsPostImported": {Dst: &c.ClosedTicketsPostImported, Src: in.ClosedTicketsPostImported},
	}, nil)
	validate.Each(map[string]validate.Pair[string]{"groupAsTicket": {Dst: &c.GroupAsTicket, Src: in.GroupAsTicket}},
		validate.OptionCheck(v, "enabled", "disabled"))
	validate.Each(map[string]validate.Pair[string]{"whenExpiresTicket": {Dst: &c.WhenExpiresTicket, Src: in.WhenExpiresTicket}},
		validate.OptionCheck(v, "0", "1"))
	validate.Each(map[string]validate.Pair[string]{"provider": {Dst: &c.Provider, Src: in.Provider}},
		func(field, s string) { validate.Length(v, field, s, 1, 30) })
	for field, p := range map[string]struct {
		dst **int64
		src validate.Nullable[int64]
	}{"integrationId": {&c.IntegrationID, in.IntegrationID}, "promptId": {&c.PromptID, in.PromptID},
		"flowIdWelcome": {&c.FlowIDWelcome, in.FlowIDWelcome}, "flowIdNotPhrase": {&c.FlowIDNotPhrase, in.FlowIDNotPhrase},
		"queueIdImportMessages": {&c.QueueIDImportMessages, in.QueueIDImportMessages},
		"sendIdQueue":           {&c.SendIDQueue, in.SendIDQueue}} {
		setID(v, field, p.dst, p.src)
	}
	if in.Schedules != nil {
		c.Schedules = *in.Schedules
		c.Schedules.Validate(v, "schedules")
	}
	in.applyImport(v, c, f)
	in.applyVacation(v, c, f)
	in.applyRules(v, c, f.ratingRequired)
	return v.Err()
}

func (in Input) applyTexts(v errs.Validation, c *Connection) {
	validate.Each(map[string]validate.Pair[string]{
		"greetingMessage":           {Dst: &c.GreetingMessage, Src: in.GreetingMessage},
		"complationMessage":         {Dst: &c.ComplationMessage, Src: in.ComplationMessage},
		"outOfHoursMessage":         {Dst: &c.OutOfHoursMessage, Src: in.OutOfHoursMessage},
		"ratingMessage":             {Dst: &c.RatingMessage, Src: in.RatingMessage},
		"expiresInactiveMessage":    {Dst: &c.ExpiresInactiveMessage, Src: in.ExpiresInactiveMessage},
		"inactiveMessage":           {Dst: &c.InactiveMessage, Src: in.InactiveMessage},
		"collectiveVacationMessage": {Dst: &c.CollectiveVacationMessage, Src: in.CollectiveVacationMessage},
	}, validate.TextCheck(v))
}

func (in Input) applyNumbers(v errs.Validation, c *Connection) {
	validate.Each(map[string]validate.Pair[int]{
		"maxUseBotQueues":     {Dst: &c.MaxUseBotQueues, Src: in.MaxUseBotQueues},
		"timeUseBotQueues":    {Dst: &c.TimeUseBotQueues, Src: in.TimeUseBotQueues},
		"timeSendQueue":       {Dst: &c.TimeSendQueue, Src: in.TimeSendQueue},
		"expiresTicket":       {Dst: &c.ExpiresTicket, Src: in.ExpiresTicket},
		"expiresTicketNPS":    {Dst: &c.ExpiresTicketNPS, Src: in.ExpiresTicketNPS},
		"maxUseBotQueuesNPS":  {Dst: &c.MaxUseBotQueuesNPS, Src: in.MaxUseBotQueuesNPS},
		"timeInactiveMessage": {Dst: &c.TimeInactiveMessage, Src: in.TimeInactiveMessage},
		"timeCreateNewTicket": {Dst: &c.TimeCreateNewTicket, Src: in.TimeCreateNewTicket},
	}, func(field string, n int) { validate.NonNegative(v, field, n) })
}

func (in Input) applyChannel(v errs.Validation, c *Connection, creating bool) {
	switch {
	case creating && in.Channel != nil:
		c.Channel = *in.Channel
		validate.OneOf(v, "channel", c.Channel, Channels...)
	case creating:
		c.Channel = ChannelWhatsApp
	case in.Channel != nil && *in.Channel != c.Channel:
		v.Add("channel", MsgChannelFixed)
	}
}

// applyRules checks the rules between fields: a redirect time needs a redirect queue, and
// with user rating on a rating message and a rating expiry are needed.
func (in Input) applyRules(v errs.Validation, c *Connection, ratingRequired bool) {
	if c.TimeSendQueue > 0 && c.SendIDQueue == nil {
		v.Add("sendIdQueue", validate.MsgRequired)
	}
	if ratingRequired && strings.TrimSpace(c.RatingMessage) == "" {
		v.Add("ratingMessage", validate.MsgRequired)
	}
	if ratingRequired && c.ExpiresTicketNPS == 0 {
		v.Add("expiresTicketNPS", MsgRatingExpiry)
	}
}

// setID copies an optional reference: null or 0 clears it, a negative id is refused.
func setID(v errs.Validation, field string, dst **int64, src validate.Nullable[int64]) {
	switch {
	case !src.Set:
	case !src.Valid || src.Value == 0:
		*dst = nil
	case src.Value < 0:
		v.Add(field, validate.MsgBadOption)
	default:
		*dst = src.Of()
	}
}

// wantsNewToken reports an update asking for a fresh token.
func (in Input) wantsNewToken() bool {
	return in.RegenerateToken || (in.Token != nil && *in.Token == "")
}

// Validation messages of the connection form.
const (
	MsgChannelFixed = "O canal de uma conexão não pode ser alterado"
	MsgRatingExpiry = "Com a avaliação ativa, o tempo de expiração da avaliação não pode ser zero"
	MsgBadDate      = "Data inválida"
)

// channelAllowed reports whether a plan flag allows a channel (the sandbox always is).
func channelAllowed(channel string, flag func(string) bool) bool {
	switch channel {
	case ChannelWhatsApp, ChannelWhatsAppAPI:
		return flag("useWhatsapp")
	case ChannelFacebook:
		return flag("useFacebook")
	case ChannelInstagram:
		return flag("useInstagram")
	}
	return slices.Contains(Channels, channel)
}

// MaxText is the longest message text channel delivers, its own limit: the Cloud API's
// 4096 characters, Messenger's and Instagram's 2000, whatsmeow's 65536 (also the sandbox's
// and a private note's, channel "").
func MaxText(channel string) int {
	switch channel {
	case ChannelWhatsAppAPI:
		return 4096
	case ChannelFacebook, ChannelInstagram:
		return 2000
	}
	return 65536
}
