package billing

import (
	"fmt"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// BRCode is a static Pix "copia e cola" payload (Banco Central's BR Code, an EMV QRCPS
// merchant-presented code): the operator's Pix key, the amount, the merchant's name and city,
// and a txid naming the invoice, so the provider's notification of the payment finds it.
type BRCode struct {
	Key    string // the receiver's Pix key (CPF, CNPJ, e-mail, +55 phone or random key)
	Name   string // merchant name, at most 25 characters
	City   string // merchant city, at most 15 characters
	Amount Cents  // 0: the payer types the amount
	TxID   string // up to 25 letters and digits; "***" when none
}

// String is the payload: TLV fields in the manual's order, closed by the CRC16 of everything
// before it (the CRC's own id and length included).
func (b BRCode) String() string {
	var s strings.Builder
	s.WriteString(tlv("00", "01")) // payload format indicator
	s.WriteString(tlv("26", tlv("00", "br.gov.bcb.pix")+tlv("01", b.Key)))
	s.WriteString(tlv("52", "0000")) // merchant category code: not informed
	s.WriteString(tlv("53", "986"))  // BRL
	if b.Amount > 0 {
		s.WriteString(tlv("54", b.Amount.String()))
	}
	s.WriteString(tlv("58", "BR"))
	s.WriteString(tlv("59", clean(b.Name, 25)))
	s.WriteString(tlv("60", clean(b.City, 15)))
	txid := b.TxID
	if txid == "" {
		txid = "***"
	}
	s.WriteString(tlv("62", tlv("05", txid)))
	s.WriteString("6304")
	return s.String() + fmt.Sprintf("%04X", CRC16(s.String()))
}

func tlv(id, value string) string { return fmt.Sprintf("%s%02d%s", id, len(value), value) }

// clean keeps a name or city within the code's character set (ASCII, accents dropped: most
// banks' readers refuse others) and its length limit.
func clean(s string, max int) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
		}
	}
	out := strings.TrimSpace(b.String())
	if len(out) > max {
		out = strings.TrimSpace(out[:max])
	}
	return out
}

// CRC16 is CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), the BR Code's checksum.
func CRC16(s string) uint16 {
	crc := uint16(0xFFFF)
	for i := 0; i < len(s); i++ {
		crc ^= uint16(s[i]) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}
