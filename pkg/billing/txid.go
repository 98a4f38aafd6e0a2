package billing

import (
	"strconv"
	"strings"
)

// txidPrefix starts every txid the checkout writes; the rest is the invoice id.
const txidPrefix = "FATURA"

// InvoiceTxID is the txid of an invoice's Pix: letters and digits only, as the BR Code
// allows (at most 25), carrying the invoice id back with the payment.
func InvoiceTxID(invoiceID int64) string { return txidPrefix + strconv.FormatInt(invoiceID, 10) }

// InvoiceFromTxID reads the invoice id back; ok is false for a txid that is not ours.
func InvoiceFromTxID(txid string) (int64, bool) {
	rest, ok := strings.CutPrefix(txid, txidPrefix)
	if !ok || rest == "" {
		return 0, false
	}
	id, err := strconv.ParseInt(rest, 10, 64)
	return id, err == nil && id > 0 && strconv.FormatInt(id, 10) == rest
}
