package whatsapp_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
	"go.mau.fi/whatsmeow"
	"go.mau.fi/whatsmeow/proto/waE2E"
	"go.mau.fi/whatsmeow/proto/waWeb"
	"go.mau.fi/whatsmeow/types"
	"go.mau.fi/whatsmeow/types/events"

	"atende/pkg/channel/whatsapp"
	"atende/pkg/connection"
)

// fakeFactory stands in for WhatsApp's servers: it hands out fake clients and remembers
// the devices "paired" so far. With RDB set it also records connects in Redis, shared by
// the worker processes of the ownership test.
type fakeFactory struct {
	RDB    *redis.Client
	Worker string

	mu      sync.Mutex
	clients map[int64][]*fakeClient
	devices map[string]bool
	lids    map[types.JID]types.JID
	book    map[types.JID]types.ContactInfo // the phone's contacts every device keeps

	failPairing error // PairPhone of the clients opened from now on fails with it
}

func newFactory() *fakeFactory {
	return &fakeFactory{clients: map[int64][]*fakeClient{}, devices: map[string]bool{}, lids: map[types.JID]types.JID{}}
}

func (f *fakeFactory) Open(_ context.Context, conn connection.Connection, jid string) (whatsapp.Client, whatsapp.Device, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	dev := &fakeDevice{f: f}
	if jid != "" && (f.devices[jid] || f.RDB != nil) {
		dev.jid = jid
	}
	c := &fakeClient{f: f, conn: conn, dev: dev, qr: make(chan whatsmeow.QRChannelItem, 8), pairErr: f.failPairing}
	f.clients[conn.ID] = append(f.clients[conn.ID], c)
	return c, dev, nil
}

// last is the newest client of a connection.
func (f *fakeFactory) last(connID int64) *fakeClient {
	f.mu.Lock()
	defer f.mu.Unlock()
	list := f.clients[connID]
	if len(list) == 0 {
		return nil
	}
	return list[len(list)-1]
}

func (f *fakeFactory) count(connID int64) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.clients[connID])
}

type fakeDevice struct {
	f   *fakeFactory
	jid string
}

// JID is the device's paired id ("" before pairing); pair sets it from the test goroutine.
func (d *fakeDevice) JID() string {
	d.f.mu.Lock()
	defer d.f.mu.Unlock()
	return d.jid
}

func (d *fakeDevice) PhoneForLID(_ context.Context, lid types.JID) (types.JID, error) {
	d.f.mu.Lock()
	defer d.f.mu.Unlock()
	return d.f.lids[lid], nil
}

func (d *fakeDevice) Contacts(context.Context) (map[types.JID]types.ContactInfo, error) {
	d.f.mu.Lock()
	defer d.f.mu.Unlock()
	return d.f.book, nil
}

func (d *fakeDevice) Delete(context.Context) error {
	d.f.mu.Lock()
	defer d.f.mu.Unlock()
	delete(d.f.devices, d.jid)
	return nil
}

type sentMsg struct {
	To  types.JID
	Msg *waE2E.Message
	ID  types.MessageID
}

type fakeClient struct {
	f    *fakeFactory
	conn connection.Connection
	dev  *fakeDevice
	qr   chan whatsmeow.QRChannelItem

	mu        sync.Mutex
	handlers  []whatsmeow.EventHandler
	connected bool
	loggedOut bool
	sent      []sentMsg
	reads     []string
	stopLive  chan struct{}
	paired    []string // numbers asked for a pairing code
	showing   bool     // a QR code was handed out: pair may follow it
	pairErr   error    // what PairPhone answers, when set
	downloads []string // the URL field of each attachment handed to Download
	presences []string // chat presences sent: "composing@jid", "paused@jid"
}

func (c *fakeClient) AddEventHandler(h whatsmeow.EventHandler) uint32 {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.handlers = append(c.handlers, h)
	return uint32(len(c.handlers))
}

// emit delivers an event the way whatsmeow does: synchronously to every handler.
func (c *fakeClient) emit(e any) {
	c.mu.Lock()
	hs := append([]whatsmeow.EventHandler(nil), c.handlers...)
	c.mu.Unlock()
	for _, h := range hs {
		h(e)
	}
}

// GetGroupInfo names every group after its id, as a subject the tests can check.
func (c *fakeClient) GetGroupInfo(_ context.Context, jid types.JID) (*types.GroupInfo, error) {
	return &types.GroupInfo{JID: jid, GroupName: types.GroupName{Name: "Grupo " + jid.User}}, nil
}

func (c *fakeClient) GetQRChannel(context.Context) (<-chan whatsmeow.QRChannelItem, error) {
	return c.qr, nil
}

// Connect goes online: a paired device is Connected at once, a new one shows a QR code.
func (c *fakeClient) Connect() error {
	c.mu.Lock()
	c.connected = true
	c.mu.Unlock()
	if err := c.recordConnect(); err != nil {
		return err
	}
	if c.dev.JID() != "" {
		go c.emit(&events.Connected{})
	} else {
		c.qr <- whatsmeow.QRChannelItem{Event: whatsmeow.QRChannelEventCode, Code: "qr-1", Timeout: time.Minute}
		c.mu.Lock()
		c.showing = true
		c.mu.Unlock()
	}
	return nil
}

// showingQR reports whether the newest client of a connection is online and has handed
// out its QR code. The row's QRCODE status alone can be an earlier, halted session's (a
// halted session's client is disconnected before the halt returns).
func (f *fakeFactory) showingQR(connID int64) bool {
	c := f.last(connID)
	if c == nil {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.showing && c.connected
}

// PairPhone hands out a code per number asked (WhatsApp's are 8 characters, XXXX-XXXX).
func (c *fakeClient) PairPhone(_ context.Context, phone string, _ bool, _ whatsmeow.PairClientType, _ string) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.connected {
		return "", errors.New("fake: not connected")
	}
	c.paired = append(c.paired, phone)
	if c.pairErr != nil {
		return "", c.pairErr
	}
	return fmt.Sprintf("ABCD-%04d", len(c.paired)), nil
}

func (c *fakeClient) pairedNumbers() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.paired...)
}

// pair scans the QR code with a phone.
func (c *fakeClient) pair(jid types.JID) {
	c.f.mu.Lock()
	c.f.devices[jid.String()] = true
	c.dev.jid = jid.String()
	c.f.mu.Unlock()
	c.qr <- whatsmeow.QRChannelSuccess
	c.emit(&events.PairSuccess{ID: jid})
	c.emit(&events.Connected{})
}

func (c *fakeClient) Disconnect() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.connected && c.stopLive != nil {
		close(c.stopLive)
		c.stopLive = nil
	}
	c.connected = false
}

func (c *fakeClient) Logout(ctx context.Context) error {
	c.mu.Lock()
	c.loggedOut = true
	c.mu.Unlock()
	_ = c.dev.Delete(ctx)
	c.Disconnect()
	return nil
}

func (c *fakeClient) IsConnected() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.connected
}

func (c *fakeClient) IsLoggedIn() bool { return c.IsConnected() && c.dev.JID() != "" }

func (c *fakeClient) SendMessage(_ context.Context, to types.JID, msg *waE2E.Message, extra ...whatsmeow.SendRequestExtra) (whatsmeow.SendResponse, error) {
	if !c.IsConnected() {
		return whatsmeow.SendResponse{}, errors.New("fake: not connected")
	}
	var id types.MessageID
	if len(extra) > 0 {
		id = extra[0].ID
	}
	c.mu.Lock()
	c.sent = append(c.sent, sentMsg{to, msg, id})
	c.mu.Unlock()
	if c.f.RDB != nil {
		c.f.RDB.RPush(context.Background(), fmt.Sprintf("wa:test:sent:%d", c.conn.ID), c.f.Worker+" "+id)
	}
	return whatsmeow.SendResponse{ID: id, Timestamp: time.Now()}, nil
}

func (c *fakeClient) Upload(_ context.Context, data []byte, _ whatsmeow.MediaType) (whatsmeow.UploadResponse, error) {
	return whatsmeow.UploadResponse{URL: "https://mmg.example/u", DirectPath: "/u", MediaKey: []byte("k"),
		FileLength: uint64(len(data))}, nil
}

// png is what every fake download returns, but audio: the stored type is sniffed from the bytes.
var png = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89")

// opus starts an Ogg Opus voice note (the page header, then OpusHead).
var opus = append([]byte("OggS\x00\x02"+strings.Repeat("\x00", 22)), "OpusHead\x01\x01"...)

func (c *fakeClient) Download(_ context.Context, m whatsmeow.DownloadableMessage) ([]byte, error) {
	c.mu.Lock()
	if u, ok := m.(interface{ GetURL() string }); ok {
		c.downloads = append(c.downloads, u.GetURL())
	}
	c.mu.Unlock()
	if _, ok := m.(*waE2E.AudioMessage); ok {
		return opus, nil
	}
	return png, nil
}

func (c *fakeClient) MarkRead(_ context.Context, ids []types.MessageID, _ time.Time, _, _ types.JID, _ ...types.ReceiptType) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.reads = append(c.reads, ids...)
	return nil
}

func (c *fakeClient) BuildEdit(chat types.JID, id types.MessageID, m *waE2E.Message) *waE2E.Message {
	return (&whatsmeow.Client{}).BuildEdit(chat, id, m)
}

func (c *fakeClient) BuildRevoke(chat, sender types.JID, id types.MessageID) *waE2E.Message {
	return (&whatsmeow.Client{}).BuildRevoke(chat, sender, id)
}

func (c *fakeClient) BuildReaction(chat, sender types.JID, id types.MessageID, reaction string) *waE2E.Message {
	return (*whatsmeow.Client)(nil).BuildReaction(chat, sender, id, reaction) // nil: no own JID, the sender decides fromMe
}

func (c *fakeClient) IsOnWhatsApp(_ context.Context, phones []string) ([]types.IsOnWhatsAppResponse, error) {
	out := make([]types.IsOnWhatsAppResponse, len(phones))
	for i, p := range phones {
		out[i] = types.IsOnWhatsAppResponse{Query: p, JID: types.NewJID(p[1:], types.DefaultUserServer), IsIn: p != "+550000"}
	}
	return out, nil
}

func (c *fakeClient) GetProfilePictureInfo(_ context.Context, jid types.JID, _ *whatsmeow.GetProfilePictureParams) (*types.ProfilePictureInfo, error) {
	return &types.ProfilePictureInfo{URL: "https://pps.example/" + jid.User}, nil
}

func (c *fakeClient) sentMsgs() []sentMsg {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]sentMsg(nil), c.sent...)
}

// recordConnect notes, in the shared Redis, that this worker connected the connection and
// that it stays connected (a key refreshed while up); finding another worker's live key is
// a violation of "one connection, one process".
func (c *fakeClient) recordConnect() error {
	if c.f.RDB == nil {
		return nil
	}
	ctx := context.Background()
	prefix := fmt.Sprintf("wa:test:live:%d:", c.conn.ID)
	keys, err := c.f.RDB.Keys(ctx, prefix+"*").Result()
	if err != nil {
		return err
	}
	for _, k := range keys {
		if k != prefix+c.f.Worker {
			c.f.RDB.Incr(ctx, "wa:test:violations")
		}
	}
	c.f.RDB.Incr(ctx, fmt.Sprintf("wa:test:connects:%d", c.conn.ID))
	stop := make(chan struct{})
	c.mu.Lock()
	c.stopLive = stop
	c.mu.Unlock()
	live := func() { c.f.RDB.Set(ctx, prefix+c.f.Worker, 1, 400*time.Millisecond) }
	live()
	go func() {
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				c.f.RDB.Del(ctx, prefix+c.f.Worker)
				return
			case <-t.C:
				live()
			}
		}
	}()
	return nil
}

func (c *fakeClient) ParseWebMessage(chat types.JID, m *waWeb.WebMessageInfo) (*events.Message, error) {
	return (&whatsmeow.Client{}).ParseWebMessage(chat, m)
}
