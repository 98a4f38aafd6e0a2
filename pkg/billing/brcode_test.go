package billing

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"atende/pkg/company"
)

// The Banco Central's "Manual de Padrões para Iniciação do Pix" publishes example payloads
// with their CRC. The static example (random key, "Fulano de Tal", BRASILIA, no amount)
// ends in 1D3D; the generator must rebuild it byte for byte.
const manualStatic = "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000" +
	"5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D"

// CRC16 against published vectors: CRC-16/CCITT-FALSE's check value, the manual's static
// example, and the static (phone key, amount 66.66) and dynamic (URL) examples of the
// manual's section 6 as transcribed in a public note (its static one declares the txid
// template as 08 long for 7 bytes; the CRC is over the bytes as printed).
func TestCRC16Vectors(t *testing.T) {
	if got := CRC16("123456789"); got != 0x29B1 {
		t.Fatalf("check value %04X, want 29B1", got)
	}
	for _, code := range []string{
		manualStatic,
		"00020126360014BR.GOV.BCB.PIX0114+5511943214321520400005303986540566.665802BR5907EMPRESA6008BRASILIA62080503***6304170E",
		"00020101021226770014BR.GOV.BCB.PIX2555pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a99" +
			"5204000053039865802BR5907EMPRESA6009SAO PAULO62070503***6304EEAB",
	} {
		body, want := code[:len(code)-4], code[len(code)-4:]
		if got := fmt.Sprintf("%04X", CRC16(body)); got != want {
			t.Errorf("CRC of %s = %s, want %s", body, got, want)
		}
	}
}

func TestBRCodeBuildsTheManualExample(t *testing.T) {
	got := BRCode{Key: "123e4567-e12b-12d1-a456-426655440000", Name: "Fulano de Tal", City: "BRASILIA"}.String()
	if got != manualStatic {
		t.Fatalf("\n got %s\nwant %s", got, manualStatic)
	}
	// With an amount: field 54 between the currency and the country, CRC recomputed.
	withAmount := BRCode{Key: "+5511943214321", Name: "EMPRESA", City: "BRASILIA", Amount: 6666}.String()
	want := "00020126360014br.gov.bcb.pix0114+5511943214321520400005303986540566.665802BR5907EMPRESA6008BRASILIA62070503***6304"
	if withAmount != want+fmt.Sprintf("%04X", CRC16(want)) {
		t.Fatalf("with amount: %s", withAmount)
	}
}

func TestBRCodeFields(t *testing.T) {
	code := BRCode{Key: "pix@atende.com.br", Name: "Atendê Serviços Digitais Ltda ME", City: "São Paulo", Amount: 14200,
		TxID: InvoiceTxID(42)}.String()
	for _, part := range []string{
		"000201", "0014br.gov.bcb.pix0117pix@atende.com.br", "52040000", "5303986", "5406142.00", "5802BR",
		"5924Atende Servicos Digitais", "6009Sao Paulo", "62" + fmt.Sprintf("%02d", 4+len(InvoiceTxID(42))) + "05",
	} {
		if !strings.Contains(code, part) {
			t.Errorf("%s lacks %s", code, part)
		}
	}
	if crc := code[len(code)-4:]; crc != fmt.Sprintf("%04X", CRC16(code[:len(code)-4])) || code[len(code)-8:len(code)-4] != "6304" {
		t.Fatalf("bad CRC trailer in %s", code)
	}
	if id, ok := InvoiceFromTxID(InvoiceTxID(42)); !ok || id != 42 {
		t.Fatalf("txid round trip: %d %v", id, ok)
	}
	for _, bad := range []string{"", "***", "ATENDE", "ATENDEx1", "OTHER42"} {
		if _, ok := InvoiceFromTxID(bad); ok {
			t.Errorf("txid %q read as an invoice", bad)
		}
	}
}

func TestAddMonthsAcrossMonthEnds(t *testing.T) {
	d := company.NewDate
	for _, c := range []struct {
		from company.Date
		rec  string
		want company.Date
	}{
		{d(2027, time.January, 31), "MENSAL", d(2027, time.February, 28)},
		{d(2028, time.January, 31), "MENSAL", d(2028, time.February, 29)}, // leap year
		{d(2027, time.January, 15), "MENSAL", d(2027, time.February, 15)},
		{d(2027, time.March, 31), "MENSAL", d(2027, time.April, 30)},
		{d(2027, time.December, 31), "BIMESTRAL", d(2028, time.February, 29)},
		{d(2027, time.November, 30), "TRIMESTRAL", d(2028, time.February, 29)},
		{d(2027, time.August, 31), "SEMESTRAL", d(2028, time.February, 29)},
		{d(2028, time.February, 29), "ANUAL", d(2029, time.February, 28)},
		{d(2027, time.December, 10), "MENSAL", d(2028, time.January, 10)},
		{d(2027, time.May, 31), "unknown", d(2027, time.June, 30)},
	} {
		if got := AddMonths(c.from, Months(c.rec)); !got.Equal(c.want.Time) {
			t.Errorf("%s + %s = %s, want %s", c.from, c.rec, got, c.want)
		}
	}
}

func TestCents(t *testing.T) {
	for in, want := range map[string]Cents{"49": 4900, "49.5": 4950, "49.00": 4900, "0.01": 1, "1234.56": 123456} {
		if got, err := ParseCents(in); err != nil || got != want {
			t.Errorf("%q → %d %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "-1", "1.234", "abc", "1,00"} {
		if _, err := ParseCents(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if Cents(4900).String() != "49.00" || Cents(5).String() != "0.05" {
		t.Fatal("format")
	}
}
