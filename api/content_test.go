package api_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"atende/pkg/announcement"
	"atende/pkg/testutil"
)

// logoUpload is a POST /settings-whitelabel/logo scenario.
func logoUpload(name, token, mode, filename, ctype string, data []byte, status int, code string, contain ...string) scenario {
	r, ct := multipartBody(part{field: "typeArch", data: []byte("logo")}, part{field: "mode", data: []byte(mode)},
		part{field: "file", filename: filename, ctype: ctype, data: data})
	return scenario{name: name, method: "POST", path: "/settings-whitelabel/logo", token: token, body: r, ctype: ct,
		status: status, code: code, contain: contain}
}

func TestWhitelabel(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	admin, agent := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender)
	super := e.tokenOf(testutil.SuperAdmin(t, e.App))
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)
	e.run(t, []scenario{
		putSetting("colour needs #rrggbb", super, "primaryColorLight", "red", 400, "ERR_VALIDATION", "Cor inválida"),
		putSetting("a company admin can't brand the platform", admin, "primaryColorLight", "#112233", 403, "ERR_NO_PERMISSION"),
		putSetting("light colour", super, "primaryColorLight", "#112233", 200, "", `"value":"#112233"`),
		putSetting("system name", super, "appName", "Central Acme", 200, ""),
		putSetting("a logo setting takes only an uploaded name", super, "appLogoLight", "https://evil.example/x.png", 400, "ERR_VALIDATION"),
		logoUpload("a company admin can't upload", admin, "Light", "l.png", "image/png", tinyPNG(t), 403, "ERR_NO_PERMISSION"),
		logoUpload("a profile user can't upload", agent, "Light", "l.png", "image/png", tinyPNG(t), 403, "ERR_NO_PERMISSION"),
		logoUpload("SVG refused, whatever it claims", super, "Light", "l.png", "image/png", svg, 400, "ERR_INVALID_FILE_TYPE"),
		logoUpload("text refused", super, "Dark", "l.png", "image/png", []byte("hello there"), 400, "ERR_INVALID_FILE_TYPE"),
		logoUpload("unknown mode", super, "Sepia", "l.png", "image/png", tinyPNG(t), 400, "ERR_VALIDATION"),
		logoUpload("light logo", super, "Light", "l.png", "image/png", tinyPNG(t), 200, "", ".png"),
		logoUpload("favicon (.ico)", super, "Favicon", "f.ico", "image/x-icon", icoBytes(), 200, "", ".ico"),
	})
	if fav := e.storedSetting(1, "appLogoFavicon"); !strings.HasSuffix(fav, ".ico") {
		t.Fatalf("favicon setting %q", fav)
	}
	if e.storedSetting(1, "appLogoLight") == "" {
		t.Fatal("appLogoLight not stored")
	}

	// An anonymous visitor reads the branding and loads the logo.
	name := e.storedSetting(1, "appLogoLight")
	e.run(t, []scenario{
		getSetting("anonymous: colour", "", "/public-settings/primaryColorLight", `"value":"#112233"`),
		getSetting("anonymous: name", "", "/public-settings/appName", `"value":"Central Acme"`),
		getSetting("anonymous: logo name", "", "/public-settings/appLogoLight", name),
		getSetting("anonymous: dark default", "", "/public-settings/primaryColorDark", `"value":"#60a5fa"`),
		{name: "private keys stay private", method: "GET", path: "/public-settings/userCreation", status: 404},
		{name: "a made-up file name", method: "GET", path: "/public/whitelabel/" + strings.Repeat("a", 32) + ".png", status: 404},
		{name: "no path tricks", method: "GET", path: "/public/whitelabel/..%2F..%2Fcompany2%2Fusers%2Fx.png", status: 404},
	})
	res, err := http.Get(e.Srv.URL + "/public/whitelabel/" + name)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" || res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("logo served %d %q %q", res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("X-Content-Type-Options"))
	}

	// A new upload replaces the old file; clearing removes it.
	e.run(t, []scenario{logoUpload("replace", super, "Light", "l2.png", "image/png", tinyPNG(t), 200, "")})
	if status, _ := e.call("GET", "/public/whitelabel/"+name, "", nil, ""); status != 404 {
		t.Fatalf("old logo still served: %d", status)
	}
	e.run(t, []scenario{
		{name: "clear: company admin can't", method: "DELETE", path: "/settings-whitelabel/logo?mode=Light", token: admin, status: 403},
		{name: "clear", method: "DELETE", path: "/settings-whitelabel/logo?mode=Light", token: super, status: 200},
		getSetting("cleared for visitors", "", "/public-settings/appLogoLight", `"value":""`),
	})
}

func TestHelps(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	admin, agent, other := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender), e.tokenOf(beta.Admin)
	super := e.tokenOf(testutil.SuperAdmin(t, e.App))
	body := map[string]string{"title": "Conexões", "video": "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3", "description": "Como conectar"}
	e.run(t, []scenario{
		{name: "a company admin can't create", method: "POST", path: "/helps", token: admin, body: body, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "title required", method: "POST", path: "/helps", token: super, body: map[string]string{"video": "abc"}, status: 400, code: "ERR_VALIDATION"},
		{name: "bad video code", method: "POST", path: "/helps", token: super, body: map[string]string{"title": "x", "video": "<script>"}, status: 400, code: "ERR_VALIDATION"},
		{name: "create, link cut to its code", method: "POST", path: "/helps", token: super, body: body, status: 201, contain: []string{`"video":"dQw4w9WgXcQ"`}},
		{name: "same title", method: "POST", path: "/helps", token: super, body: map[string]string{"title": "conexões"}, status: 409, code: "ERR_HELP_DUPLICATED"},
		{name: "any company reads", method: "GET", path: "/helps", token: other, status: 200, contain: []string{"Conexões"}},
		{name: "a profile user reads", method: "GET", path: "/helps", token: agent, status: 200, contain: []string{"Conexões"}},
		{name: "anonymous can't", method: "GET", path: "/helps", status: 401},
	})
	var id int64
	e.App.DB.Raw("SELECT id FROM helps").Scan(&id)
	e.run(t, []scenario{
		{name: "a company admin can't edit", method: "PUT", path: "/helps/" + itoa(id), token: other, body: body, status: 403},
		{name: "a company admin can't delete", method: "DELETE", path: "/helps/" + itoa(id), token: admin, status: 403},
		{name: "edit", method: "PUT", path: "/helps/" + itoa(id), token: super, body: map[string]string{"title": "Filas", "video": "abcdef"}, status: 200, contain: []string{`"title":"Filas"`}},
		{name: "delete", method: "DELETE", path: "/helps/" + itoa(id), token: super, status: 200},
		{name: "gone", method: "DELETE", path: "/helps/" + itoa(id), token: super, status: 404, code: "ERR_NO_HELP_FOUND"},
	})
}

func TestAnnouncements(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	admin, agent, other := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender), e.tokenOf(beta.Admin)
	super := e.tokenOf(testutil.SuperAdmin(t, e.App))
	e.run(t, []scenario{
		{name: "a company admin can't write", method: "POST", path: "/announcements", token: admin,
			body: map[string]any{"title": "x", "text": "y"}, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "a company admin can't list all", method: "GET", path: "/announcements", token: admin, status: 403},
		{name: "title and text required", method: "POST", path: "/announcements", token: super, body: map[string]any{}, status: 400,
			contain: []string{`"title"`, `"text"`}},
		{name: "priority 1..3", method: "POST", path: "/announcements", token: super,
			body: map[string]any{"title": "x", "text": "y", "priority": 4}, status: 400, code: "ERR_VALIDATION"},
		{name: "active, high", method: "POST", path: "/announcements", token: super,
			body: map[string]any{"title": "Manutenção", "text": "Hoje às 22h", "priority": 1}, status: 201, contain: []string{`"status":true`}},
		{name: "inactive", method: "POST", path: "/announcements", token: super,
			body: map[string]any{"title": "Rascunho", "text": "ainda não", "priority": 2, "status": false}, status: 201},
		{name: "super lists both", method: "GET", path: "/announcements?searchParam=", token: super, status: 200,
			contain: []string{"Manutenção", "Rascunho"}},
		{name: "every company sees the active one only", method: "GET", path: "/announcements/active", token: other, status: 200,
			contain: []string{"Manutenção"}, absent: []string{"Rascunho"}},
		{name: "profile users too", method: "GET", path: "/announcements/active", token: agent, status: 200,
			contain: []string{"Manutenção"}, absent: []string{"Rascunho"}},
	})
	var id int64
	e.App.DB.Raw("SELECT id FROM announcements WHERE title = 'Rascunho'").Scan(&id)
	img, ct := multipartBody(part{field: "typeArch", data: []byte("announcements")}, part{field: "file", filename: "a.png", ctype: "image/png", data: tinyPNG(t)})
	bad, ct2 := multipartBody(part{field: "file", filename: "a.png", ctype: "image/png", data: []byte("<html><script>x</script></html>")})
	e.run(t, []scenario{
		{name: "a company admin can't edit", method: "PUT", path: "/announcements/" + itoa(id), token: admin, body: map[string]any{"status": true}, status: 403},
		{name: "html is not an image", method: "POST", path: "/announcements/" + itoa(id) + "/media-upload", token: super, body: bad, ctype: ct2, status: 400},
		{name: "image", method: "POST", path: "/announcements/" + itoa(id) + "/media-upload", token: super, body: img, ctype: ct, status: 200,
			contain: []string{`"mediaName":"a.png"`, `"mediaPath":"/media/`}},
		{name: "activate", method: "PUT", path: "/announcements/" + itoa(id), token: super, body: map[string]any{"status": true}, status: 200},
		{name: "now visible, after the high one", method: "GET", path: "/announcements/active", token: agent, status: 200,
			check: func(t *testing.T, b []byte) {
				list := decode[[]announcement.Announcement](t, b)
				if len(list) != 2 || list[0].Priority != 1 || list[1].Title != "Rascunho" {
					t.Fatalf("active list %s", b)
				}
			}},
		{name: "a company admin can't delete", method: "DELETE", path: "/announcements/" + itoa(id), token: other, status: 403},
		{name: "delete", method: "DELETE", path: "/announcements/" + itoa(id), token: super, status: 200},
		{name: "gone", method: "GET", path: "/announcements/" + itoa(id), token: super, status: 404, code: "ERR_NO_ANNOUNCEMENT_FOUND"},
	})
}

// An announcement reaches every company's sockets at once, live.
func TestAnnouncementsLive(t *testing.T) {
	e := newEnv(t)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	super := e.tokenOf(testutil.SuperAdmin(t, e.App))
	ws := dial(t, e.Srv.URL, e.tokenOf(beta.Attender))
	ready(t, e, ws, beta.Attender.ID)
	status, body := e.call("POST", "/announcements", super, map[string]any{"title": "Nova versão", "text": "Veja as novidades"}, "")
	if status != 201 {
		t.Fatalf("create: %d %s", status, body)
	}
	if _, ok := nextWith(t, ws, announcement.Event, "Nova versão", 5*time.Second); !ok {
		t.Fatal("another company's user got no company-announcement event")
	}
}

// icoBytes is a one-image ICO header with a PNG inside, as favicon generators write them.
func icoBytes() []byte {
	return append([]byte{0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0x44, 0, 0, 0, 22, 0, 0, 0}, make([]byte, 64)...)
}
