package message

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/errs"
)

// Window is Meta's customer-service window: on the Graph channels a business may write
// freely only within 24 hours of the contact's last message.
const Window = 24 * time.Hour

// ErrOutsideWindow refuses a send on a Graph channel when the window is closed.
var ErrOutsideWindow = errs.New(http.StatusBadRequest, "ERR_OUTSIDE_24H_WINDOW",
	"Fora da janela de 24 horas: o contato precisa enviar uma mensagem antes.")

// WindowOpen reports whether a message to contactID on connectionID may be sent now:
// always on channels without the rule, else only within Window of the contact's last
// inbound message on that connection.
func WindowOpen(ctx context.Context, db *gorm.DB, companyID, connectionID, contactID int64, ch string) (bool, error) {
	if !connection.IsGraph(ch) {
		return true, nil
	}
	var last []time.Time
	err := db.WithContext(ctx).Model(&Message{}).Select("created_at").
		Where("contact_id = ? AND NOT from_me AND company_id = ? AND connection_id = ?", contactID, companyID, connectionID).
		Order("created_at DESC").Limit(1).Scan(&last).Error // messages_contact_idx
	return err == nil && len(last) == 1 && time.Since(last[0]) < Window, err
}

// RequireWindow is the api's check before it writes an outgoing message (an attendant's,
// a forward, the external API's): ErrOutsideWindow when the window is closed, so the
// caller refuses up front instead of the worker failing the message later.
func RequireWindow(ctx context.Context, db *gorm.DB, companyID, connectionID, contactID int64, ch string) error {
	open, err := WindowOpen(ctx, db, companyID, connectionID, contactID, ch)
	if err == nil && !open {
		err = ErrOutsideWindow
	}
	return err
}

// checkWindow is the worker's safety net: a message whose window closed while it waited
// fails for good.
func (d Delivery) checkWindow(ctx context.Context, conn connection.Connection, m Message) error {
	open, err := WindowOpen(ctx, d.DB, m.CompanyID, conn.ID, *m.ContactID, conn.Channel)
	if err == nil && !open {
		err = fmt.Errorf("%w: %s", channel.ErrPermanent, ErrOutsideWindow.Message)
	}
	return err
}
