package connection

import (
	"context"
	"net/http"

	"atende/pkg/errs"
)

// Pairing by phone number: instead of scanning the QR code, the phone's owner types an
// 8-character code the session shows (WhatsApp > Linked devices > Link with phone number).

// Errors of pairing by phone number.
var (
	ErrPairingNumber = errs.New(http.StatusBadRequest, "ERR_INVALID_PAIRING_NUMBER",
		"Informe o número do WhatsApp com DDI e DDD, somente dígitos (10 a 15).")
	ErrPairingChannel = errs.New(http.StatusBadRequest, "ERR_PAIRING_CODE_UNSUPPORTED",
		"Somente conexões WhatsApp podem ser pareadas por código.")
)

// PairPhone asks the session of a WhatsApp connection of the company for a pairing code
// for number (international form, digits only); the code follows on the whatsappSession
// event. Nothing is written when the request is refused.
func (s Service) PairPhone(ctx context.Context, id int64, number string) error {
	c, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	if c.Channel != ChannelWhatsApp {
		return ErrPairingChannel
	}
	if !validPairingNumber(number) {
		e := *ErrPairingNumber
		e.Fields = map[string]string{"number": e.Message}
		return &e
	}
	return s.sessions().PairPhone(ctx, c, number)
}

// validPairingNumber: WhatsApp wants the full international number (E.164 has at most 15
// digits; 10 is the shortest real country code + subscriber number we accept).
func validPairingNumber(n string) bool {
	if len(n) < 10 || len(n) > 15 || n[0] == '0' {
		return false
	}
	for _, r := range n {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
