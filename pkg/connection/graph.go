package connection

import (
	"net/http"
	"strings"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/validate"
)

// ErrExternalIDTaken refuses a phone-number / page / account id another connection already
// has: webhooks are routed by it, so it must name one connection only.
var ErrExternalIDTaken = errs.New(http.StatusConflict, "ERR_DUPLICATED_EXTERNAL_ID",
	"Este ID já está em uso por outra conexão.")

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
