package billing

import (
	"context"
	"errors"
	"log/slog"
	"net/url"
)

// Provider is a payment provider that confirms Pix payments: its webhook announces
// payments by id, and a lookup over its API says what each one really is (the webhook's
// body is never trusted for the amount or the txid).
type Provider interface {
	Name() string
	// Authentic reports whether a webhook call carries the provider's secret.
	Authentic(query url.Values) bool
	// Notified reads a webhook body into the ids of the payments it announces.
	Notified(body []byte) ([]string, error)
	// Lookup fetches one payment.
	Lookup(ctx context.Context, id string) (Payment, error)
}

// Confirmed is what a webhook call did.
type Confirmed struct {
	Paid    []Paid   // payments applied now or before (Changed says which)
	Ignored []string // payments that name no invoice of ours (a Pix to the key from elsewhere)
}

// ErrProviderUnavailable: a lookup failed; the provider should deliver the webhook again.
var ErrProviderUnavailable = errors.New("billing: payment provider unavailable")

// Confirm looks up every payment a webhook announced and applies each (Pay). One bad
// payment never blocks the others: a refused amount is reported after the rest are
// applied, a failed lookup (ErrProviderUnavailable) asks for a new delivery, which changes
// nothing for the payments already applied.
func (s Service) Confirm(ctx context.Context, prov Provider, ids []string) (Confirmed, error) {
	var out Confirmed
	var refused, unavailable error
	for _, id := range ids {
		p, err := prov.Lookup(ctx, id)
		if err != nil {
			slog.Error("billing: payment lookup failed", "provider", prov.Name(), "payment", id, "err", err)
			unavailable = ErrProviderUnavailable
			continue
		}
		paid, err := s.Pay(ctx, p)
		switch {
		case errors.Is(err, ErrNoInvoice):
			slog.Info("billing: payment names no invoice", "provider", prov.Name(), "payment", id, "txid", p.TxID)
			out.Ignored = append(out.Ignored, id)
		case errors.Is(err, ErrPaymentAmount):
			slog.Warn("billing: payment amount refused", "provider", prov.Name(), "payment", id, "txid", p.TxID,
				"amount", p.Amount.String())
			refused = err
		case err != nil:
			return out, err
		default:
			out.Paid = append(out.Paid, paid)
		}
	}
	if unavailable != nil {
		return out, unavailable
	}
	return out, refused
}
