package filelist

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/mediause"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
	"atende/pkg/validate"
)

// Field messages and limits of the file list form (spec/3 §5).
const (
	MsgNameTooShort = "nome muito curto"
	MaxName         = 100
	MaxOptions      = 50
)

// ErrNotFound answers an id that is not a file list of the company.
var ErrNotFound = errs.New(http.StatusNotFound, "ERR_NO_FILE_FOUND", "Lista de arquivos não encontrada.")

// OptionInput is one option of the form: id names an existing option, none adds one.
type OptionInput struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Input is the file list form.
type Input struct {
	Name    string         `json:"name"`
	Message string         `json:"message"`
	Options *[]OptionInput `json:"options"` // nil keeps the options (update)
}

func (in *Input) check() error {
	v := errs.Validation{}
	in.Name, in.Message = strings.TrimSpace(in.Name), strings.TrimSpace(in.Message)
	switch n := utf8.RuneCountInString(in.Name); {
	case n == 0:
		v.Add("name", validate.MsgRequired)
	case n < 3:
		v.Add("name", MsgNameTooShort)
	case n > MaxName:
		v.Add("name", validate.MsgTooLong)
	}
	validate.Length(v, "message", in.Message, 1, validate.MaxText)
	if in.Options != nil {
		if len(*in.Options) > MaxOptions {
			v.Add("options", validate.MsgTooLong)
		}
		for i := range *in.Options {
			o := &(*in.Options)[i]
			o.Name = strings.TrimSpace(o.Name)
			if n := utf8.RuneCountInString(o.Name); n == 0 || n > MaxName {
				v.Add("options", validate.MsgRequired)
			}
		}
	}
	return v.Err()
}

// Get returns one list of the company with its options.
func (s Service) Get(ctx context.Context, id int64) (List, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return List{}, err
	}
	var l List
	if err := q.Take(&l, id).Error; errors.Is(err, gorm.ErrRecordNotFound) {
		return List{}, ErrNotFound
	} else if err != nil {
		return List{}, err
	}
	l.Options = []Option{}
	err = s.DB.WithContext(ctx).Where("file_id = ?", id).Order("id").Find(&l.Options).Error
	for i := range l.Options {
		l.Options[i].URL = s.url(l.Options[i].Path)
	}
	return l, err
}

// Create adds a list of userID with its options (their files come by Upload).
func (s Service) Create(ctx context.Context, userID int64, in Input) (List, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return List{}, err
	}
	if err := in.check(); err != nil {
		return List{}, err
	}
	l := List{CompanyID: companyID, Name: in.Name, Message: in.Message, UserID: &userID}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&l).Error; err != nil {
			return err
		}
		_, err := syncOptions(tx, l, in.Options)
		return err
	})
	return s.saved(ctx, "create", l.ID, err, nil)
}

// Update changes a list; options left out of in.Options are removed with their files.
func (s Service) Update(ctx context.Context, id int64, in Input) (List, error) {
	l, err := s.Get(ctx, id)
	if err != nil {
		return List{}, err
	}
	if err := in.check(); err != nil {
		return List{}, err
	}
	var gone []string
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&List{}).Where("id = ? AND company_id = ?", id, l.CompanyID).
			Updates(map[string]any{"name": in.Name, "message": in.Message, "updated_at": time.Now()}).Error; err != nil {
			return err
		}
		gone, err = syncOptions(tx, l, in.Options)
		return err
	})
	return s.saved(ctx, "update", id, err, gone)
}

// syncOptions makes the list's options those of the form and returns the removed files.
func syncOptions(tx *gorm.DB, l List, opts *[]OptionInput) ([]string, error) {
	if opts == nil {
		return nil, nil
	}
	keep := []int64{0}
	for _, o := range *opts {
		if o.ID == 0 {
			continue
		}
		res := tx.Model(&Option{}).Where("id = ? AND file_id = ?", o.ID, l.ID).
			Updates(map[string]any{"name": o.Name, "updated_at": time.Now()})
		if res.Error != nil {
			return nil, res.Error
		}
		if res.RowsAffected == 0 {
			return nil, errs.Validation{"options": validate.MsgBadOption}.Err()
		}
		keep = append(keep, o.ID)
	}
	var gone []Option
	if err := tx.Raw("DELETE FROM file_options WHERE file_id = ? AND id NOT IN ? RETURNING path", l.ID, keep).
		Scan(&gone).Error; err != nil {
		return nil, err
	}
	for _, o := range *opts {
		if o.ID == 0 {
			if err := tx.Create(&Option{FileID: l.ID, CompanyID: l.CompanyID, Name: o.Name}).Error; err != nil {
				return nil, err
			}
		}
	}
	paths := make([]string, 0, len(gone))
	for _, o := range gone {
		paths = append(paths, o.Path)
	}
	return paths, nil
}

// Delete removes a list, its options and their stored files.
func (s Service) Delete(ctx context.Context, id int64) error {
	l, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	if err := s.DB.WithContext(ctx).Where("company_id = ?", l.CompanyID).Delete(&List{}, id).Error; err != nil {
		return err
	}
	for _, o := range l.Options {
		s.remove(o.Path)
	}
	s.publish(ctx, l.CompanyID, map[string]any{"action": "delete", "fileId": id})
	return nil
}

// Stored is a file stored for one option by the upload.
type Stored struct {
	OptionID  int64
	Path      string
	MediaType string
}

// Attach sets the options' files (already stored under the company) and returns the list;
// the files they replace are removed. An option that is not the list's refuses them all.
func (s Service) Attach(ctx context.Context, id int64, files []Stored) (List, error) {
	l, err := s.Get(ctx, id)
	if err != nil {
		return List{}, err
	}
	var old []string
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, f := range files {
			var prev []string
			if err := tx.Raw(`UPDATE file_options n SET path = ?, media_type = ?, updated_at = now()
				FROM file_options o WHERE n.id = o.id AND n.id = ? AND n.file_id = ? RETURNING o.path`,
				f.Path, f.MediaType, f.OptionID, l.ID).Scan(&prev).Error; err != nil {
				return err
			}
			if len(prev) == 0 {
				return errs.Validation{"id": validate.MsgBadOption}.Err()
			}
			old = append(old, prev...)
		}
		return nil
	})
	return s.saved(ctx, "update", id, err, old)
}

func (s Service) saved(ctx context.Context, action string, id int64, err error, gone []string) (List, error) {
	if err != nil {
		return List{}, err
	}
	for _, p := range gone {
		s.remove(p)
	}
	// Committed: a client that went away must not make the caller drop the stored files.
	ctx = context.WithoutCancel(ctx)
	l, err := s.Get(ctx, id)
	if err == nil {
		s.publish(ctx, l.CompanyID, map[string]any{"action": action, "fileList": l})
	}
	return l, err
}

func (s Service) url(rel string) string {
	if rel == "" || s.Media == nil {
		return ""
	}
	return s.Media.URL(rel)
}

// remove deletes a file an option let go of, unless sent messages (the bot sends a list's
// file by its path) or other records still show it.
func (s Service) remove(rel string) {
	if s.Media != nil {
		_ = mediause.RemoveUnused(s.DB, s.Media, rel)
	}
}

// publish tells the company's admins, the only users of /files: the record carries its
// files' signed URLs.
func (s Service) publish(ctx context.Context, companyID int64, data any) {
	if s.Events != nil {
		_ = s.Events.Publish(ctx, realtime.ToCompanyAdmins(companyID, "file", data))
	}
}
