package connection

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/validate"
)

// ErrExternalIDTaken refuses a phone-number / page / account id another connection already
// has: webhooks are routed by it, so it must name one connection only.
var ErrExternalIDTaken = errs.New(http.StatusConflict, "ERR_DUPLICATED_EXTERNAL_ID",
	"Este ID já está em uso por outra conexão.")

// ErrGraphUnreached refuses a Graph connection whose token could not be checked: Graph did
// not answer (network, server error, rate limit), so the id is not known to be the token's.
var ErrGraphUnreached = errs.New(http.StatusBadGateway, "ERR_GRAPH_UNAVAILABLE",
	"Não foi possível validar o token de acesso com a Meta. Tente de novo.")

// MsgTokenNotOwner refuses an id the access token does not control.
const MsgTokenNotOwner = "Token de acesso inválido para este ID"

// GraphAccounts asks the Graph API what a token reaches (graph.Client).
type GraphAccounts interface {
	// Owns reports whether token controls id as a connection of channel ch: false when
	// Graph refuses the token or names another id, an error when Graph could not answer.
	Owns(ctx context.Context, ch, id, token string) (bool, error)
	// PageOf names the page of a page token and its linked Instagram business account.
	PageOf(ctx context.Context, token string) (page, instagram string, err error)
	// Unsubscribe removes the app from the page's webhooks.
	Unsubscribe(ctx context.Context, token, page string) error
}

// IsGraph reports the channels served by the Graph API (Cloud API, Messenger, Instagram):
// they are configured rather than paired, and bound by Meta's 24-hour window.
func IsGraph(channel string) bool {
	return channel == ChannelWhatsAppAPI || channel == ChannelFacebook || channel == ChannelInstagram
}

// applyGraph copies the Graph credentials; a Cloud API connection needs both on creation.
func (in Input) applyGraph(v errs.Validation, c *Connection, creating bool) {
	if !IsGraph(c.Channel) {
		return
	}
	if in.ExternalID != nil {
		c.ExternalID = strings.TrimSpace(*in.ExternalID)
	}
	if in.AccessToken != nil && strings.TrimSpace(*in.AccessToken) != "" {
		c.AccessToken = strings.TrimSpace(*in.AccessToken)
	}
	if creating && c.Channel == ChannelWhatsAppAPI {
		if c.ExternalID == "" {
			v.Add("externalId", validate.MsgRequired)
		}
		if c.AccessToken == "" {
			v.Add("accessToken", validate.MsgRequired)
		}
	}
}

// externalIDFree checks no other connection of the channel, in any company, has c's id.
func externalIDFree(tx *gorm.DB, c Connection) error {
	if c.ExternalID == "" {
		return nil
	}
	var n int64
	err := tx.Model(&Connection{}).Where("channel = ? AND external_id = ? AND id <> ?", c.Channel, c.ExternalID, c.ID).
		Count(&n).Error
	if err == nil && n > 0 {
		return ErrExternalIDTaken
	}
	return err
}

// proveGraph checks, before anything is written, that a Graph connection's token controls
// its id whenever either is new (a creation, or an update changing one): webhooks are routed
// by the id alone, so an id the token does not reach would take another business's
// customers' messages (and keep that business from connecting it). An id needs a token; a
// connection without an id claims nothing. Without a Graph client nothing is proved, so
// nothing is accepted.
func (s Service) proveGraph(ctx context.Context, before *Connection, c Connection) error {
	if !IsGraph(c.Channel) || c.ExternalID == "" {
		return nil
	}
	if before != nil && before.ExternalID == c.ExternalID && before.AccessToken == c.AccessToken {
		return nil
	}
	if c.AccessToken == "" {
		return errs.Validation{"accessToken": validate.MsgRequired}.Err()
	}
	if s.Graph == nil {
		return ErrGraphUnreached
	}
	owns, err := s.Graph.Owns(ctx, c.Channel, c.ExternalID, c.AccessToken)
	if err != nil {
		slog.WarnContext(ctx, "connection: graph ownership check failed", "channel", c.Channel,
			"external_id", c.ExternalID, "err", err)
		return ErrGraphUnreached
	}
	if !owns {
		return errs.Validation{"accessToken": MsgTokenNotOwner}.Err()
	}
	return nil
}

// releaseTimeout bounds the Graph calls of a deleted connection's page release.
const releaseTimeout = 10 * time.Second

// releasePage unsubscribes the app from the page of a deleted Messenger or Instagram
// connection, once the delete has committed, so the page stops sending us its webhooks.
// The page is the token's own (its Instagram account for an Instagram connection); it stays
// subscribed while another connection still reads it (the page's, or its Instagram
// account's: both arrive through the page's subscription). Best effort: a failure is
// logged, the delete stands.
func (s Service) releasePage(ctx context.Context, c Connection) {
	if (c.Channel != ChannelFacebook && c.Channel != ChannelInstagram) || c.ExternalID == "" ||
		c.AccessToken == "" || s.Graph == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), releaseTimeout)
	defer cancel()
	log := func(msg string, args ...any) {
		slog.WarnContext(ctx, "connection: page not unsubscribed: "+msg,
			append([]any{"connection_id", c.ID, "channel", c.Channel, "external_id", c.ExternalID}, args...)...)
	}
	page, instagram, err := s.Graph.PageOf(ctx, c.AccessToken)
	if err != nil {
		log("token not answered", "err", err)
		return
	}
	if mine := map[string]string{ChannelFacebook: page, ChannelInstagram: instagram}[c.Channel]; page == "" || mine != c.ExternalID {
		log("token is not the page's", "page", page) // never another page's subscription
		return
	}
	var n int64
	q := s.DB.WithContext(ctx).Model(&Connection{}).Where("channel = ? AND external_id = ?", ChannelFacebook, page)
	if instagram != "" {
		q = q.Or("channel = ? AND external_id = ?", ChannelInstagram, instagram)
	}
	if err := q.Count(&n).Error; err != nil || n > 0 {
		if err != nil {
			log("database", "err", err)
		}
		return
	}
	if err := s.Graph.Unsubscribe(ctx, c.AccessToken, page); err != nil {
		log("graph refused", "page", page, "err", err)
	}
}
