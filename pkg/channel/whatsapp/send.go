package whatsapp

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"go.mau.fi/whatsmeow"
	"go.mau.fi/whatsmeow/proto/waE2E"
	"go.mau.fi/whatsmeow/types"
	"google.golang.org/protobuf/proto"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/message"
	"atende/pkg/storage"
)

// Channel is the channel.Channel of WhatsApp: it works through the live client of the
// process owning the session; elsewhere it answers channel.ElsewhereError (the worker hands
// the task to the owner) or ErrNoOwner (retried until a worker claims the session).
type Channel struct{ Hub *Hub }

// MessageID is the whatsmeow message id of our message id: deterministic, so a send
// retried after a crash is the same WhatsApp message, not a second one.
func MessageID(connID, messageID int64) types.MessageID {
	sum := sha256.Sum256([]byte(fmt.Sprintf("atende:%d:%d", connID, messageID)))
	return whatsmeow.WebMessageIDPrefix + strings.ToUpper(hex.EncodeToString(sum[:9]))
}

// ProviderID is MessageID (channel.Namer): a reply's id is written with its row.
func (Channel) ProviderID(conn connection.Connection, messageID int64) string {
	return MessageID(conn.ID, messageID)
}

// JID is the address of a digits-only number (a group when isGroup).
func JID(number string, isGroup bool) types.JID {
	if isGroup {
		return types.NewJID(number, types.GroupServer)
	}
	return types.NewJID(digits(number), types.DefaultUserServer)
}

func (c Channel) Send(ctx context.Context, conn connection.Connection, out channel.Outgoing) (channel.Sent, error) {
	s, err := c.Hub.client(ctx, conn)
	if err != nil {
		var elsewhere *channel.ElsewhereError
		if !errors.As(err, &elsewhere) {
			err = &OfflineError{Err: err} // not connected here, no owner yet, the lease unreadable
		}
		return channel.Sent{}, err
	}
	cli, _ := s.live()
	msg, err := c.build(ctx, cli, out)
	if err != nil {
		return channel.Sent{}, err
	}
	id := MessageID(conn.ID, out.MessageID)
	if _, err := cli.SendMessage(ctx, JID(out.To, out.IsGroup), msg, whatsmeow.SendRequestExtra{ID: id}); err != nil {
		return channel.Sent{}, sendError(err)
	}
	return channel.Sent{ProviderID: id, Ack: message.AckSent}, nil
}

// OfflineError is a send that failed on the connection, not on its recipient: the session
// is not connected here or held by no worker yet, or WhatsApp did not answer in time. It
// is retried like any error; callers that count failures per recipient (campaigns) don't
// count it. errors.Is and errors.As see the cause.
type OfflineError struct{ Err error }

func (e *OfflineError) Error() string { return e.Err.Error() }
func (e *OfflineError) Unwrap() error { return e.Err }

// Offline marks the error as the connection's.
func (*OfflineError) Offline() bool { return true }

// noLID is how whatsmeow's SendMessage says WhatsApp knows no account for a phone number
// (unexported: "no LID found for <jid> from server", after the server answered the lookup).
const noLID = "no LID found for "

// sendError classifies a failed SendMessage: the connection's failures are OfflineError;
// what only the recipient explains is channel.ErrPermanent (no WhatsApp account behind the
// number, an address WhatsApp can't send to), so that delivery gives up at once; anything
// else (a server error code, an encryption session) stays as it is and is retried.
func sendError(err error) error {
	switch {
	case errors.Is(err, whatsmeow.ErrNotConnected), errors.Is(err, whatsmeow.ErrNotLoggedIn),
		errors.Is(err, whatsmeow.ErrClientIsNil), errors.Is(err, whatsmeow.ErrIQTimedOut),
		errors.Is(err, whatsmeow.ErrMessageTimedOut), errors.Is(err, context.DeadlineExceeded),
		errors.Is(err, context.Canceled):
		return &OfflineError{Err: err}
	case strings.HasPrefix(err.Error(), noLID), errors.Is(err, whatsmeow.ErrUnknownServer),
		errors.Is(err, whatsmeow.ErrRecipientADJID), errors.Is(err, whatsmeow.ErrBroadcastListUnsupported):
		return fmt.Errorf("%w: %w", channel.ErrPermanent, err)
	}
	return err
}

// build makes the WhatsApp message of out; a quoted reply carries the quoted id in its
// ContextInfo.
func (c Channel) build(ctx context.Context, cli Client, out channel.Outgoing) (*waE2E.Message, error) {
	var quote *waE2E.ContextInfo
	if out.QuotedProviderID != "" {
		quote = &waE2E.ContextInfo{StanzaID: proto.String(out.QuotedProviderID)}
	}
	switch {
	case out.Kind == channel.KindReaction:
		return reaction(cli, out), nil
	case out.Kind == channel.KindMedia:
		return c.media(ctx, cli, out, quote)
	case out.Kind == channel.KindContact:
		return &waE2E.Message{ContactMessage: &waE2E.ContactMessage{DisplayName: proto.String(out.Body),
			Vcard: proto.String(out.VCard), ContextInfo: quote}}, nil
	case out.Kind == channel.KindLocation:
		lat, lng, err := latLng(out.Body)
		if err != nil {
			return nil, err
		}
		return &waE2E.Message{LocationMessage: &waE2E.LocationMessage{DegreesLatitude: &lat,
			DegreesLongitude: &lng, ContextInfo: quote}}, nil
	case quote != nil:
		return &waE2E.Message{ExtendedTextMessage: &waE2E.ExtendedTextMessage{Text: proto.String(out.Body),
			ContextInfo: quote}}, nil
	}
	return &waE2E.Message{Conversation: proto.String(out.Body)}, nil
}

// reaction reacts to out.TargetID in out.To's chat ("" takes our reaction back). WhatsApp
// keys a message by its author too: us, the customer, or the group member who wrote it.
func reaction(cli Client, out channel.Outgoing) *waE2E.Message {
	chat := JID(out.To, out.IsGroup)
	sender := chat
	switch {
	case out.TargetFromMe:
		sender = types.EmptyJID
	case out.IsGroup:
		sender = JID(out.TargetSender, false)
	}
	return cli.BuildReaction(chat, sender, out.TargetID, out.Body)
}

// latLng reads "lat,lng" (the body of a location to send).
func latLng(body string) (float64, float64, error) {
	parts := strings.SplitN(body, ",", 2)
	if len(parts) != 2 {
		return 0, 0, fmt.Errorf("whatsapp: location %q is not lat,lng", body)
	}
	lat, err1 := strconv.ParseFloat(strings.TrimSpace(parts[0]), 64)
	lng, err2 := strconv.ParseFloat(strings.TrimSpace(parts[1]), 64)
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("whatsapp: location %q is not lat,lng", body)
	}
	return lat, lng, nil
}

// media uploads the stored file and builds the image, video, voice note, sticker or
// document message.
func (c Channel) media(ctx context.Context, cli Client, out channel.Outgoing, quote *waE2E.ContextInfo) (*waE2E.Message, error) {
	data, err := os.ReadFile(filepath.Join(c.Hub.Media.Dir, filepath.FromSlash(out.MediaPath)))
	if err != nil {
		return nil, err
	}
	mime, err := storage.Sniff(bytes.NewReader(data)) // the one sniffing media are stored and served by
	if err != nil {
		return nil, err
	}
	kind := whatsmeow.MediaDocument
	switch {
	case out.MediaType == message.TypeDocument:
		// stored as a file (a flow's audio not "recorded now"): sent as one, as the Cloud API
		// and Messenger senders do, whatever the bytes are
	case mime == "image/webp":
		kind = whatsmeow.MediaImage
	case out.MediaType == message.TypeImage || strings.HasPrefix(mime, "image/"):
		kind = whatsmeow.MediaImage
	case out.MediaType == message.TypeVideo || strings.HasPrefix(mime, "video/"):
		kind = whatsmeow.MediaVideo
	case out.MediaType == message.TypeAudio || strings.HasPrefix(mime, "audio/"):
		kind = whatsmeow.MediaAudio
	}
	up, err := cli.Upload(ctx, data, kind)
	if err != nil {
		return nil, err
	}
	size := uint64(len(data))
	caption := proto.String(out.Body)
	switch {
	case kind == whatsmeow.MediaDocument:
	case mime == "image/webp":
		return &waE2E.Message{StickerMessage: &waE2E.StickerMessage{URL: &up.URL, DirectPath: &up.DirectPath,
			MediaKey: up.MediaKey, FileEncSHA256: up.FileEncSHA256, FileSHA256: up.FileSHA256, FileLength: &size,
			Mimetype: &mime, ContextInfo: quote}}, nil
	case kind == whatsmeow.MediaImage:
		return &waE2E.Message{ImageMessage: &waE2E.ImageMessage{URL: &up.URL, DirectPath: &up.DirectPath,
			MediaKey: up.MediaKey, FileEncSHA256: up.FileEncSHA256, FileSHA256: up.FileSHA256, FileLength: &size,
			Mimetype: &mime, Caption: caption, ContextInfo: quote}}, nil
	case kind == whatsmeow.MediaVideo:
		return &waE2E.Message{VideoMessage: &waE2E.VideoMessage{URL: &up.URL, DirectPath: &up.DirectPath,
			MediaKey: up.MediaKey, FileEncSHA256: up.FileEncSHA256, FileSHA256: up.FileSHA256, FileLength: &size,
			Mimetype: &mime, Caption: caption, ContextInfo: quote}}, nil
	case kind == whatsmeow.MediaAudio: // recorded by the attendant: a voice note (ptt)
		return &waE2E.Message{AudioMessage: &waE2E.AudioMessage{URL: &up.URL, DirectPath: &up.DirectPath,
			MediaKey: up.MediaKey, FileEncSHA256: up.FileEncSHA256, FileSHA256: up.FileSHA256, FileLength: &size,
			Mimetype: &mime, PTT: proto.Bool(true), ContextInfo: quote}}, nil
	}
	name := firstNonEmpty(out.MediaName, filepath.Base(out.MediaPath))
	return &waE2E.Message{DocumentMessage: &waE2E.DocumentMessage{URL: &up.URL, DirectPath: &up.DirectPath,
		MediaKey: up.MediaKey, FileEncSHA256: up.FileEncSHA256, FileSHA256: up.FileSHA256, FileLength: &size,
		Mimetype: &mime, FileName: &name, Title: &name, Caption: caption, ContextInfo: quote}}, nil
}

// Edit replaces the text of a message we sent.
func (c Channel) Edit(ctx context.Context, conn connection.Connection, to, providerID, body string) error {
	s, err := c.Hub.client(ctx, conn)
	if err != nil {
		return err
	}
	cli, _ := s.live()
	chat := JID(to, isGroupNumber(to))
	_, err = cli.SendMessage(ctx, chat, cli.BuildEdit(chat, providerID, &waE2E.Message{Conversation: proto.String(body)}))
	return err
}

// Delete revokes a message we sent, for everyone.
func (c Channel) Delete(ctx context.Context, conn connection.Connection, to, providerID string) error {
	s, err := c.Hub.client(ctx, conn)
	if err != nil {
		return err
	}
	cli, _ := s.live()
	chat := JID(to, isGroupNumber(to))
	_, err = cli.SendMessage(ctx, chat, cli.BuildRevoke(chat, types.EmptyJID, providerID))
	return err
}

// MarkRead sends read receipts for received messages.
func (c Channel) MarkRead(ctx context.Context, conn connection.Connection, to string, providerIDs []string) error {
	s, err := c.Hub.client(ctx, conn)
	if err != nil {
		return err
	}
	cli, _ := s.live()
	return cli.MarkRead(ctx, providerIDs, time.Now(), JID(to, isGroupNumber(to)), types.EmptyJID)
}

// Profile looks a number up on WhatsApp and fetches its picture.
func (c Channel) Profile(ctx context.Context, conn connection.Connection, number string) (channel.Profile, error) {
	p := channel.Profile{Number: digits(number), Name: digits(number)}
	s, err := c.Hub.client(ctx, conn)
	if err != nil {
		return p, err
	}
	cli, _ := s.live()
	res, err := cli.IsOnWhatsApp(ctx, []string{"+" + p.Number})
	if err != nil || len(res) == 0 || !res[0].IsIn {
		return p, err
	}
	p.Exists, p.Number = true, res[0].JID.User
	if res[0].VerifiedName != nil && res[0].VerifiedName.Details != nil {
		p.Name = res[0].VerifiedName.Details.GetVerifiedName()
	}
	if pic, err := cli.GetProfilePictureInfo(ctx, res[0].JID, &whatsmeow.GetProfilePictureParams{}); err == nil && pic != nil {
		p.PictureURL = pic.URL
	}
	return p, nil
}

// isGroupNumber: the external API's rule, 18 digits or more is a group.
func isGroupNumber(number string) bool { return len(digits(number)) >= 18 }

// checkChunk is how many numbers one IsOnWhatsApp query carries.
const checkChunk = 100

// CheckNumbers asks WhatsApp which numbers have an account, a chunk per query
// (channel.NumberChecker).
func (c Channel) CheckNumbers(ctx context.Context, conn connection.Connection, numbers []string) (map[string]bool, error) {
	s, err := c.Hub.client(ctx, conn)
	if err != nil {
		return nil, err
	}
	cli, _ := s.live()
	out := make(map[string]bool, len(numbers))
	for start := 0; start < len(numbers); start += checkChunk {
		chunk := numbers[start:min(start+checkChunk, len(numbers))]
		query := make([]string, len(chunk))
		for i, n := range chunk {
			query[i] = "+" + digits(n)
		}
		res, err := cli.IsOnWhatsApp(ctx, query)
		if err != nil {
			return nil, err
		}
		for _, r := range res {
			out[strings.TrimPrefix(r.Query, "+")] = r.IsIn
		}
	}
	return out, nil
}
