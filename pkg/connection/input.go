package connection

import (
	"slices"
	"strings"

	"atende/pkg/errs"
	"atende/pkg/validate"
)

// Channels lists every channel a connection may have.
var Channels = []string{ChannelWhatsApp, ChannelWhatsAppAPI, ChannelFacebook, ChannelInstagram, ChannelSandbox}

// Input is a create or update request. Nil fields are left as they are (update) or take
// their defaults (create).
type Input struct {
	Name                   *string  `json:"name"`
	Channel                *string  `json:"channel"`
	IsDefault              *bool    `json:"isDefault"`
	GreetingMessage        *string  `json:"greetingMessage"`
	ComplationMessage      *string  `json:"complationMessage"`
	OutOfHoursMessage      *string  `json:"outOfHoursMessage"`
	RatingMessage          *string  `json:"ratingMessage"`
	AllowGroup             *bool    `json:"allowGroup"`
	GroupAsTicket          *string  `json:"groupAsTicket"`
	MaxUseBotQueues        *int     `json:"maxUseBotQueues"`
	TimeUseBotQueues       *int     `json:"timeUseBotQueues"`
	TimeSendQueue          *int     `json:"timeSendQueue"`
	SendIDQueue            *int64   `json:"sendIdQueue"`
	ExpiresTicket          *int     `json:"expiresTicket"`
	WhenExpiresTicket      *string  `json:"whenExpiresTicket"`
	ExpiresTicketNPS       *int     `json:"expiresTicketNPS"`
	MaxUseBotQueuesNPS     *int     `json:"maxUseBotQueuesNPS"`
	ExpiresInactiveMessage *string  `json:"expiresInactiveMessage"`
	TimeInactiveMessage    *int     `json:"timeInactiveMessage"`
	InactiveMessage        *string  `json:"inactiveMessage"`
	TimeCreateNewTicket    *int     `json:"timeCreateNewTicket"`
	QueueIDs               *[]int64 `json:"queueIds"`
	// Token "" (or RegenerateToken) on update issues a new token; any other value is ignored.
	Token           *string `json:"token"`
	RegenerateToken bool    `json:"regenerateToken"`
}

// apply validates in and copies it onto c. creating makes the name required and lets the
// channel be chosen; ratingRequired is the company's userRating setting.
func (in Input) apply(c *Connection, creating, ratingRequired bool) error {
	v := errs.Validation{}
	if in.Name != nil || creating {
		c.Name = strings.TrimSpace(validate.Deref(in.Name))
		validate.Length(v, "name", c.Name, 2, 50)
	}
	in.applyChannel(v, c, creating)
	for field, p := range map[string]struct{ dst, src *string }{
		"greetingMessage":        {&c.GreetingMessage, in.GreetingMessage},
		"complationMessage":      {&c.ComplationMessage, in.ComplationMessage},
		"outOfHoursMessage":      {&c.OutOfHoursMessage, in.OutOfHoursMessage},
		"ratingMessage":          {&c.RatingMessage, in.RatingMessage},
		"expiresInactiveMessage": {&c.ExpiresInactiveMessage, in.ExpiresInactiveMessage},
		"inactiveMessage":        {&c.InactiveMessage, in.InactiveMessage},
	} {
		validate.SetText(v, field, p.dst, p.src)
	}
	for field, p := range map[string]struct{ dst, src *int }{
		"maxUseBotQueues":     {&c.MaxUseBotQueues, in.MaxUseBotQueues},
		"timeUseBotQueues":    {&c.TimeUseBotQueues, in.TimeUseBotQueues},
		"timeSendQueue":       {&c.TimeSendQueue, in.TimeSendQueue},
		"expiresTicket":       {&c.ExpiresTicket, in.ExpiresTicket},
		"expiresTicketNPS":    {&c.ExpiresTicketNPS, in.ExpiresTicketNPS},
		"maxUseBotQueuesNPS":  {&c.MaxUseBotQueuesNPS, in.MaxUseBotQueuesNPS},
		"timeInactiveMessage": {&c.TimeInactiveMessage, in.TimeInactiveMessage},
		"timeCreateNewTicket": {&c.TimeCreateNewTicket, in.TimeCreateNewTicket},
	} {
		if p.src != nil {
			*p.dst = *p.src
			validate.NonNegative(v, field, *p.dst)
		}
	}
	if in.AllowGroup != nil {
		c.AllowGroup = *in.AllowGroup
	}
	if in.GroupAsTicket != nil {
		c.GroupAsTicket = *in.GroupAsTicket
		validate.OneOf(v, "groupAsTicket", c.GroupAsTicket, "enabled", "disabled")
	}
	if in.WhenExpiresTicket != nil {
		c.WhenExpiresTicket = *in.WhenExpiresTicket
		validate.OneOf(v, "whenExpiresTicket", c.WhenExpiresTicket, "0", "1")
	}
	in.applyRules(v, c, ratingRequired)
	return v.Err()
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
	if in.SendIDQueue != nil {
		c.SendIDQueue = in.SendIDQueue
		if *in.SendIDQueue == 0 {
			c.SendIDQueue = nil
		}
	}
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

// wantsNewToken reports an update asking for a fresh token.
func (in Input) wantsNewToken() bool {
	return in.RegenerateToken || (in.Token != nil && *in.Token == "")
}

// Validation messages of the connection form.
const (
	MsgChannelFixed = "O canal de uma conexão não pode ser alterado"
	MsgRatingExpiry = "Com a avaliação ativa, o tempo de expiração da avaliação não pode ser zero"
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
