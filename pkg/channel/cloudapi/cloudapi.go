// Package cloudapi is the WhatsApp Cloud API channel (connection channel "whatsappapi"):
// it sends through the Graph API from the connection's phone-number id (ExternalID) with
// its access token. Inbound messages and statuses arrive by webhook (pkg/metawebhook).
package cloudapi

import (
	"context"
	"fmt"
	"strings"

	"atende/pkg/channel"
	"atende/pkg/channel/graph"
	"atende/pkg/connection"
)

// Channel is the Cloud API implementation of channel.Channel.
type Channel struct {
	Graph graph.Client
	Limit graph.Limiter
	Media graph.Media
}

// Send delivers one message and returns its wamid.
func (c Channel) Send(ctx context.Context, conn connection.Connection, out channel.Outgoing) (channel.Sent, error) {
	return c.Limit.Send(ctx, conn.ID, out.MessageID, graph.CloudAPIPerSecond, func() (string, error) {
		body, err := c.payload(ctx, conn, out)
		if err != nil {
			return "", err
		}
		var res struct {
			Messages []struct {
				ID string `json:"id"`
			} `json:"messages"`
		}
		if err := c.Graph.Post(ctx, conn.AccessToken, "/"+conn.ExternalID+"/messages", body, &res); err != nil {
			return "", err
		}
		if len(res.Messages) == 0 || res.Messages[0].ID == "" {
			return "", fmt.Errorf("cloudapi: answer without a message id")
		}
		return res.Messages[0].ID, nil
	})
}

func (c Channel) payload(ctx context.Context, conn connection.Connection, out channel.Outgoing) (map[string]any, error) {
	p := map[string]any{"messaging_product": "whatsapp", "recipient_type": "individual", "to": out.To}
	if out.QuotedProviderID != "" {
		p["context"] = map[string]string{"message_id": out.QuotedProviderID}
	}
	switch out.Kind {
	case channel.KindText:
		p["type"], p["text"] = "text", map[string]any{"body": out.Body, "preview_url": false}
		if out.Menu != nil {
			if it := interactive(out.Menu); it != nil {
				delete(p, "text")
				p["type"], p["interactive"] = "interactive", it
			}
		}
	case channel.KindMedia:
		typ := mediaKind(out.MediaType)
		id, err := c.upload(ctx, conn, typ, out.MediaPath)
		if err != nil {
			return nil, err
		}
		obj := map[string]any{"id": id}
		if typ != "audio" && out.Body != "" && out.Body != out.MediaName {
			obj["caption"] = out.Body
		}
		if typ == "document" {
			obj["filename"] = out.MediaName
		}
		p["type"], p[typ] = typ, obj
	case channel.KindContact:
		p["type"], p["contacts"] = "contacts", []any{ContactCard(out.VCard)}
	case channel.KindReaction: // an empty emoji removes our reaction
		delete(p, "context")
		p["type"], p["reaction"] = "reaction", map[string]string{"message_id": out.TargetID, "emoji": out.Body}
	default:
		return nil, fmt.Errorf("%w: %s messages", channel.ErrUnsupported, out.Kind)
	}
	return p, nil
}

// upload posts a stored file sent as kind to /{phone-number-id}/media and returns the media id.
func (c Channel) upload(ctx context.Context, conn connection.Connection, kind, rel string) (string, error) {
	f, ctype, err := graph.OpenFile(c.Media, rel)
	if err != nil {
		return "", fmt.Errorf("%w: media file: %v", channel.ErrPermanent, err)
	}
	ctype = graph.SendType(kind, ctype)
	defer f.Close()
	var res struct {
		ID string `json:"id"`
	}
	name := rel[strings.LastIndex(rel, "/")+1:]
	err = c.Graph.Upload(ctx, conn.AccessToken, "/"+conn.ExternalID+"/media",
		map[string]string{"messaging_product": "whatsapp", "type": ctype},
		graph.File{Field: "file", Name: name, Type: ctype, Body: f}, &res)
	return res.ID, err
}

// mediaKind maps our message media type to the Cloud API's.
func mediaKind(t string) string {
	switch t {
	case "image", "video", "audio":
		return t
	}
	return "document"
}

// Edit is not offered by the Cloud API.
func (c Channel) Edit(context.Context, connection.Connection, string, string, string) error {
	return fmt.Errorf("%w: editing a sent message", channel.ErrUnsupported)
}

// Delete is not offered by the Cloud API.
func (c Channel) Delete(context.Context, connection.Connection, string, string) error {
	return fmt.Errorf("%w: deleting a sent message", channel.ErrUnsupported)
}

// MarkRead marks inbound messages read (the customer sees blue ticks).
func (c Channel) MarkRead(ctx context.Context, conn connection.Connection, _ string, ids []string) error {
	for _, id := range ids {
		err := c.Graph.Post(ctx, conn.AccessToken, "/"+conn.ExternalID+"/messages",
			map[string]string{"messaging_product": "whatsapp", "status": "read", "message_id": id}, nil)
		if err != nil {
			return err
		}
	}
	return nil
}

// Profile: the Cloud API has no contact lookup; any number may be written to.
func (c Channel) Profile(_ context.Context, _ connection.Connection, number string) (channel.Profile, error) {
	return channel.Profile{Number: number, Name: number, Exists: true}, nil
}
