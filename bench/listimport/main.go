// Command listimport measures a contact list import (issue 15): it writes a spreadsheet of
// -rows contacts (streamed by excelize), then runs the worker's import job on it in this
// process and reports the time and how much the process's memory grew (peak resident set
// during the import over the resident set before it). The company it makes is deleted
// afterwards.
//
//	go run ./bench/listimport -db postgres://postgres@127.0.0.1:5432/atende_listbench?sslmode=disable
package main

import (
	"context"
	"fmt"
	"log"
	"path/filepath"

	"gorm.io/gorm"

	"atende/bench/importkit"
	"atende/pkg/channel"
	"atende/pkg/channel/sandbox"
	"atende/pkg/connection"
	"atende/pkg/contactlist"
	"atende/pkg/importjob"
	"atende/pkg/storage"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
)

func main() {
	b, done := importkit.Setup("postgres://postgres@127.0.0.1:5432/atende_listbench?sslmode=disable", "listbench")
	defer done()
	ctx := context.Background()
	listID, err := setup(ctx, b.DB, b.CompanyID)
	if err != nil {
		log.Fatal(err)
	}
	rel := filepath.Join(fmt.Sprintf("company%d", b.CompanyID), "contactLists", "bench.xlsx")
	if err := (importkit.Sheet{Header: []any{"name", "number", "email"}, Rows: b.Rows}).Write(filepath.Join(b.Dir, rel)); err != nil {
		log.Fatal(err)
	}

	svc := contactlist.Service{DB: b.DB, Files: storage.Store{Dir: b.Dir},
		Channels: channel.Registry{connection.ChannelSandbox: sandbox.Channel{}}}
	im := contactlist.Import{CompanyID: b.CompanyID, ContactListID: listID, State: importjob.State{FilePath: rel,
		FileName: "bench.xlsx", FileType: contactlist.TypeXLSX, Status: contactlist.StatusPending}}
	if err := b.DB.Create(&im).Error; err != nil {
		log.Fatal(err)
	}
	took, err := importkit.Measure(func() error {
		return svc.Import(ctx, tasks.ContactListImport{CompanyID: b.CompanyID, ImportID: im.ID}, true)
	})
	if err != nil {
		log.Fatal(err)
	}
	got, err := svc.GetImport(tenant.With(ctx, b.CompanyID), listID, im.ID)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("import: %s in %.1fs (%.0f rows/s): read %d, imported %d, merged %d, refused %d\n", got.Status,
		took.Seconds(), float64(got.RowsRead)/took.Seconds(), got.RowsRead, got.Imported, got.Merged, got.Refused)
}

// setup gives the company its default sandbox connection and a list.
func setup(ctx context.Context, g *gorm.DB, companyID int64) (int64, error) {
	var listID int64
	err := g.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec(`INSERT INTO connections (company_id, name, channel, status, is_default, token)
			VALUES (?, 'sandbox', 'sandbox', 'CONNECTED', true, ?)`, companyID, connection.NewToken()).Error; err != nil {
			return err
		}
		return tx.Raw("INSERT INTO contact_lists (company_id, name) VALUES (?, 'Bench') RETURNING id", companyID).Scan(&listID).Error
	})
	return listID, err
}
