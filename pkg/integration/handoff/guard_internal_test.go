package handoff

import (
	"net/netip"
	"testing"
)

func TestPublicAddresses(t *testing.T) {
	for addr, want := range map[string]bool{
		"8.8.8.8": true, "2001:4860:4860::8888": true, "200.160.2.3": true,
		"10.1.2.3": false, "172.16.0.1": false, "192.168.1.1": false, "127.0.0.1": false, "0.0.0.0": false,
		"169.254.169.254": false, "100.100.100.200": false, "192.0.0.192": false, "255.255.255.255": false,
		"::1": false, "::": false, "fe80::1": false, "fd00:ec2::254": false, "::ffff:127.0.0.1": false,
		"::ffff:169.254.169.254": false, "64:ff9b::a9fe:a9fe": false, "64:ff9b::808:808": true, "224.0.0.1": false,
	} {
		if got := public(netip.MustParseAddr(addr)); got != want {
			t.Errorf("public(%s) = %v, want %v", addr, got, want)
		}
	}
	for raw, want := range map[string]string{
		"http://typebot.local/": "typebot.local:80", "https://Bot.Example:8443/x": "Bot.Example:8443",
		"https://bot.example": "bot.example:443", "http://[::1]:3000": "[::1]:3000", "ftp://x": "", "": "",
	} {
		if got := hostPort(raw); got != want {
			t.Errorf("hostPort(%q) = %q, want %q", raw, got, want)
		}
	}
}
