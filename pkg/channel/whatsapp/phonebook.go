package whatsapp

import (
	"context"
	"sort"

	"go.mau.fi/whatsmeow/types"

	"atende/pkg/channel"
	"atende/pkg/connection"
)

// PhoneContacts reads the phone's address book from whatsmeow's contact store, through the
// session's owner (channel.PhoneBook). Only phone-number contacts count: groups, LIDs,
// broadcasts and newsletters have no number to import. The name is the one the phone keeps,
// else the contact's profile name.
func (c Channel) PhoneContacts(ctx context.Context, conn connection.Connection) ([]channel.PhoneContact, error) {
	s, err := c.Hub.client(ctx, conn)
	if err != nil {
		return nil, err
	}
	_, dev := s.live()
	all, err := dev.Contacts(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]channel.PhoneContact, 0, len(all))
	for jid, info := range all {
		if jid.Server != types.DefaultUserServer || jid.User == "" {
			continue
		}
		out = append(out, channel.PhoneContact{Number: jid.User, Name: contactName(info)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Number < out[j].Number })
	return out, nil
}

func contactName(info types.ContactInfo) string {
	for _, n := range []string{info.FullName, info.FirstName, info.BusinessName, info.PushName} {
		if n != "" {
			return n
		}
	}
	return ""
}
