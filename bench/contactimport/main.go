// Command contactimport measures a contact import from a spreadsheet (issue 16): it writes a
// spreadsheet of -rows contacts with a tags column (streamed by excelize), uploads it as the
// api does (the preview), starts it with every row selected, runs the worker's job in this
// process and reports the time and the process's memory growth (peak resident set during the
// import over the resident set before it). The company it makes is deleted afterwards.
//
//	go run ./bench/contactimport -db postgres://postgres@127.0.0.1:5432/atende_importbench?sslmode=disable
package main

import (
	"atende/bench/benchkit"
	"context"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"github.com/xuri/excelize/v2"

	"atende/pkg/contactimport"
	"atende/pkg/db"
	"atende/pkg/sheet"
	"atende/pkg/storage"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
)

func main() {
	dsn := flag.String("db", "postgres://postgres@127.0.0.1:5432/atende_importbench?sslmode=disable", "database URL (created and migrated if needed)")
	rows := flag.Int("rows", 100_000, "contacts in the spreadsheet")
	flag.Parse()
	if err := benchkit.EnsureDatabase(*dsn); err != nil {
		log.Fatal(err)
	}
	g, err := db.Open(*dsn)
	if err != nil {
		log.Fatal(err)
	}
	if err := db.Migrate(g); err != nil {
		log.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "contactimport")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	ctx := context.Background()
	var planID, companyID int64
	name := fmt.Sprintf("importbench-%d", time.Now().UnixNano())
	if err := g.Raw("INSERT INTO plans (name) VALUES (?) RETURNING id", name).Scan(&planID).Error; err != nil {
		log.Fatal(err)
	}
	if err := g.Raw("INSERT INTO companies (name, plan_id) VALUES (?, ?) RETURNING id", name, planID).Scan(&companyID).Error; err != nil {
		log.Fatal(err)
	}
	defer g.Exec("DELETE FROM companies WHERE id = ?", companyID)
	ctx = tenant.With(ctx, companyID)
	rel := filepath.Join(fmt.Sprintf("company%d", companyID), "contactImports", "bench.xlsx")
	start := time.Now()
	size, err := writeSheet(filepath.Join(dir, rel), *rows)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("spreadsheet: %d rows, %.1f MB, written in %.1fs\n", *rows, float64(size)/1e6, time.Since(start).Seconds())

	svc := contactimport.Service{DB: g, Files: storage.Store{Dir: dir}, Queue: noQueue{}}
	start = time.Now()
	p, err := svc.Upload(ctx, 0, rel, "bench.xlsx", sheet.TypeXLSX)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("preview: %d rows of %d in %dms\n", len(p.Rows), p.Import.TotalRows, time.Since(start).Milliseconds())
	if _, err := svc.Start(ctx, p.Import.ID, contactimport.StartInput{Mapping: p.Mapping, Selection: contactimport.Selection{AllRows: true}}); err != nil {
		log.Fatal(err)
	}
	runtime.GC()
	debug.FreeOSMemory()
	before := benchkit.Status("VmRSS")
	benchkit.ResetPeak()
	start = time.Now()
	if err := svc.Run(ctx, tasks.ContactImport{CompanyID: companyID, ImportID: p.Import.ID}, true); err != nil {
		log.Fatal(err)
	}
	took := time.Since(start)
	peak := benchkit.Status("VmHWM")
	got, err := svc.Get(ctx, p.Import.ID)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("import: %s %s in %.1fs (%.0f rows/s): read %d, created %d, updated %d, refused %d\n", got.Status, got.Error,
		took.Seconds(), float64(got.RowsRead)/took.Seconds(), got.RowsRead, got.Created, got.Updated, got.Refused)
	fmt.Printf("memory: resident %.0f MB before, peak %.0f MB during: growth %.0f MB\n",
		benchkit.MB(before), benchkit.MB(peak), benchkit.MB(peak-before))
}

// noQueue takes the import's task and drops it: the job runs here.
type noQueue struct{}

func (noQueue) EnqueueContext(context.Context, *asynq.Task, ...asynq.Option) (*asynq.TaskInfo, error) {
	return &asynq.TaskInfo{}, nil
}

var first = strings.Fields("Ana Bruno Carla Diego Eduarda Felipe Gabriela Heitor Isabela João Larissa Marcos Natália Otávio Paula Rafael Sabrina Tiago Vitória")
var last = strings.Fields("Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho Araújo")

// writeSheet streams rows contacts: numbers written in the ways people write them, about
// 1 % repeated (merged), 1 % invalid (refused), a tenth with one of five tags.
func writeSheet(path string, rows int) (int64, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return 0, err
	}
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		return 0, err
	}
	if err := sw.SetRow("A1", []any{"nome", "telefone", "email", "tags"}); err != nil {
		return 0, err
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range rows {
		n := 10_000_000 + i
		if i%100 == 99 {
			n = 10_000_000 + r.IntN(i)
		}
		num := fmt.Sprintf("119%08d", n)
		switch i % 4 {
		case 1:
			num = fmt.Sprintf("(11) 9%04d-%04d", n/10000%10000, n%10000)
		case 2:
			num = "+55 " + num
		case 3:
			num = "55" + num
		}
		if i%100 == 42 {
			num = strconv.Itoa(r.IntN(100000))
		}
		name := first[r.IntN(len(first))] + " " + last[r.IntN(len(last))]
		email := strings.ToLower(strings.ReplaceAll(name, " ", ".")) + strconv.Itoa(i) + "@exemplo.com.br"
		tag := ""
		if i%10 == 0 {
			tag = "Lista " + strconv.Itoa(i%50/10)
		}
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := sw.SetRow(cell, []any{name, num, email, tag}); err != nil {
			return 0, err
		}
	}
	if err := sw.Flush(); err != nil {
		return 0, err
	}
	if err := f.SaveAs(path); err != nil {
		return 0, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}
