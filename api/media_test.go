package api_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"io/fs"
	"mime/multipart"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"atende/pkg/testutil"
)

// tinyPNG encodes a real 2×2 PNG.
func tinyPNG(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	img.Set(0, 0, color.RGBA{R: 255, A: 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// avatarForm builds a multipart body with one file field.
func avatarForm(t *testing.T, field, filename string, data []byte) (io.Reader, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	_ = w.WriteField("typeArch", "user")
	part, err := w.CreateFormFile(field, filename)
	if err != nil {
		t.Fatal(err)
	}
	part.Write(data)
	w.Close()
	return &b, w.FormDataContentType()
}

// mediaFiles lists the stored media files (relative paths, temp files included).
func mediaFiles(t *testing.T, e *env) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(e.App.Cfg.MediaDir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(e.App.Cfg.MediaDir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return out
}

// uploadAvatar posts a profile image for userID and returns the signed URL it answers.
func uploadAvatar(t *testing.T, e *env, token string, userID int64, data []byte) string {
	t.Helper()
	body, ctype := avatarForm(t, "profileImage", "me.png", data)
	st, out := e.call("POST", fmt.Sprintf("/users/%d/media-upload", userID), token, body, ctype)
	if st != 200 {
		t.Fatalf("upload: %d %s", st, out)
	}
	u := decode[struct{ ProfileImage string }](t, out).ProfileImage
	if !strings.HasPrefix(u, "/media/") || !strings.Contains(u, "&sig=") {
		t.Fatalf("profileImage is not a signed media URL: %q", u)
	}
	return u
}

func TestUserAvatarUpload(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	admin, agent := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender)
	pic := tinyPNG(t)
	url := uploadAvatar(t, e, admin, acme.Attender.ID, pic)
	if want := fmt.Sprintf("/media/company%d/users/", acme.Company.ID); !strings.HasPrefix(url, want) || !strings.Contains(url, ".png?") {
		t.Fatalf("url %q, want under %s with .png", url, want)
	}
	stored := e.userColumn(acme.Attender.ID, "profile_image")
	sig := url[strings.Index(url, "sig=")+4:]
	tampered := strings.Replace(url, "sig="+sig, "sig="+strings.Repeat("0", len(sig)), 1)
	other := strings.Replace(url, fmt.Sprintf("company%d", acme.Company.ID), "company999", 1)
	form := func(field, name string, data []byte) (io.Reader, string) { return avatarForm(t, field, name, data) }
	text, textType := form("profileImage", "a.png", []byte("hello, I am not an image"))
	pdf, pdfType := form("profileImage", "a.png", []byte("%PDF-1.4\n%âãÏÓ\n1 0 obj\n"))
	huge, hugeType := form("profileImage", "big.png", append(pic, make([]byte, 5<<20)...))
	noField, noFieldType := form("avatar", "a.png", pic)
	mine := fmt.Sprintf("/users/%d/media-upload", acme.Attender.ID)
	e.run(t, []scenario{
		{name: "signed URL serves the image", method: "GET", path: url, status: 200,
			check: func(t *testing.T, b []byte) {
				if !bytes.Equal(b, pic) {
					t.Errorf("served %d bytes, want the uploaded %d", len(b), len(pic))
				}
			}},
		{name: "tampered signature", method: "GET", path: tampered, status: 404, code: "ERR_NOT_FOUND"},
		{name: "signature moved to another path", method: "GET", path: other, status: 404, code: "ERR_NOT_FOUND"},
		{name: "no signature", method: "GET", path: url[:strings.Index(url, "?")], status: 404, code: "ERR_NOT_FOUND"},
		{name: "expiry pushed forward", method: "GET", path: strings.Replace(url, "exp=", "exp=9", 1), status: 404, code: "ERR_NOT_FOUND"},
		{name: "user record carries the URL", method: "GET", path: fmt.Sprintf("/users/%d", acme.Attender.ID), token: admin,
			status: 200, contain: []string{`"profileImage":"/media/company`}, absent: []string{`"profileImage":null`}},
		{name: "text is not an image", method: "POST", path: mine, token: agent, body: text, ctype: textType,
			status: 400, code: "ERR_INVALID_FILE_TYPE"},
		{name: "a pdf named .png is not an image", method: "POST", path: mine, token: agent, body: pdf, ctype: pdfType,
			status: 400, code: "ERR_INVALID_FILE_TYPE"},
		{name: "over 5 MB", method: "POST", path: mine, token: agent, body: huge, ctype: hugeType,
			status: 413, code: "ERR_FILE_TOO_LARGE"},
		{name: "wrong field name", method: "POST", path: mine, token: agent, body: noField, ctype: noFieldType,
			status: 400, code: "ERR_VALIDATION", contain: []string{"profileImage"}},
		{name: "user can't set another's picture", method: "POST", path: fmt.Sprintf("/users/%d/media-upload", acme.Admin.ID),
			token: agent, body: bytes.NewReader(nil), ctype: noFieldType, status: 403, code: "ERR_NO_PERMISSION"},
	})
	if got := e.userColumn(acme.Attender.ID, "profile_image"); got != stored {
		t.Fatalf("refused uploads changed the picture: %q → %q", stored, got)
	}
	if files := mediaFiles(t, e); len(files) != 1 || files[0] != stored {
		t.Fatalf("refused uploads left files: %v", files)
	}

	// The user replaces their own picture: the old file and its URL are gone.
	fresh := uploadAvatar(t, e, agent, acme.Attender.ID, pic)
	if fresh == url {
		t.Fatal("new upload kept the old URL")
	}
	e.run(t, []scenario{
		{name: "old URL is dead", method: "GET", path: url, status: 404},
		{name: "new URL works", method: "GET", path: fresh, status: 200},
	})
	if files := mediaFiles(t, e); len(files) != 1 {
		t.Fatalf("old picture kept on disk: %v", files)
	}
	res, err := http.Get(e.Srv.URL + fresh)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if ct := res.Header.Get("Content-Type"); ct != "image/png" || res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("served as %q, nosniff %q", ct, res.Header.Get("X-Content-Type-Options"))
	}
}
