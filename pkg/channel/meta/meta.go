// Package meta is the Messenger (connection channel "facebook") and Instagram ("instagram")
// channel: it sends through the Graph API's Send API with the connection's page access
// token, to the page's id (ExternalID) or, for Instagram, to /me (the token's page).
// Inbound messages arrive by webhook (pkg/metawebhook).
package meta

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"atende/pkg/channel"
	"atende/pkg/channel/graph"
	"atende/pkg/connection"
)

// Channel is the Messenger/Instagram implementation of channel.Channel.
type Channel struct {
	Graph graph.Client
	Limit graph.Limiter
	Media graph.Media
}

type sendAnswer struct {
	RecipientID string `json:"recipient_id"`
	MessageID   string `json:"message_id"`
}

// Send delivers one message and returns its mid. Attachments are uploaded with the send
// (multipart filedata); a caption travels as a text right after, as Messenger has none.
func (c Channel) Send(ctx context.Context, conn connection.Connection, out channel.Outgoing) (channel.Sent, error) {
	return c.Limit.Send(ctx, conn.ID, out.MessageID, graph.MessengerPerSecond, func() (string, error) {
		res, err := c.send(ctx, conn, out)
		if err != nil {
			return "", err
		}
		if res.MessageID == "" {
			return "", fmt.Errorf("meta: answer without a message id")
		}
		return res.MessageID, nil
	})
}

// send posts out by its kind.
func (c Channel) send(ctx context.Context, conn connection.Connection, out channel.Outgoing) (sendAnswer, error) {
	switch out.Kind {
	case channel.KindText:
		return c.text(ctx, conn, out, out.Body)
	case channel.KindContact:
		return c.text(ctx, conn, out, contactText(out.VCard))
	case channel.KindReaction:
		return c.react(ctx, conn, out)
	case channel.KindMedia:
		res, err := c.attachment(ctx, conn, out)
		if err == nil && out.Body != "" && out.Body != out.MediaName {
			_, err = c.text(ctx, conn, channel.Outgoing{To: out.To}, out.Body)
		}
		return res, err
	}
	return sendAnswer{}, fmt.Errorf("%w: %s messages", channel.ErrUnsupported, out.Kind)
}

func (c Channel) text(ctx context.Context, conn connection.Connection, out channel.Outgoing, body string) (sendAnswer, error) {
	msg := map[string]any{"text": body}
	if replies := quickReplies(out.Menu); replies != nil {
		msg["quick_replies"] = replies
	}
	if out.QuotedProviderID != "" && conn.Channel == connection.ChannelInstagram {
		msg["reply_to"] = map[string]string{"mid": out.QuotedProviderID}
	}
	var res sendAnswer
	err := c.Graph.Post(ctx, conn.AccessToken, sendPath(conn), map[string]any{
		"recipient": map[string]string{"id": out.To}, "messaging_type": "RESPONSE", "message": msg}, &res)
	return res, err
}

// react reacts to a message with an emoji (sender_action react), or takes our reaction
// back when Body is empty (unreact). The Send API answers no message id for it, so the
// id is ours, shaped like the inbound reactions' (target:action:…) and unique.
func (c Channel) react(ctx context.Context, conn connection.Connection, out channel.Outgoing) (sendAnswer, error) {
	action, payload := "react", map[string]string{"message_id": out.TargetID, "reaction": out.Body}
	if out.Body == "" {
		action, payload = "unreact", map[string]string{"message_id": out.TargetID}
	}
	err := c.Graph.Post(ctx, conn.AccessToken, sendPath(conn), map[string]any{
		"recipient": map[string]string{"id": out.To}, "sender_action": action, "payload": payload}, nil)
	return sendAnswer{RecipientID: out.To, MessageID: fmt.Sprintf("%s:%s:%d", out.TargetID, action, out.MessageID)}, err
}

func (c Channel) attachment(ctx context.Context, conn connection.Connection, out channel.Outgoing) (sendAnswer, error) {
	var res sendAnswer
	f, ctype, err := graph.OpenFile(c.Media, out.MediaPath)
	if err != nil {
		return res, fmt.Errorf("%w: media file: %v", channel.ErrPermanent, err)
	}
	defer f.Close()
	ctype = graph.SendType(out.MediaType, ctype)
	recipient, _ := json.Marshal(map[string]string{"id": out.To})
	message, _ := json.Marshal(map[string]any{"attachment": map[string]any{
		"type": attachmentKind(out.MediaType), "payload": map[string]bool{"is_reusable": false}}})
	name := out.MediaName
	if name == "" {
		name = out.MediaPath[strings.LastIndex(out.MediaPath, "/")+1:]
	}
	err = c.Graph.Upload(ctx, conn.AccessToken, sendPath(conn),
		map[string]string{"recipient": string(recipient), "messaging_type": "RESPONSE", "message": string(message)},
		graph.File{Field: "filedata", Name: name, Type: ctype, Body: f}, &res)
	return res, err
}

// attachmentKind maps our media type to the Send API's attachment type.
func attachmentKind(t string) string {
	switch t {
	case "image", "video", "audio":
		return t
	}
	return "file"
}

// sendPath is where the Send API takes a connection's messages: a page's own id, or, for
// an Instagram account, /me/messages with the linked page's token (Meta documents
// /{page-id}/messages or /me/messages; the Instagram account id is no sender).
func sendPath(conn connection.Connection) string {
	if conn.Channel == connection.ChannelInstagram {
		return "/me/messages"
	}
	return "/" + url.PathEscape(conn.ExternalID) + "/messages"
}

// contactText renders a vCard as plain text: the Send API has no contact cards.
func contactText(vcard string) string {
	var lines []string
	for _, line := range strings.Split(strings.ReplaceAll(vcard, "\r\n", "\n"), "\n") {
		key, value, ok := strings.Cut(line, ":")
		switch {
		case !ok:
		case strings.EqualFold(key, "FN"):
			lines = append(lines, strings.TrimSpace(value))
		case strings.HasPrefix(strings.ToUpper(key), "TEL"):
			lines = append(lines, strings.TrimSpace(value))
		}
	}
	return strings.Join(lines, "\n")
}

// Edit is not offered by the Send API.
func (c Channel) Edit(context.Context, connection.Connection, string, string, string) error {
	return fmt.Errorf("%w: editing a sent message", channel.ErrUnsupported)
}

// Delete is not offered by the Send API.
func (c Channel) Delete(context.Context, connection.Connection, string, string) error {
	return fmt.Errorf("%w: deleting a sent message", channel.ErrUnsupported)
}

// MarkRead shows the customer that the conversation was seen.
func (c Channel) MarkRead(ctx context.Context, conn connection.Connection, to string, _ []string) error {
	return c.Graph.Post(ctx, conn.AccessToken, sendPath(conn), map[string]any{
		"recipient": map[string]string{"id": to}, "sender_action": "mark_seen"}, nil)
}

// Profile looks a page-scoped (or Instagram-scoped) user id up.
func (c Channel) Profile(ctx context.Context, conn connection.Connection, id string) (channel.Profile, error) {
	var p struct {
		Name       string `json:"name"`
		Username   string `json:"username"`
		ProfilePic string `json:"profile_pic"`
	}
	fields := "name,profile_pic"
	if conn.Channel == connection.ChannelInstagram {
		fields = "name,username,profile_pic"
	}
	if err := c.Graph.Get(ctx, conn.AccessToken, "/"+url.PathEscape(id), url.Values{"fields": {fields}}, &p); err != nil {
		return channel.Profile{Number: id, Name: id}, err
	}
	name := p.Name
	if name == "" {
		name = p.Username
	}
	return channel.Profile{Number: id, Name: name, PictureURL: p.ProfilePic, Exists: true}, nil
}

// Quick replies: Messenger and Instagram show at most 13, titles up to 20 characters.
const (
	maxQuickReplies = 13
	maxQuickTitle   = 20
)

// quickReplies are the bot menu's choices as quick replies under its text (whatever the
// chatBotType: these channels have one kind); the payload is the number the customer
// would type. nil when there is no menu or too many choices.
func quickReplies(m *channel.Menu) []any {
	if m == nil || len(m.Choices) > maxQuickReplies {
		return nil
	}
	out := make([]any, len(m.Choices))
	for i, c := range m.Choices {
		title := []rune(c.Title)
		if len(title) > maxQuickTitle {
			title = append(title[:maxQuickTitle-1], '…')
		}
		out[i] = map[string]string{"content_type": "text", "title": string(title), "payload": c.ID}
	}
	return out
}
