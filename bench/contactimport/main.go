// Command contactimport measures a contact import from a spreadsheet (issue 16): it writes a
// spreadsheet of -rows contacts with a tags column (streamed by excelize), uploads it as the
// api does (the preview), starts it with every row selected, runs the worker's job in this
// process and reports the time and the process's memory growth (peak resident set during the
// import over the resident set before it). The company it makes is deleted afterwards.
//
//	go run ./bench/contactimport -db postgres://postgres@127.0.0.1:5432/atende_importbench?sslmode=disable
package main

import (
	"context"
	"fmt"
	"log"
	"path/filepath"
	"time"

	"github.com/hibiken/asynq"

	"atende/bench/importkit"
	"atende/pkg/contactimport"
	"atende/pkg/sheet"
	"atende/pkg/storage"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
)

func main() {
	b, done := importkit.Setup("postgres://postgres@127.0.0.1:5432/atende_importbench?sslmode=disable", "importbench")
	defer done()
	ctx := tenant.With(context.Background(), b.CompanyID)
	rel := filepath.Join(fmt.Sprintf("company%d", b.CompanyID), "contactImports", "bench.xlsx")
	// A tenth of the rows carry one of five tags.
	if err := (importkit.Sheet{Header: []any{"nome", "telefone", "email", "tags"}, Rows: b.Rows}).Write(filepath.Join(b.Dir, rel)); err != nil {
		log.Fatal(err)
	}

	svc := contactimport.Service{DB: b.DB, Files: storage.Store{Dir: b.Dir}, Queue: noQueue{}}
	start := time.Now()
	p, err := svc.Upload(ctx, 0, rel, "bench.xlsx", sheet.TypeXLSX)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("preview: %d rows of %d in %dms\n", len(p.Rows), p.Import.TotalRows, time.Since(start).Milliseconds())
	if _, err := svc.Start(ctx, p.Import.ID, contactimport.StartInput{Mapping: p.Mapping, Selection: contactimport.Selection{AllRows: true}}); err != nil {
		log.Fatal(err)
	}
	took, err := importkit.Measure(func() error {
		return svc.Run(ctx, tasks.ContactImport{CompanyID: b.CompanyID, ImportID: p.Import.ID}, true)
	})
	if err != nil {
		log.Fatal(err)
	}
	got, err := svc.Get(ctx, p.Import.ID)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("import: %s %s in %.1fs (%.0f rows/s): read %d, created %d, updated %d, refused %d\n", got.Status, got.Error,
		took.Seconds(), float64(got.RowsRead)/took.Seconds(), got.RowsRead, got.Created, got.Updated, got.Refused)
}

// noQueue takes the import's task and drops it: the job runs here.
type noQueue struct{}

func (noQueue) EnqueueContext(context.Context, *asynq.Task, ...asynq.Option) (*asynq.TaskInfo, error) {
	return &asynq.TaskInfo{}, nil
}
