// Command listimport measures a contact list import (issue 15): it writes a spreadsheet of
// -rows contacts (streamed by excelize), then runs the worker's import job on it in this
// process and reports the time and how much the process's memory grew (peak resident set
// during the import over the resident set before it). The company it makes is deleted
// afterwards.
//
//	go run ./bench/listimport -db postgres://postgres@127.0.0.1:5432/atende_listbench?sslmode=disable
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

	"github.com/xuri/excelize/v2"
	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/channel/sandbox"
	"atende/pkg/connection"
	"atende/pkg/contactlist"
	"atende/pkg/db"
	"atende/pkg/storage"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
)

func main() {
	dsn := flag.String("db", "postgres://postgres@127.0.0.1:5432/atende_listbench?sslmode=disable", "database URL (created and migrated if needed)")
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
	dir, err := os.MkdirTemp("", "listimport")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	ctx := context.Background()
	companyID, listID, err := setup(ctx, g)
	if err != nil {
		log.Fatal(err)
	}
	defer g.Exec("DELETE FROM companies WHERE id = ?", companyID)
	rel := filepath.Join(fmt.Sprintf("company%d", companyID), "contactLists", "bench.xlsx")
	start := time.Now()
	size, err := writeSheet(filepath.Join(dir, rel), *rows)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("spreadsheet: %d rows, %.1f MB, written in %.1fs\n", *rows, float64(size)/1e6, time.Since(start).Seconds())

	svc := contactlist.Service{DB: g, Files: storage.Store{Dir: dir},
		Channels: channel.Registry{connection.ChannelSandbox: sandbox.Channel{}}}
	im := contactlist.Import{CompanyID: companyID, ContactListID: listID, FilePath: rel, FileName: "bench.xlsx",
		FileType: contactlist.TypeXLSX, Status: contactlist.StatusPending}
	if err := g.Create(&im).Error; err != nil {
		log.Fatal(err)
	}
	runtime.GC()
	debug.FreeOSMemory()
	before := benchkit.Status("VmRSS")
	benchkit.ResetPeak()
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	start = time.Now()
	if err := svc.Import(ctx, tasks.ContactListImport{CompanyID: companyID, ImportID: im.ID}, true); err != nil {
		log.Fatal(err)
	}
	took := time.Since(start)
	peak := benchkit.Status("VmHWM")
	runtime.ReadMemStats(&ms1)
	got, err := svc.GetImport(tenant.With(ctx, companyID), listID, im.ID)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("import: %s in %.1fs (%.0f rows/s): read %d, imported %d, merged %d, refused %d\n", got.Status,
		took.Seconds(), float64(got.RowsRead)/took.Seconds(), got.RowsRead, got.Imported, got.Merged, got.Refused)
	fmt.Printf("memory: resident %.0f MB before, peak %.0f MB during: growth %.0f MB; Go allocated %.0f MB in all, heap peak ~%.0f MB\n",
		benchkit.MB(before), benchkit.MB(peak), benchkit.MB(peak-before), float64(ms1.TotalAlloc-ms0.TotalAlloc)/1e6, float64(ms1.HeapSys)/1e6)
}

// setup makes a company on a plan with campaigns, its default sandbox connection and a list.
func setup(ctx context.Context, g *gorm.DB) (int64, int64, error) {
	var planID, companyID, listID int64
	name := fmt.Sprintf("listbench-%d", time.Now().UnixNano())
	err := g.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Raw("INSERT INTO plans (name, use_campaigns) VALUES (?, true) RETURNING id", name).Scan(&planID).Error; err != nil {
			return err
		}
		if err := tx.Raw("INSERT INTO companies (name, plan_id) VALUES (?, ?) RETURNING id", name, planID).Scan(&companyID).Error; err != nil {
			return err
		}
		if err := tx.Exec(`INSERT INTO connections (company_id, name, channel, status, is_default, token)
			VALUES (?, 'sandbox', 'sandbox', 'CONNECTED', true, ?)`, companyID, connection.NewToken()).Error; err != nil {
			return err
		}
		return tx.Raw("INSERT INTO contact_lists (company_id, name) VALUES (?, 'Bench') RETURNING id", companyID).Scan(&listID).Error
	})
	return companyID, listID, err
}

var first = strings.Fields("Ana Bruno Carla Diego Eduarda Felipe Gabriela Heitor Isabela João Larissa Marcos Natália Otávio Paula Rafael Sabrina Tiago Vitória")
var last = strings.Fields("Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho Araújo")

// writeSheet streams rows contacts: numbers written in the ways people write them, about
// 1 % repeated (merged) and 1 % invalid (refused).
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
	if err := sw.SetRow("A1", []any{"name", "number", "email"}); err != nil {
		return 0, err
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range rows {
		n := 10_000_000 + i
		if i%100 == 99 {
			n = 10_000_000 + r.IntN(i) // a repeat
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
			num = strconv.Itoa(r.IntN(100000)) // invalid
		}
		name := first[r.IntN(len(first))] + " " + last[r.IntN(len(last))]
		email := strings.ToLower(strings.ReplaceAll(name, " ", ".")) + strconv.Itoa(i) + "@exemplo.com.br"
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := sw.SetRow(cell, []any{name, num, email}); err != nil {
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
