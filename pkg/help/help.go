// Package help holds the platform's help videos (spec/2 Helps tab, spec/3 /helps): written by
// super users, read by everyone signed in, whatever their company.
package help

import (
	"context"
	"errors"
	"net/http"
	"regexp"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/validate"
)

// Help is one help record; video is a YouTube video code.
type Help struct {
	ID          int64     `json:"id"`
	Title       string    `json:"title"`
	Video       string    `json:"video"`
	Description string    `json:"description"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

// Errors.
var (
	ErrNotFound  = errs.New(http.StatusNotFound, "ERR_NO_HELP_FOUND", "Nenhum registro de ajuda encontrado com este ID.")
	ErrDuplicate = errs.New(http.StatusConflict, "ERR_HELP_DUPLICATED", "Já existe uma ajuda com este título.")
)

// videoCode: a YouTube id as the /helps grid embeds it (youtube.com/embed/{code}); a full
// link is cut to its code on save.
var videoCode = regexp.MustCompile(`^[A-Za-z0-9_-]{6,20}$`)

// Input is the help form.
type Input struct {
	Title       string `json:"title"`
	Video       string `json:"video"`
	Description string `json:"description"`
}

func (in Input) apply(h *Help) error {
	v := errs.Validation{}
	h.Title = strings.TrimSpace(in.Title)
	validate.Length(v, "title", h.Title, 1, 200)
	h.Video = VideoCode(in.Video)
	if h.Video != "" && !videoCode.MatchString(h.Video) {
		v.Add("video", "Código de vídeo inválido")
	}
	h.Description = strings.TrimSpace(in.Description)
	validate.Length(v, "description", h.Description, 0, validate.MaxText)
	return v.Err()
}

// VideoCode takes a code or a YouTube link (watch?v=, youtu.be/, embed/) and returns the code.
func VideoCode(s string) string {
	s = strings.TrimSpace(s)
	for _, mark := range []string{"watch?v=", "youtu.be/", "/embed/", "/shorts/"} {
		if i := strings.Index(s, mark); i >= 0 {
			s = s[i+len(mark):]
			if j := strings.IndexAny(s, "&?#/"); j >= 0 {
				s = s[:j]
			}
			break
		}
	}
	return s
}

// Service reads and writes helps.
type Service struct{ DB *gorm.DB }

// List returns every help, by title.
func (s Service) List(ctx context.Context) ([]Help, error) {
	out := []Help{}
	err := s.DB.WithContext(ctx).Order("lower(title), id").Find(&out).Error
	return out, err
}

// Get returns one help.
func (s Service) Get(ctx context.Context, id int64) (Help, error) {
	var h Help
	err := s.DB.WithContext(ctx).Take(&h, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Help{}, ErrNotFound
	}
	return h, err
}

// Create adds a help.
func (s Service) Create(ctx context.Context, in Input) (Help, error) {
	var h Help
	if err := in.apply(&h); err != nil {
		return Help{}, err
	}
	return h, duplicate(s.DB.WithContext(ctx).Create(&h).Error)
}

// Update changes a help.
func (s Service) Update(ctx context.Context, id int64, in Input) (Help, error) {
	h, err := s.Get(ctx, id)
	if err != nil {
		return Help{}, err
	}
	if err := in.apply(&h); err != nil {
		return Help{}, err
	}
	h.UpdatedAt = time.Now()
	return h, duplicate(s.DB.WithContext(ctx).Select("title", "video", "description", "updated_at").Save(&h).Error)
}

// Delete removes a help.
func (s Service) Delete(ctx context.Context, id int64) error {
	res := s.DB.WithContext(ctx).Delete(&Help{}, id)
	if res.Error == nil && res.RowsAffected == 0 {
		return ErrNotFound
	}
	return res.Error
}

func duplicate(err error) error {
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return ErrDuplicate
	}
	return err
}
