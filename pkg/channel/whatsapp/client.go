// Package whatsapp is the WhatsApp channel through whatsmeow: sessions hosted by worker
// processes (one owner per connection, by a lease in Redis), the channel.Channel that sends
// through the owner's live client, and the translation of whatsmeow events into the
// inbound pipeline's events.
package whatsapp

import (
	"context"
	"time"

	"go.mau.fi/whatsmeow"
	"go.mau.fi/whatsmeow/proto/waE2E"
	"go.mau.fi/whatsmeow/proto/waWeb"
	"go.mau.fi/whatsmeow/store"
	"go.mau.fi/whatsmeow/store/sqlstore"
	"go.mau.fi/whatsmeow/types"
	"go.mau.fi/whatsmeow/types/events"
	waLog "go.mau.fi/whatsmeow/util/log"

	"atende/pkg/connection"
)

// Client is the part of *whatsmeow.Client the sessions use; tests put a fake behind it.
type Client interface {
	AddEventHandler(handler whatsmeow.EventHandler) uint32
	GetQRChannel(ctx context.Context) (<-chan whatsmeow.QRChannelItem, error)
	Connect() error
	PairPhone(ctx context.Context, phone string, showPushNotification bool, clientType whatsmeow.PairClientType, clientDisplayName string) (string, error)
	Disconnect()
	Logout(ctx context.Context) error
	IsConnected() bool
	IsLoggedIn() bool
	SendMessage(ctx context.Context, to types.JID, msg *waE2E.Message, extra ...whatsmeow.SendRequestExtra) (whatsmeow.SendResponse, error)
	Upload(ctx context.Context, plaintext []byte, appInfo whatsmeow.MediaType) (whatsmeow.UploadResponse, error)
	Download(ctx context.Context, msg whatsmeow.DownloadableMessage) ([]byte, error)
	MarkRead(ctx context.Context, ids []types.MessageID, timestamp time.Time, chat, sender types.JID, receiptTypeExtra ...types.ReceiptType) error
	SendChatPresence(ctx context.Context, jid types.JID, state types.ChatPresence, media types.ChatPresenceMedia) error
	BuildEdit(chat types.JID, id types.MessageID, newContent *waE2E.Message) *waE2E.Message
	BuildRevoke(chat, sender types.JID, id types.MessageID) *waE2E.Message
	BuildReaction(chat, sender types.JID, id types.MessageID, reaction string) *waE2E.Message
	IsOnWhatsApp(ctx context.Context, phones []string) ([]types.IsOnWhatsAppResponse, error)
	GetProfilePictureInfo(ctx context.Context, jid types.JID, params *whatsmeow.GetProfilePictureParams) (*types.ProfilePictureInfo, error)
	ParseWebMessage(chatJID types.JID, webMsg *waWeb.WebMessageInfo) (*events.Message, error)
	GetGroupInfo(ctx context.Context, jid types.JID) (*types.GroupInfo, error)
}

var _ Client = (*whatsmeow.Client)(nil)

// Device is the stored identity behind a client.
type Device interface {
	// JID is the paired device ("" until paired).
	JID() string
	// PhoneForLID translates a LID to the phone-number JID whatsmeow learnt for it.
	PhoneForLID(ctx context.Context, lid types.JID) (types.JID, error)
	// Delete forgets the device's keys.
	Delete(ctx context.Context) error
	// Contacts is the address book whatsmeow keeps from the phone's app state.
	Contacts(ctx context.Context) (map[types.JID]types.ContactInfo, error)
}

// Factory opens the client of a connection: the stored device deviceJID, or a new
// device to pair when deviceJID is "" or unknown.
type Factory interface {
	Open(ctx context.Context, conn connection.Connection, deviceJID string) (Client, Device, error)
}

// SQLFactory keeps whatsmeow's devices in our PostgreSQL (its whatsmeow_* tables).
type SQLFactory struct{ Container *sqlstore.Container }

// NewSQLFactory opens whatsmeow's store on databaseURL and upgrades its tables.
func NewSQLFactory(ctx context.Context, databaseURL string) (*SQLFactory, error) {
	c, err := sqlstore.New(ctx, "pgx", databaseURL, waLog.Noop)
	if err != nil {
		return nil, err
	}
	return &SQLFactory{Container: c}, nil
}

// Open implements Factory. Our sessions reconnect themselves (with backoff and a lease
// check), so whatsmeow's own reconnect loop is off.
func (f *SQLFactory) Open(ctx context.Context, _ connection.Connection, deviceJID string) (Client, Device, error) {
	var dev *store.Device
	if deviceJID != "" {
		jid, err := types.ParseJID(deviceJID)
		if err != nil {
			return nil, nil, err
		}
		if dev, err = f.Container.GetDevice(ctx, jid); err != nil {
			return nil, nil, err
		}
	}
	if dev == nil {
		dev = f.Container.NewDevice()
	}
	cli := whatsmeow.NewClient(dev, waLog.Noop)
	cli.EnableAutoReconnect = false
	cli.SetMediaHTTPClient(cappedMediaHTTP()) // media_guard.go
	return cli, sqlDevice{dev}, nil
}

type sqlDevice struct{ d *store.Device }

func (s sqlDevice) JID() string {
	if s.d.ID == nil {
		return ""
	}
	return s.d.ID.String()
}

func (s sqlDevice) PhoneForLID(ctx context.Context, lid types.JID) (types.JID, error) {
	return s.d.LIDs.GetPNForLID(ctx, lid)
}

func (s sqlDevice) Contacts(ctx context.Context) (map[types.JID]types.ContactInfo, error) {
	return s.d.Contacts.GetAllContacts(ctx)
}

func (s sqlDevice) Delete(ctx context.Context) error {
	if s.d.ID == nil {
		return nil
	}
	return s.d.Delete(ctx)
}
