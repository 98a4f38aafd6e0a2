// Package importkit is what the spreadsheet import benches share (bench/contactimport,
// bench/listimport): a migrated bench database with a scratch folder for the stored file,
// the spreadsheet of contacts, and the import timed with the process's memory around it.
package importkit

import (
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

	"atende/bench/benchkit"
	"atende/pkg/db"
)

// Setup reads the flags -db (default dsn) and -rows, creates the database when missing,
// migrates it and opens it, makes a company (on a plan with campaigns) and a scratch folder
// for the stored file. done deletes the company and the folder. Errors end the bench.
func Setup(dsn, name string) (b Bench, done func()) {
	flag.StringVar(&dsn, "db", dsn, "database URL (created and migrated if needed)")
	flag.IntVar(&b.Rows, "rows", 100_000, "contacts in the spreadsheet")
	flag.Parse()
	check(benchkit.EnsureDatabase(dsn))
	var err error
	b.DB, err = db.Open(dsn)
	check(err)
	check(db.Migrate(b.DB))
	b.Dir, err = os.MkdirTemp("", name)
	check(err)
	var planID int64
	tag := fmt.Sprintf("%s-%d", name, time.Now().UnixNano())
	check(b.DB.Raw("INSERT INTO plans (name, use_campaigns) VALUES (?, true) RETURNING id", tag).Scan(&planID).Error)
	check(b.DB.Raw("INSERT INTO companies (name, plan_id) VALUES (?, ?) RETURNING id", tag, planID).Scan(&b.CompanyID).Error)
	return b, func() {
		b.DB.Exec("DELETE FROM companies WHERE id = ?", b.CompanyID)
		os.RemoveAll(b.Dir)
	}
}

// Bench is a bench's database, company, scratch folder and row count.
type Bench struct {
	DB        *gorm.DB
	Dir       string
	CompanyID int64
	Rows      int
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}

// Sheet is the spreadsheet a bench imports: its header's three first columns name the name,
// number and e-mail; a fourth column, when named, gets a tag on a tenth of the rows.
type Sheet struct {
	Header []any
	Rows   int
}

var first = strings.Fields("Ana Bruno Carla Diego Eduarda Felipe Gabriela Heitor Isabela João Larissa Marcos Natália Otávio Paula Rafael Sabrina Tiago Vitória")
var last = strings.Fields("Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho Araújo")

// Write streams the sheet to path and prints its size and time: numbers written in the ways
// people write them, about 1 % repeated (merged) and 1 % invalid (refused).
func (s Sheet) Write(path string) error {
	start := time.Now()
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return err
	}
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		return err
	}
	if err := sw.SetRow("A1", s.Header); err != nil {
		return err
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range s.Rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := sw.SetRow(cell, s.row(r, i)); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	if err := f.SaveAs(path); err != nil {
		return err
	}
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	fmt.Printf("spreadsheet: %d rows, %.1f MB, written in %.1fs\n", s.Rows, float64(st.Size())/1e6, time.Since(start).Seconds())
	return nil
}

func (s Sheet) row(r *rand.Rand, i int) []any {
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
	if len(s.Header) < 4 {
		return []any{name, num, email}
	}
	tag := ""
	if i%10 == 0 {
		tag = "Lista " + strconv.Itoa(i%50/10)
	}
	return []any{name, num, email, tag}
}

// Measure runs the import after a collection and prints how much the process's memory grew
// (peak resident set during it over the resident set before it) and what Go allocated.
func Measure(run func() error) (time.Duration, error) {
	runtime.GC()
	debug.FreeOSMemory()
	before := benchkit.Status("VmRSS")
	benchkit.ResetPeak()
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	start := time.Now()
	err := run()
	took := time.Since(start)
	peak := benchkit.Status("VmHWM")
	runtime.ReadMemStats(&ms1)
	fmt.Printf("memory: resident %.0f MB before, peak %.0f MB during: growth %.0f MB; Go allocated %.0f MB in all, heap peak ~%.0f MB\n",
		benchkit.MB(before), benchkit.MB(peak), benchkit.MB(peak-before), float64(ms1.TotalAlloc-ms0.TotalAlloc)/1e6, float64(ms1.HeapSys)/1e6)
	return took, err
}
