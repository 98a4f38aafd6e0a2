package config

import (
	"slices"
	"strings"
	"testing"
)

func TestTrustedProxies(t *testing.T) {
	t.Setenv("APP_ENV", "development")
	t.Setenv("TRUSTED_PROXIES", "")
	if cfg, err := Load(); err != nil || cfg.TrustedProxies != nil {
		t.Fatalf("default: %v %q, want none trusted", err, cfg.TrustedProxies)
	}
	t.Setenv("TRUSTED_PROXIES", " 10.0.0.1, 172.16.0.0/12,,::1 ")
	cfg, err := Load()
	if want := []string{"10.0.0.1", "172.16.0.0/12", "::1"}; err != nil || !slices.Equal(cfg.TrustedProxies, want) {
		t.Fatalf("got %q %v, want %q", cfg.TrustedProxies, err, want)
	}
	t.Setenv("TRUSTED_PROXIES", "10.0.0.1,proxy.local")
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), `"proxy.local"`) {
		t.Fatalf("a host name was accepted: %v", err)
	}
}
