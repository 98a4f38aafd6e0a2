package handoff

import "testing"

func TestHostPort(t *testing.T) {
	for raw, want := range map[string]string{
		"http://typebot.local/": "typebot.local:80", "https://Bot.Example:8443/x": "Bot.Example:8443",
		"https://bot.example": "bot.example:443", "http://[::1]:3000": "[::1]:3000", "ftp://x": "", "": "",
	} {
		if got := hostPort(raw); got != want {
			t.Errorf("hostPort(%q) = %q, want %q", raw, got, want)
		}
	}
}
