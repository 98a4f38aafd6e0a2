package config

import "testing"

func TestGraphURLVersion(t *testing.T) {
	for _, c := range []struct{ base, version, want string }{
		{"https://graph.facebook.com", "v13.0", "https://graph.facebook.com/v13.0"},
		{"https://graph.facebook.com/", "v19.0", "https://graph.facebook.com/v19.0"},
		{"http://127.0.0.1:9099/v13.0", "v19.0", "http://127.0.0.1:9099/v13.0"},
	} {
		if got := graphURL(c.base, c.version); got != c.want {
			t.Errorf("graphURL(%q, %q) = %q, want %q", c.base, c.version, got, c.want)
		}
	}
}
