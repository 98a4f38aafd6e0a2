package config

import (
	"strings"
	"testing"
)

func TestLoadRefusesWeakSecretsOutsideDevelopment(t *testing.T) {
	cases := []struct {
		name, env, jwt, refresh, admin string
		wantErr                        string
	}{
		{"development fills defaults", "development", "", "", "", ""},
		{"production without secrets", "production", "", "", "", "JWT_SECRET must be"},
		{"production with placeholder", "production", strings.Repeat("x", 24) + "change-me", strings.Repeat("y", 40), "Str0ng!pass", "JWT_SECRET must be"},
		{"production with equal secrets", "production", strings.Repeat("a", 40), strings.Repeat("a", 40), "Str0ng!pass", "must differ"},
		{"production with short admin password", "production", strings.Repeat("a", 40), strings.Repeat("b", 40), "short", "ADMIN_PASSWORD"},
		{"production ok", "production", strings.Repeat("a", 40), strings.Repeat("b", 40), "Str0ng!pass", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("APP_ENV", c.env)
			t.Setenv("JWT_SECRET", c.jwt)
			t.Setenv("JWT_REFRESH_SECRET", c.refresh)
			t.Setenv("ADMIN_PASSWORD", c.admin)
			cfg, err := Load()
			if c.wantErr == "" {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				if cfg.JWTSecret == "" || cfg.JWTSecret == cfg.JWTRefreshSecret {
					t.Fatalf("secrets not usable: %q %q", cfg.JWTSecret, cfg.JWTRefreshSecret)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Fatalf("error %v, want %q", err, c.wantErr)
			}
		})
	}
}
