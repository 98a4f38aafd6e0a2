package integration

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"

	"atende/pkg/randhex"
)

// Headers of a webhook delivery. The receiver recomputes HMAC-SHA256 of the raw body with
// the integration's webhookSecret and compares it with SignatureHeader ("sha256=<hex>");
// DeliveryHeader is the message id, the same on every retry, so a receiver can drop a
// delivery it already took.
const (
	SignatureHeader = "X-Atende-Signature"
	DeliveryHeader  = "X-Atende-Delivery"
)

// Webhook posts inbound messages to n8n or any URL.
type Webhook struct{ HTTP *http.Client }

// Post delivers payload to url signed with secret; a non-2xx answer is an error (the task
// retries it).
func (w Webhook) Post(ctx context.Context, url, secret string, messageID int64, payload any) error {
	raw, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	headers := map[string]string{SignatureHeader: Sign(secret, raw), DeliveryHeader: strconv.FormatInt(messageID, 10)}
	return postRaw(ctx, w.HTTP, url, "application/json", raw, headers, nil)
}

// Sign is the signature header's value for body.
func Sign(secret string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// newSecret is a fresh random webhook secret (hex of 24 bytes).
func newSecret() string { return randhex.String(24) }
