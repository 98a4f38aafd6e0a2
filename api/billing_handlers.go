package api

import (
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"atende/pkg/billing"
	"atende/pkg/errs"
)

// PixWebhookMaxBytes bounds a payment provider's webhook body (a few Pix notices).
const PixWebhookMaxBytes = 64 << 10

// GET /invoices: pageNumber; answers {invoices, count, hasMore} of the caller's company.
func (a *API) listInvoices(c *gin.Context) {
	p, err := a.App.Billing.List(c.Request.Context(), currentCompany(c).ID, pageNumber(c))
	reply(c, p, err)
}

// GET /invoices/:id: one invoice of the caller's company.
func (a *API) getInvoice(c *gin.Context) {
	id, ok := idParam(c, "id", billing.ErrNoInvoice)
	if !ok {
		return
	}
	inv, err := a.App.Billing.Get(c.Request.Context(), currentCompany(c).ID, id)
	reply(c, inv, err)
}

// POST /subscription: the checkout's payload; answers the invoice's Pix (qrcode.qrcode,
// valor.original).
func (a *API) subscribe(c *gin.Context) {
	var in billing.Checkout
	if !bind(c, &in) {
		return
	}
	charge, err := a.App.Billing.Subscribe(c.Request.Context(), currentCompany(c).ID, in)
	reply(c, charge, err)
}

// PUT /invoices/:id {"status": "paid"}: the operator marks an invoice of any company paid
// by hand (super users only; logged; a paid invoice stays as it is).
func (a *API) updateInvoice(c *gin.Context) {
	id, ok := idParam(c, "id", billing.ErrNoInvoice)
	if !ok {
		return
	}
	var in struct {
		Status string `json:"status"`
	}
	if !bind(c, &in) {
		return
	}
	if in.Status != billing.StatusPaid {
		fail(c, errs.Validation{"status": `Só é possível marcar uma fatura como paga ("paid").`}.Err())
		return
	}
	paid, err := a.App.Billing.MarkPaid(c.Request.Context(), id, currentUser(c).ID)
	reply(c, paid, err)
}

// POST /webhooks/efi(/pix): Efí's Pix webhook. Each announced payment is looked up at Efí
// and applied once; a lookup that failed answers 502 so Efí delivers again, a refused
// amount answers 422 (nothing of it written).
func (a *API) receivePixWebhook(c *gin.Context) {
	prov := a.App.Payment
	if prov == nil {
		fail(c, errs.ErrNotFound)
		return
	}
	if !prov.Authentic(c.Request.URL.Query()) {
		slog.Warn("pix webhook: bad secret", "ip", c.ClientIP())
		c.AbortWithStatusJSON(http.StatusUnauthorized, errs.New(http.StatusUnauthorized, "ERR_WEBHOOK_SIGNATURE", "Assinatura inválida."))
		return
	}
	body, err := io.ReadAll(c.Request.Body)
	if err != nil {
		fail(c, readError(err))
		return
	}
	ids, err := prov.Notified(body)
	if err != nil {
		fail(c, errs.ErrBadRequest)
		return
	}
	done, err := a.App.Billing.Confirm(c.Request.Context(), prov, ids)
	if errors.Is(err, billing.ErrProviderUnavailable) {
		c.AbortWithStatusJSON(http.StatusBadGateway, errs.New(http.StatusBadGateway, "ERR_PROVIDER_UNAVAILABLE",
			"O provedor de pagamento não respondeu."))
		return
	}
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"paid": len(done.Paid), "ignored": len(done.Ignored)})
}
