package contactlist_test

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"

	"atende/pkg/app"
	"atende/pkg/channel"
	"atende/pkg/channel/sandbox"
	"atende/pkg/connection"
	"atende/pkg/contactlist"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
)

// xlsx builds a spreadsheet of rows (the first is the header).
func xlsx(t testing.TB, rows [][]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := sw.SetRow(cell, r); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// fixture is a company with a list, and the service importing into it.
type fixture struct {
	t    *testing.T
	a    *app.App
	svc  contactlist.Service
	ctx  context.Context
	list contactlist.List
	cid  int64
}

func newFixture(t *testing.T, a *app.App, name string) *fixture {
	t.Helper()
	ten := testutil.NewTenant(t, a, name, 0)
	ctx := tenant.With(context.Background(), ten.Company.ID)
	l, err := a.ContactLists.Create(ctx, contactlist.ListInput{Name: ptr("Clientes " + name)})
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{t: t, a: a, svc: a.ContactLists, ctx: ctx, list: l, cid: ten.Company.ID}
}

func ptr[T any](v T) *T { return &v }

// importFile stores data as an upload of type kind and runs the import task.
func (f *fixture) importFile(kind string, data []byte) contactlist.Import {
	f.t.Helper()
	saved, err := f.a.Media.Save(f.cid, "contactLists", bytes.NewReader(data), contactlist.UploadMaxBytes)
	if err != nil {
		f.t.Fatal(err)
	}
	im, err := f.svc.StartImport(f.ctx, 0, f.list.ID, saved.Path, "lista."+kind, kind)
	if err != nil {
		f.t.Fatal(err)
	}
	return f.run(im.ID)
}

func (f *fixture) run(importID int64) contactlist.Import {
	f.t.Helper()
	if err := f.svc.Import(context.Background(), tasks.ContactListImport{CompanyID: f.cid, ImportID: importID}, false); err != nil {
		f.t.Fatal(err)
	}
	im, err := f.svc.GetImport(f.ctx, f.list.ID, importID)
	if err != nil {
		f.t.Fatal(err)
	}
	return im
}

// items lists the list's items as "name|number|email|valid".
func (f *fixture) items() []string {
	f.t.Helper()
	var rows []contactlist.Item
	f.a.DB.Where("contact_list_id = ?", f.list.ID).Order("number").Find(&rows)
	out := []string{}
	for _, it := range rows {
		v := "?"
		if it.IsWhatsappValid != nil {
			v = fmt.Sprint(*it.IsWhatsappValid)
		}
		out = append(out, strings.Join([]string{it.Name, it.Number, it.Email, v}, "|"))
	}
	return out
}

func (f *fixture) count() int {
	l, err := f.svc.Get(f.ctx, f.list.ID)
	if err != nil {
		f.t.Fatal(err)
	}
	return l.ContactsCount
}

func (f *fixture) refusals(importID int64) []string {
	var rows []struct {
		RowNumber int
		Number    string
		Reason    string
	}
	f.a.DB.Raw("SELECT row_number, number, reason FROM contact_list_import_refusals WHERE import_id = ? ORDER BY row_number", importID).Scan(&rows)
	out := []string{}
	for _, r := range rows {
		out = append(out, fmt.Sprintf("%d %s %s", r.RowNumber, r.Number, r.Reason))
	}
	return out
}

func TestNormaliseNumber(t *testing.T) {
	for in, want := range map[string]string{
		"(11) 99999-0001":    "5511999990001",
		"11999990001":        "5511999990001",
		"5511999990001":      "5511999990001",
		"+55 11 99999-0001":  "5511999990001",
		"0055 11 99999 0001": "5511999990001",
		"+1 202 555 0143":    "12025550143",
		"+90 532 123 45 67":  "905321234567",
		"12345":              "",
		"abc":                "",
		"5500000000":         "",
	} {
		got, ok := contactlist.NormaliseNumber(in)
		if got != want || ok != (want != "") {
			t.Errorf("NormaliseNumber(%q) = %q %v, want %q", in, got, ok, want)
		}
	}
}

func TestImportGoodFileMergesAndRefusesRows(t *testing.T) {
	a := testutil.App(t)
	f := newFixture(t, a, "acme")
	testutil.NewConnection(t, a, f.cid, "sandbox", func(c *connection.Connection) {
		c.Channel, c.Status, c.IsDefault = connection.ChannelSandbox, connection.StatusConnected, true
	})
	ev := watch(t, a)
	im := f.importFile(contactlist.TypeXLSX, xlsx(t, [][]any{
		{"Nome", "Telefone", "E-mail"},
		{"Maria Silva", "(11) 99999-0001", "maria@exemplo.com"},
		{"Maria S.", 5511999990001, ""}, // the same number, as a number cell: merged
		{"", "21 98888-0002", ""},       // no name: named by its number
		{"Sem número", "", "x@y.com"},
		{},
		{"Número ruim", "12345", ""},
		{"Email ruim", "11977776666", "nao-e-email"},
		{"J", "11955554444", ""},
		{strings.Repeat("Nome longo ", 10), "+1 202 555 0143", ""},
	}))
	if im.Status != contactlist.StatusDone || im.RowsRead != 8 || im.Imported != 3 || im.Merged != 1 || im.Refused != 4 ||
		im.Error != "" || im.Percent != 100 {
		t.Fatalf("import %+v", im)
	}
	want := []string{
		"Nome longo Nome longo Nome longo Nome longo Nome l|12025550143||true",
		"Maria S.|5511999990001|maria@exemplo.com|true",
		"5521988880002|5521988880002||true",
	}
	if got := f.items(); !slices.Equal(got, want) {
		t.Fatalf("items %q\nwant %q", got, want)
	}
	if f.count() != 3 {
		t.Fatalf("contactsCount %d", f.count())
	}
	wantRef := []string{"5  Número ausente", "7 12345 Número inválido", "8 11977776666 E-mail inválido",
		"9 11955554444 Nome muito curto (mínimo 2 caracteres)"}
	if got := f.refusals(im.ID); !slices.Equal(got, wantRef) {
		t.Fatalf("refusals %q", got)
	}
	// The refused rows download as a spreadsheet.
	var b bytes.Buffer
	if err := f.svc.WriteRefusals(f.ctx, f.list.ID, im.ID, &b); err != nil {
		t.Fatal(err)
	}
	x, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := x.GetRows("Sheet1")
	if len(rows) != 5 || rows[0][4] != "motivo" || rows[2][2] != "12345" || rows[2][4] != "Número inválido" {
		t.Fatalf("refusals sheet %q", rows)
	}
	ev.want(t, "ContactListImport", `"status":"done"`)
	ev.want(t, "ContactListItem", `"action":"reload"`)

	// Imported again (a second upload of the same file): nothing doubles.
	again := f.importFile(contactlist.TypeXLSX, xlsx(t, [][]any{{"name", "number"}, {"Maria", "11999990001"}, {"Novo", "11944443333"}}))
	if again.Imported != 1 || again.Merged != 1 || f.count() != 4 {
		t.Fatalf("second import %+v, count %d", again, f.count())
	}
}

func TestImportCSVSemicolonLatin1(t *testing.T) {
	a := testutil.App(t)
	f := newFixture(t, a, "acme")
	latin, _ := charmap.Windows1252.NewEncoder().String("nome;numero;email\r\nJoão Araújo;(11) 98765-4321;joao@ex.com\r\n;;\r\n")
	im := f.importFile(contactlist.TypeCSV, append([]byte("\xef\xbb\xbf"), latin...))
	// No connection: the numbers stay unchecked, and the import says why.
	if im.Status != contactlist.StatusDone || im.Imported != 1 || im.Warning != contactlist.WarnNoConnection {
		t.Fatalf("import %+v", im)
	}
	if got := f.items(); !slices.Equal(got, []string{"João Araújo|5511987654321|joao@ex.com|?"}) {
		t.Fatalf("items %q", got)
	}
}

func TestImportBadFilesWriteNothing(t *testing.T) {
	a := testutil.App(t)
	defer contactlist.SetBatchSize(2)()
	many := [][]any{{"name", "number"}}
	for i := range 7 {
		many = append(many, []any{fmt.Sprintf("Cliente %d", i), fmt.Sprintf("1199999%04d", i)})
	}
	cases := []struct {
		name, kind string
		data       []byte
		maxRows    int
		code       string
	}{
		{"wrong columns", contactlist.TypeXLSX, xlsx(t, [][]any{{"cliente", "fone fixo"}, {"Ana", "11999990001"}}), 0, contactlist.ErrWrongColumns.Code},
		{"header only", contactlist.TypeXLSX, xlsx(t, [][]any{{"name", "number", "email"}}), 0, contactlist.ErrNoRows.Code},
		{"blank rows only", contactlist.TypeCSV, []byte("name,number\n,\n,\n"), 0, contactlist.ErrNoRows.Code},
		{"empty csv", contactlist.TypeCSV, []byte(""), 0, contactlist.ErrWrongColumns.Code},
		{"not a spreadsheet", contactlist.TypeXLSX, []byte("MZ\x90\x00 this is an exe renamed .xlsx"), 0, contactlist.ErrNotSpreadsheet.Code},
		// Too many rows once 3 batches were written: they are rolled back.
		{"too many rows", contactlist.TypeXLSX, xlsx(t, many), 6, contactlist.ErrTooManyRows.Code},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t, a, fmt.Sprintf("co%d", i))
			if c.maxRows > 0 {
				old := contactlist.MaxRows
				contactlist.MaxRows = c.maxRows
				defer func() { contactlist.MaxRows = old }()
			}
			im := f.importFile(c.kind, c.data)
			if im.Status != contactlist.StatusFailed || im.Error != c.code || im.ErrorMessage == "" || im.Imported != 0 {
				t.Fatalf("import %+v, want failed %s", im, c.code)
			}
			if got := f.items(); len(got) != 0 || f.count() != 0 || len(f.refusals(im.ID)) != 0 {
				t.Fatalf("written: %q count %d", got, f.count())
			}
		})
	}
}

func TestImportRetriedDoesNotDouble(t *testing.T) {
	a := testutil.App(t)
	defer contactlist.SetBatchSize(2)()
	f := newFixture(t, a, "acme")
	rows := [][]any{{"name", "number"}}
	for i := range 9 {
		rows = append(rows, []any{fmt.Sprintf("Cliente %d", i), fmt.Sprintf("1199999%04d", i)})
	}
	rows = append(rows, []any{"Ruim", "123"})
	im := f.importFile(contactlist.TypeXLSX, xlsx(t, rows))
	// The task is delivered again (the worker died before acking it): it starts over.
	a.DB.Exec("UPDATE contact_list_imports SET status = 'reading' WHERE id = ?", im.ID)
	saved, _ := a.Media.Save(f.cid, "contactLists", bytes.NewReader(xlsx(t, rows)), contactlist.UploadMaxBytes)
	a.DB.Exec("UPDATE contact_list_imports SET file_path = ? WHERE id = ?", saved.Path, im.ID)
	again := f.run(im.ID)
	if len(f.items()) != 9 || f.count() != 9 || again.RowsRead != 10 || again.Refused != 1 || len(f.refusals(im.ID)) != 1 {
		t.Fatalf("after retry: %d items, count %d, import %+v", len(f.items()), f.count(), again)
	}
	// A finished import delivered once more does nothing.
	if done := f.run(im.ID); done.Status != contactlist.StatusDone {
		t.Fatalf("redelivered %+v", done)
	}
}

// checking is a channel that knows which numbers have WhatsApp.
type checking struct {
	sandbox.Channel
	absent map[string]bool
	asked  *[]string
}

func (c checking) CheckNumbers(_ context.Context, _ connection.Connection, numbers []string) (map[string]bool, error) {
	out := map[string]bool{}
	for _, n := range numbers {
		*c.asked = append(*c.asked, n)
		out[n] = !c.absent[n]
	}
	return out, nil
}

func TestImportChecksNumbersThroughTheConnection(t *testing.T) {
	a := testutil.App(t)
	f := newFixture(t, a, "acme")
	conn := testutil.NewConnection(t, a, f.cid, "whats", func(c *connection.Connection) { c.Status = connection.StatusConnected })
	var asked []string
	f.svc.Channels = channel.Registry{connection.ChannelWhatsApp: checking{absent: map[string]bool{"5511988880002": true}, asked: &asked}}
	im := f.importFile(contactlist.TypeCSV, []byte("name,number\nAna,11999990001\nBia,11988880002\n"))
	if im.Status != contactlist.StatusChecking || im.ToCheck != 2 {
		t.Fatalf("import %+v", im)
	}
	p := tasks.ContactListCheck{CompanyID: f.cid, ContactListID: f.list.ID, ConnectionID: conn.ID, ImportID: im.ID}
	for range 2 { // a redelivered batch finds its numbers checked
		if err := f.svc.Check(context.Background(), p, false); err != nil {
			t.Fatal(err)
		}
	}
	if got := f.items(); !slices.Equal(got, []string{"Bia|5511988880002||false", "Ana|5511999990001||true"}) {
		t.Fatalf("items %q", got)
	}
	if len(asked) != 2 {
		t.Fatalf("asked %q", asked)
	}
	im, _ = f.svc.GetImport(f.ctx, f.list.ID, im.ID)
	if im.Status != contactlist.StatusDone || im.Checked != 2 {
		t.Fatalf("import after check %+v", im)
	}
	// A disconnected WhatsApp connection checks nothing: unchecked, with the reason.
	a.DB.Exec("UPDATE connections SET status = 'DISCONNECTED' WHERE id = ?", conn.ID)
	im = f.importFile(contactlist.TypeCSV, []byte("name,number\nCarla,11977770003\n"))
	if im.Status != contactlist.StatusDone || !strings.Contains(im.Warning, "desconectada") {
		t.Fatalf("import %+v", im)
	}
}

func TestImportStrandedAndFailing(t *testing.T) {
	a := testutil.App(t)
	f := newFixture(t, a, "acme")
	im, err := f.svc.StartImport(f.ctx, 0, f.list.ID, "company1/contactLists/gone.xlsx", "gone.xlsx", contactlist.TypeXLSX)
	if err != nil {
		t.Fatal(err)
	}
	// Its file is gone: retried, then on the last try recorded as failed.
	p := tasks.ContactListImport{CompanyID: f.cid, ImportID: im.ID}
	if err := f.svc.Import(context.Background(), p, false); err == nil {
		t.Fatal("a missing file was not retried")
	}
	if err := f.svc.Import(context.Background(), p, true); err != nil {
		t.Fatal(err)
	}
	got, _ := f.svc.GetImport(f.ctx, f.list.ID, im.ID)
	if got.Status != contactlist.StatusFailed || got.Error != contactlist.ErrImportFailed.Code {
		t.Fatalf("import %+v", got)
	}

	// A stranded import (its task lost with Redis's data) is queued again by the reconciler.
	saved, _ := a.Media.Save(f.cid, "contactLists", bytes.NewReader([]byte("name,number\nAna,11999990001\n")), contactlist.UploadMaxBytes)
	im, _ = f.svc.StartImport(f.ctx, 0, f.list.ID, saved.Path, "a.csv", contactlist.TypeCSV)
	in := asynq.NewInspector(a.RedisOpt)
	defer in.Close()
	if _, err := in.DeleteAllPendingTasks(tasks.QueueDefault); err != nil {
		t.Fatal(err)
	}
	a.DB.Exec("UPDATE contact_list_imports SET updated_at = now() - interval '2 minutes' WHERE id = ?", im.ID)
	if err := f.svc.Requeue(context.Background(), time.Minute); err != nil {
		t.Fatal(err)
	}
	pending, _ := in.ListPendingTasks(tasks.QueueDefault)
	if len(pending) != 1 || pending[0].Type != tasks.TypeContactListImport {
		t.Fatalf("requeued %+v", pending)
	}
	if done := f.run(im.ID); done.Status != contactlist.StatusDone || done.Imported != 1 {
		t.Fatalf("import %+v", done)
	}
}
