package realtime

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/coder/websocket"
)

// clientMessage is what a browser sends: {"type":"joinTickets","status":"open"} and the like.
type clientMessage struct {
	Type     string `json:"type"`
	Status   string `json:"status"`
	TicketID string `json:"ticketId"`
	Room     string `json:"room"`
}

// Serve upgrades the request and runs the socket for id until it closes. The caller has
// already verified the token.
func (h *Hub) Serve(w http.ResponseWriter, r *http.Request, id Identity) error {
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: []string{"*"}})
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := &client{id: id, send: make(chan []byte, 256), done: make(chan struct{}),
		rooms: map[string]struct{}{CompanyRoom(id.CompanyID): {}, UserRoom(id.UserID): {}, PlatformRoom: {}}}
	h.add(c)
	defer h.remove(c)
	defer conn.CloseNow()
	if h.OnUserStatus != nil {
		h.OnUserStatus(ctx, id)
	}
	go h.readLoop(ctx, conn, c)
	ping := time.NewTicker(30 * time.Second)
	defer ping.Stop()
	var buf, next []byte // next: a queued frame the last message had no room for
	for {
		frame := next
		if frame == nil {
			select {
			case <-c.done:
				// Deliver what is queued (e.g. the takeover notice) before closing.
				for len(c.send) > 0 {
					if write(ctx, conn, <-c.send) != nil {
						return nil
					}
				}
				conn.Close(c.end.code, c.end.reason)
				return nil
			case frame = <-c.send:
			case <-ping.C:
				pctx, pcancel := context.WithTimeout(ctx, 10*time.Second)
				err := conn.Ping(pctx)
				pcancel()
				if err != nil {
					return nil
				}
				continue
			}
		}
		var msg []byte
		msg, next, buf = gather(buf[:0], frame, c.send)
		if write(ctx, conn, msg) != nil {
			return nil
		}
	}
}

// batchBytes bounds a message that carries several frames: under the 32 KiB a reader
// takes by default, and a frame longer than it goes alone.
const batchBytes = 16 << 10

// gather makes one socket message of frame and the frames queued behind it: a JSON array
// of them when there are several (the web app reads either form). A batch's events reach
// the hub together, and each message written costs a system call and a wake-up of the
// browser; one message for the burst costs that once. buf is reused for the array; next is
// a frame taken from the queue that did not fit, for the next message.
func gather(buf, frame []byte, queue <-chan []byte) (msg, next, out []byte) {
	if len(queue) == 0 || len(frame) >= batchBytes {
		return frame, nil, buf
	}
	buf = append(append(buf, '['), frame...)
	for len(queue) > 0 {
		f := <-queue
		if len(buf)+len(f)+2 > batchBytes {
			next = f
			break
		}
		buf = append(append(buf, ','), f...)
	}
	if len(buf) == len(frame)+1 { // the next frame did not fit: the first goes alone
		return frame, next, buf
	}
	buf = append(buf, ']')
	return buf, next, buf
}

func write(ctx context.Context, conn *websocket.Conn, frame []byte) error {
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return conn.Write(wctx, websocket.MessageText, frame)
}

func (h *Hub) readLoop(ctx context.Context, conn *websocket.Conn, c *client) {
	defer c.close(websocket.StatusNormalClosure, "closed")
	conn.SetReadLimit(4096)
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return
		}
		var m clientMessage
		if json.Unmarshal(data, &m) != nil {
			continue
		}
		h.handle(ctx, c, m)
	}
}

// handle applies one client message; joins the client may not make are answered with an
// error frame and change nothing. A join is checked against the identity the socket has
// when it lands (the user's row may change meanwhile, Hub.Reload).
func (h *Hub) handle(ctx context.Context, c *client, m clientMessage) {
	id, gen := c.identity()
	var room string
	join := true
	switch m.Type {
	case "userStatus":
		if h.OnUserStatus != nil {
			h.OnUserStatus(ctx, id)
		}
		return
	case "joinNotification", "leaveNotification":
		room, join = NotificationRoom(id.CompanyID), m.Type == "joinNotification"
	case "joinTickets", "leaveTickets":
		room, join = StatusRoom(id.CompanyID, m.Status), m.Type == "joinTickets"
	case "joinChatBox", "leaveChatBox":
		room, join = TicketRoom(m.TicketID), m.Type == "joinChatBox"
	case "join", "leave":
		room, join = m.Room, m.Type == "join"
	default:
		return
	}
	for {
		if join && !h.allowed(ctx, id, room) {
			c.offer(refusal(room))
			return
		}
		if h.set(c, room, join, gen) {
			return
		}
		id, gen = c.identity()
	}
}
