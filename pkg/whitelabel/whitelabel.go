// Package whitelabel stores the platform's logos and favicon (spec/2 Whitelabel tab). The
// files live in the main company's whitelabel folder under random names; the public
// settings appLogoLight, appLogoDark and appLogoFavicon name them, and every visitor,
// signed in or not, loads them from GET /public/whitelabel/{name}.
package whitelabel

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"

	"atende/pkg/errs"
	"atende/pkg/setting"
	"atende/pkg/storage"
	"atende/pkg/tenant"
)

// MaxBytes bounds one logo or favicon.
const MaxBytes = 2 << 20

// Folder is where the files are kept, in the main company's storage.
const Folder = "whitelabel"

// Types are the image types accepted, sniffed from the bytes: never SVG (a document that
// can run script), never anything else.
var Types = []string{"image/png", "image/jpeg", "image/webp", "image/x-icon", "image/vnd.microsoft.icon"}

// Keys maps the spec's upload mode to its setting.
var Keys = map[string]string{"Light": "appLogoLight", "Dark": "appLogoDark", "Favicon": "appLogoFavicon"}

// ErrBadMode answers a mode other than Light, Dark or Favicon.
var ErrBadMode = &errs.Error{Status: http.StatusBadRequest, Code: "ERR_VALIDATION", Message: "Modo inválido",
	Fields: map[string]string{"mode": "Use Light, Dark ou Favicon"}}

// Service uploads and clears the files.
type Service struct {
	Settings setting.Service
	Store    storage.Store
}

// Upload stores r as mode's file and points its setting at it; the previous file is removed.
// It answers the stored name (the setting's new value).
func (s Service) Upload(ctx context.Context, mode string, r io.Reader) (string, error) {
	key, ok := Keys[mode]
	if !ok {
		return "", ErrBadMode
	}
	f, err := s.Store.Save(setting.MainCompanyID, Folder, r, MaxBytes, Types...)
	if err != nil {
		return "", err
	}
	name := path.Base(f.Path)
	if err := s.point(ctx, key, name); err != nil {
		_ = s.Store.Remove(f.Path)
		return "", err
	}
	return name, nil
}

// Clear empties mode's setting and removes its file.
func (s Service) Clear(ctx context.Context, mode string) error {
	key, ok := Keys[mode]
	if !ok {
		return ErrBadMode
	}
	return s.point(ctx, key, "")
}

// point sets key to name (a super user's change) and removes the file it named before.
func (s Service) point(ctx context.Context, key, name string) error {
	old := s.Settings.Value(tenant.With(ctx, setting.MainCompanyID), key)
	if _, err := s.Settings.Set(ctx, key, name, true); err != nil {
		return err
	}
	if old != "" && old != name && setting.LogoName.MatchString(old) {
		_ = s.Store.Remove(rel(old))
	}
	return nil
}

// Open opens a stored file by its name (ErrNotFound for any other name).
func (s Service) Open(name string) (*os.File, error) {
	if !setting.LogoName.MatchString(name) {
		return nil, errs.ErrNotFound
	}
	f, err := s.Store.OpenLocal(rel(name))
	if err != nil {
		return nil, errs.ErrNotFound
	}
	return f, nil
}

func rel(name string) string {
	return path.Join(fmt.Sprintf("company%d", setting.MainCompanyID), Folder, name)
}
