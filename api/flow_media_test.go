package api_test

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atende/pkg/flow"
	"atende/pkg/testutil"
)

// Sample files, recognised by their first bytes.
func tinyMP4() []byte {
	return append([]byte("\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2"), bytes.Repeat([]byte{0}, 64)...)
}

func tinyMP3() []byte {
	return append([]byte("ID3\x03\x00\x00\x00\x00\x00\x0f"), bytes.Repeat([]byte{0}, 64)...)
}

func fakeExe() []byte {
	return append([]byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff"), make([]byte, 200)...)
}

// flowFiles counts a company's stored flow media.
func (e *env) flowFiles(companyID int64) int {
	e.t.Helper()
	entries, _ := os.ReadDir(filepath.Join(e.App.Media.Dir, fmt.Sprintf("company%d", companyID), flow.MediaFolder))
	return len(entries)
}

func upload(name, path, token string, status int, code string, parts ...part) scenario {
	body, ctype := multipartBody(parts...)
	return scenario{name: name, method: "POST", path: path, token: token, body: body, ctype: ctype, status: status, code: code}
}

func TestFlowMediaUploadsAndServing(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	admin, agent, other := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender), e.tokenOf(beta.Admin)
	png := part{field: "medias", filename: "foto.png", ctype: "image/png", data: tinyPNG(t)}

	refused := []scenario{
		upload("an exe named .png", "/flowbuilder/img", admin, 400, "ERR_INVALID_FILE_TYPE",
			part{field: "medias", filename: "x.png", ctype: "image/png", data: fakeExe()}),
		upload("an image over 2 MB", "/flowbuilder/img", admin, 413, "ERR_FILE_TOO_LARGE",
			part{field: "medias", filename: "big.png", ctype: "image/png", data: tinyPNG(t), size: flow.ImageMaxBytes + 1}),
		upload("an image as audio", "/flowbuilder/audio", admin, 400, "ERR_INVALID_FILE_TYPE",
			part{field: "audio", filename: "a.ogg", ctype: "audio/ogg", data: tinyPNG(t)}),
		upload("audio over 5 MB", "/flowbuilder/audio", admin, 413, "ERR_FILE_TOO_LARGE",
			part{field: "audio", filename: "a.mp3", ctype: "audio/mpeg", data: tinyMP3(), size: flow.AudioMaxBytes + 1}),
		upload("a video among good files: nothing kept", "/flowbuilder/content", admin, 400, "ERR_INVALID_FILE_TYPE",
			png, part{field: "medias", filename: "v.mp4", ctype: "video/mp4", data: fakeExe()}),
		upload("more than 10 files", "/flowbuilder/content", admin, 400, "ERR_VALIDATION",
			png, png, png, png, png, png, png, png, png, png, png),
		upload("no file", "/flowbuilder/img", admin, 400, "ERR_VALIDATION", part{field: "other", data: []byte("x")}),
		upload("a profile user can't upload", "/flowbuilder/img", agent, 403, "ERR_NO_PERMISSION", png),
	}
	e.run(t, refused)
	if n := e.flowFiles(acme.Company.ID); n != 0 {
		t.Fatalf("refused uploads kept %d files", n)
	}
	var img, voice struct{ Name string }
	var content []string
	e.run(t, []scenario{
		withCheck(upload("an image", "/flowbuilder/img", admin, 200, "", png), func(t *testing.T, b []byte) { img = decode[struct{ Name string }](t, b) }),
		withCheck(upload("a voice note", "/flowbuilder/audio", admin, 200, "", part{field: "audio", filename: "v.ogg", ctype: "audio/ogg", data: oggOpus()}),
			func(t *testing.T, b []byte) { voice = decode[struct{ Name string }](t, b) }),
		withCheck(upload("a content node's files", "/flowbuilder/content", admin, 200, "", png,
			part{field: "medias", filename: "a.mp3", ctype: "audio/mpeg", data: tinyMP3()},
			part{field: "medias", filename: "v.mp4", ctype: "video/mp4", data: tinyMP4()}),
			func(t *testing.T, b []byte) { content = decode[[]string](t, b) }),
	})
	if !flow.ValidMediaName(img.Name) || !strings.HasSuffix(img.Name, ".png") || !strings.Contains(voice.Name, ".og") ||
		len(content) != 3 || !strings.HasSuffix(content[2], ".mp4") {
		t.Fatalf("names %q %q %q", img.Name, voice.Name, content)
	}

	// Served through a signed URL of the caller's company only.
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	fetch := func(token, name string) *http.Response {
		req, _ := http.NewRequest("GET", e.Srv.URL+"/flowbuilder/media?name="+name, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := noRedirect.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}
	res := fetch(admin, img.Name)
	loc := res.Header.Get("Location")
	if res.StatusCode != 302 || !strings.Contains(loc, "sig=") {
		t.Fatalf("media: %d %q", res.StatusCode, loc)
	}
	if r, b := served(t, e, loc); r.StatusCode != 200 || !bytes.Equal(b, tinyPNG(t)) || r.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("signed URL: %d %s", r.StatusCode, r.Header.Get("Content-Type"))
	}
	for name, st := range map[string]int{
		"another company's name":   fetch(other, img.Name).StatusCode,
		"a path out of the folder": fetch(admin, "../company"+itoa(beta.Company.ID)+"/flow/x.png").StatusCode,
		"a name never stored":      fetch(admin, "flow/0123456789abcdef0123456789abcdef.png").StatusCode,
		"a profile user":           fetch(agent, img.Name).StatusCode,
	} {
		if want := map[bool]int{true: 403, false: 404}[name == "a profile user"]; st != want {
			t.Errorf("%s: %d, want %d", name, st, want)
		}
	}
	if n := e.flowFiles(beta.Company.ID); n != 0 {
		t.Fatalf("company B has %d flow files", n)
	}
}

func withCheck(s scenario, check func(*testing.T, []byte)) scenario { s.check = check; return s }

func TestFlowMediaSizeMessage(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	body, ctype := multipartBody(part{field: "medias", filename: "big.png", ctype: "image/png", data: tinyPNG(t), size: flow.ImageMaxBytes + 10})
	e.run(t, []scenario{{name: "image over 2 MB", method: "POST", path: "/flowbuilder/img", token: e.tokenOf(acme.Admin), body: body, ctype: ctype,
		status: 413, code: "ERR_FILE_TOO_LARGE", contain: []string{"Arquivo é muito grande! 2MB máximo"}}})
}
