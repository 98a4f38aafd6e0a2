package contact

import (
	"archive/zip"
	"context"
	"io"
	"time"

	"github.com/xuri/excelize/v2"

	"atende/pkg/mask"
	"atende/pkg/user"
)

// ExportHeader is the first row of GET /contacts/export: the contact's fields (spec/2
// "Contact (for import/export)"), its tags and its extra info.
var ExportHeader = []any{"id", "name", "number", "email", "channel", "isGroup", "active", "whatsapp",
	"urlPicture", "tags", "extraInfo", "createdAt"}

// exportRow is one contact as the export reads it: tags and extra info joined into one
// cell each by the database, so rows stream without a query per contact.
type exportRow struct {
	ID         int64
	Name       string
	Number     string
	Email      string
	Channel    string
	IsGroup    bool
	Active     bool
	Whatsapp   string
	URLPicture string
	Tags       string
	ExtraInfo  string
	CreatedAt  time.Time
}

// Export writes the contacts f selects (its page is ignored: all of them), in the list's
// order, as a one-sheet .xlsx through excelize's stream writer; numbers are masked as the
// list masks them for viewer. begin is called once the query runs and before anything is
// written, so the caller can send its headers early; an error after it means a cut file.
func (s Service) Export(ctx context.Context, viewer user.User, f Filter, w io.Writer, begin func()) error {
	q, err := s.filtered(ctx, f)
	if err != nil {
		return err
	}
	masked := s.masked(ctx, viewer)
	rows, err := q.Select(`contacts.id, contacts.name, contacts.number, contacts.email, contacts.channel,
		contacts.is_group, contacts.active, coalesce((SELECT w.name FROM connections w WHERE w.id = contacts.connection_id), '') AS whatsapp, contacts.url_picture,
		coalesce((SELECT string_agg(t.name, ', ' ORDER BY lower(t.name)) FROM contact_tags ct
			JOIN tags t ON t.id = ct.tag_id WHERE ct.contact_id = contacts.id), '') AS tags,
		coalesce((SELECT string_agg(x.name || ': ' || x.value, '; ' ORDER BY x.id) FROM contact_extra_info x
			WHERE x.contact_id = contacts.id), '') AS extra_info,
		contacts.created_at`).
		Order("lower(contacts.name), contacts.id").Rows()
	if err != nil {
		return err
	}
	defer rows.Close()
	if begin != nil {
		begin()
	}
	book := excelize.NewFile()
	defer book.Close()
	sw, err := book.NewStreamWriter("Sheet1")
	if err != nil {
		return err
	}
	_ = sw.SetColWidth(2, 2, 30)
	_ = sw.SetColWidth(3, 4, 22)
	if err := sw.SetRow("A1", ExportHeader); err != nil {
		return err
	}
	cells := make([]any, len(ExportHeader))
	for n := 2; rows.Next(); n++ {
		var r exportRow
		if err := rows.Scan(&r.ID, &r.Name, &r.Number, &r.Email, &r.Channel, &r.IsGroup, &r.Active, &r.Whatsapp,
			&r.URLPicture, &r.Tags, &r.ExtraInfo, &r.CreatedAt); err != nil {
			return err
		}
		if masked {
			r.Number = mask.Number(r.Number)
		}
		cells[0], cells[1], cells[2], cells[3], cells[4], cells[5] = r.ID, r.Name, r.Number, r.Email, r.Channel, r.IsGroup
		cells[6], cells[7], cells[8], cells[9], cells[10] = r.Active, r.Whatsapp, r.URLPicture, r.Tags, r.ExtraInfo
		cells[11] = r.CreatedAt.UTC().Format(time.RFC3339)
		cell, _ := excelize.CoordinatesToCellName(1, n)
		if err := sw.SetRow(cell, cells); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	// The zip is written straight to w: Write alone would build the whole file in a
	// bytes.Buffer first (20 MB and more for 400,000 contacts) and copy it after. (Its zip64
	// fix-up, which needs that buffer, only applies to a sheet past 4 GB of XML.)
	book.SetZipWriter(func(io.Writer) excelize.ZipWriter { return zip.NewWriter(w) })
	return book.Write(io.Discard)
}
