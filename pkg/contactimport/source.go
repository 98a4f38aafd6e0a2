package contactimport

import (
	"context"
	"errors"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/sheet"
	"atende/pkg/tenant"
)

// source yields an import's rows.
type source interface {
	Next() bool
	Row() rowIn
	Err() error
	// Percent is how far the reading is (0 when unknown); Total the rows announced.
	Percent() int
	Total() int
	Close() error
}

// fileSource reads the selected, non-blank rows of a spreadsheet through its mapping.
type fileSource struct {
	sh    sheet.Reader
	close func() error
	m     Mapping
	picks picks
	line  int
	row   rowIn
	err   error
}

func (s Service) openFile(im Import) (source, error) {
	f, err := s.Files.OpenLocal(im.FilePath)
	if err != nil {
		return nil, err
	}
	sh, err := sheet.Open(im.FileType, f)
	if err != nil {
		f.Close()
		return nil, err
	}
	return &fileSource{sh: sh, m: im.Mapping, picks: im.Selection.picks(), close: func() error {
		sh.Close()
		return f.Close()
	}}, nil
}

func (f *fileSource) Next() bool {
	for f.sh.Next() {
		f.line++
		if f.line == 1 {
			continue // the header
		}
		if f.line-1 > MaxRows {
			f.err = ErrTooManyRows
			return false
		}
		if !f.picks.has(f.line) {
			continue
		}
		cells := f.sh.Row()
		f.row = rowIn{Line: f.line, Name: cell(cells, f.m.Name), Number: cell(cells, f.m.Number),
			Email: cell(cells, f.m.Email), Tag: cell(cells, f.m.Tags)}
		if f.row.Name != "" || f.row.Number != "" || f.row.Email != "" || f.row.Tag != "" {
			return true
		}
	}
	if f.sh.Err() != nil {
		f.err = sheet.ErrUnreadable
	}
	return false
}

func (f *fileSource) Row() rowIn   { return f.row }
func (f *fileSource) Err() error   { return f.err }
func (f *fileSource) Percent() int { return f.sh.Percent() }
func (f *fileSource) Total() int   { return max(f.sh.Total()-1, 0) }
func (f *fileSource) Close() error { return f.close() }

// phoneSource yields the contacts a phone's address book keeps, a row each.
type phoneSource struct {
	list []channel.PhoneContact
	i    int
}

// openPhone reads the address book of the import's connection. A session another worker
// hosts answers channel.ElsewhereError: the task is handed to that worker.
func (s Service) openPhone(ctx context.Context, im Import) (source, error) {
	if im.ConnectionID == nil {
		return nil, ErrNoConnection
	}
	conn, err := tenant.Get[connection.Connection](ctx, s.DB, *im.ConnectionID, ErrNoConnection)
	if err != nil {
		return nil, err
	}
	book, err := s.phoneBook(conn)
	if err != nil {
		return nil, err
	}
	list, err := book.PhoneContacts(ctx, conn)
	var elsewhere *channel.ElsewhereError
	switch {
	case errors.As(err, &elsewhere):
		return nil, err
	case err != nil:
		return nil, ErrPhoneUnreached
	}
	return &phoneSource{list: list}, nil
}

// phoneBook is the channel of conn when it keeps the phone's contacts (whatsmeow).
func (s Service) phoneBook(conn connection.Connection) (channel.PhoneBook, error) {
	ch, err := s.Channels.For(conn)
	if err != nil {
		return nil, ErrPhoneChannel
	}
	book, ok := ch.(channel.PhoneBook)
	if !ok {
		return nil, ErrPhoneChannel
	}
	return book, nil
}

func (p *phoneSource) Next() bool {
	p.i++
	return p.i <= len(p.list)
}

// Row names a contact without a name in the address book by its number.
func (p *phoneSource) Row() rowIn {
	c := p.list[p.i-1]
	name := c.Name
	if name == "" {
		name = c.Number
	}
	return rowIn{Line: p.i, Name: name, Number: "+" + sheet.Digits(c.Number)}
}

func (p *phoneSource) Err() error { return nil }
func (p *phoneSource) Percent() int {
	if len(p.list) == 0 {
		return 0
	}
	return p.i * 100 / len(p.list)
}
func (p *phoneSource) Total() int   { return len(p.list) }
func (p *phoneSource) Close() error { return nil }
