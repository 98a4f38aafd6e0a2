package api_test

import (
	"fmt"
	"testing"

	"atende/pkg/testutil"
)

type fileListPage struct {
	Files []struct {
		ID      int64
		Name    string
		Message string
		Options []struct {
			ID        int64
			Name      string
			Path      string
			MediaType string
		}
	}
	HasMore bool
}

func TestFileListsReadOnlyList(t *testing.T) {
	e := newEnv(t)
	acme := testutil.NewTenant(t, e.App, "acme", 0)
	beta := testutil.NewTenant(t, e.App, "beta", 0)
	catalogo := e.newFileList(acme.Company.ID, "Catálogo", "tabela.pdf", "fotos.zip")
	e.newFileList(acme.Company.ID, "Boletos")
	e.newFileList(beta.Company.ID, "Segredo", "deles.pdf")
	admin, agent, other := e.tokenOf(acme.Admin), e.tokenOf(acme.Attender), e.tokenOf(beta.Admin)
	names := func(want string) func(*testing.T, []byte) {
		return func(t *testing.T, b []byte) {
			p := decode[fileListPage](t, b)
			got := ""
			for _, f := range p.Files {
				got += f.Name + fmt.Sprint(len(f.Options)) + " "
			}
			if got != want || p.HasMore {
				t.Errorf("lists %q hasMore %v, want %q", got, p.HasMore, want)
			}
		}
	}
	e.run(t, []scenario{
		get("the company's lists by name, with their files", "/files/", admin, 200, names("Boletos0 Catálogo2 "),
			`"options":[]`, `"message":"Arquivos de Catálogo"`, `"name":"tabela.pdf"`, `"path":"files/tabela.pdf"`,
			`"mediaType":"application/pdf"`, `"id":`+itoa(catalogo)),
		get("without the slash", "/files", admin, 200, names("Boletos0 Catálogo2 ")),
		get("search", "/files/?searchParam=CAT", admin, 200, names("Catálogo2 ")),
		{name: "profile user can't list", method: "GET", path: "/files/", token: agent, status: 403, code: "ERR_NO_PERMISSION"},
		{name: "company B sees only its own", method: "GET", path: "/files/", token: other, status: 200,
			check: names("Segredo1 "), absent: []string{"Catálogo", "tabela"}},
	})
	for i := range 20 {
		e.newFileList(acme.Company.ID, fmt.Sprintf("Lista %02d", i))
	}
	e.run(t, []scenario{
		get("a page of 20 and more to come", "/files/", admin, 200, func(t *testing.T, b []byte) {
			if p := decode[fileListPage](t, b); len(p.Files) != 20 || !p.HasMore {
				t.Errorf("%d lists, hasMore %v", len(p.Files), p.HasMore)
			}
		}),
		get("the last page", "/files/?pageNumber=2", admin, 200, names("Lista 180 Lista 190 ")),
	})
}
