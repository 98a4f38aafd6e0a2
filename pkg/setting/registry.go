// Package setting holds company settings: one key/value row per company and key, read by
// the spec's "settings" and "company settings" calls alike. Every key is declared here with
// its kind, allowed values and default, so nothing unknown is ever stored.
package setting

// Kind tells how a value is validated.
type Kind int

const (
	Toggle Kind = iota // "enabled" | "disabled"
	Choice             // one of Values
	Text               // free text
	Number             // non-negative integer
	Color              // "#rrggbb" (the whitelabel's primary colours)
	Logo               // a whitelabel file's stored name, or "" (uploaded through POST /settings-whitelabel/logo)
)

// Def declares one setting key.
type Def struct {
	Key     string
	Kind    Kind
	Default string
	Values  []string
	// Platform keys live on company 1 and only super users change them.
	Platform bool
	// Public keys can be read without signing in (GET /public-settings/{key}).
	Public bool
	// RequiredBy names a toggle that, when set to RequiredWhen, needs this text to be non-empty.
	RequiredBy string
	// RequiredWhen is the RequiredBy value that needs the text ("enabled" when empty).
	RequiredWhen string
	// Label is the Portuguese field name used in validation messages.
	Label string
}

// Defs is the catalogue of keys, in the order the settings page shows them.
var Defs = []Def{
	{Key: "userRating", Kind: Toggle, Default: "disabled"},
	{Key: "scheduleType", Kind: Choice, Default: "disabled", Values: []string{"disabled", "queue", "company", "connection"}},
	{Key: "acceptCallWhatsapp", Kind: Toggle, Default: "enabled"},
	{Key: "AcceptCallWhatsappMessage", Kind: Text, RequiredBy: "acceptCallWhatsapp", RequiredWhen: "disabled",
		Label: "Mensagem de rejeição de chamada"},
	{Key: "chatBotType", Kind: Choice, Default: "text", Values: []string{"text", "button", "list"}},
	{Key: "userRandom", Kind: Toggle, Default: "disabled"},
	{Key: "sendGreetingMessageOneQueues", Kind: Toggle, Default: "enabled"},
	{Key: "sendSignMessage", Kind: Toggle, Default: "enabled"},
	{Key: "sendFarewellWaitingTicket", Kind: Toggle, Default: "disabled"},
	{Key: "sendGreetingAccepted", Kind: Toggle, Default: "disabled"},
	{Key: "greetingAcceptedMessage", Kind: Text, RequiredBy: "sendGreetingAccepted", Label: "Mensagem de saudação ao aceitar"},
	{Key: "sendMsgTransfTicket", Kind: Toggle, Default: "disabled"},
	{Key: "transferMessage", Kind: Text, RequiredBy: "sendMsgTransfTicket", Label: "Mensagem de transferência"},
	{Key: "sendQueuePosition", Kind: Toggle, Default: "disabled"},
	{Key: "sendQueuePositionMessage", Kind: Text, RequiredBy: "sendQueuePosition", Label: "Mensagem de posição na fila"},
	{Key: "acceptAudioMessageContact", Kind: Toggle, Default: "enabled"},
	// CheckMsgIsGroup on: group messages are dropped on every connection (off: the
	// connection's allowGroup decides).
	{Key: "CheckMsgIsGroup", Kind: Toggle, Default: "disabled"},
	{Key: "closeTicketOnTransfer", Kind: Toggle, Default: "disabled"},
	{Key: "hoursCloseTicketsAuto", Kind: Number, Default: "0"},
	{Key: "requiredTag", Kind: Toggle, Default: "disabled"},
	{Key: "showNotificationPending", Kind: Toggle, Default: "disabled"},
	{Key: "campaignsEnabled", Kind: Toggle, Default: "disabled"},
	{Key: "enableLGPD", Kind: Toggle, Default: "disabled"},
	{Key: "lgpdMessage", Kind: Text},
	{Key: "lgpdLink", Kind: Text},
	{Key: "lgpdConsent", Kind: Toggle, Default: "disabled"},
	{Key: "lgpdDeleteMessage", Kind: Toggle, Default: "disabled"},
	{Key: "lgpdHideNumber", Kind: Toggle, Default: "disabled"},
	// Platform keys (company 1).
	{Key: "userCreation", Kind: Toggle, Default: "enabled", Platform: true},
	{Key: "allowSignup", Kind: Toggle, Default: "disabled", Platform: true, Public: true},
	{Key: "appName", Kind: Text, Default: "Atende", Platform: true, Public: true},
	{Key: "primaryColorLight", Kind: Color, Default: "#2563eb", Platform: true, Public: true},
	{Key: "primaryColorDark", Kind: Color, Default: "#60a5fa", Platform: true, Public: true},
	{Key: "appLogoLight", Kind: Logo, Platform: true, Public: true},
	{Key: "appLogoDark", Kind: Logo, Platform: true, Public: true},
	{Key: "appLogoFavicon", Kind: Logo, Platform: true, Public: true},
}

var byKey = func() map[string]Def {
	m := make(map[string]Def, len(Defs))
	for _, d := range Defs {
		m[d.Key] = d
	}
	return m
}()

// trigger is the value of RequiredBy that makes this text required.
func (d Def) trigger() string {
	if d.RequiredWhen != "" {
		return d.RequiredWhen
	}
	return "enabled"
}

// Lookup returns the declaration of key.
func Lookup(key string) (Def, bool) {
	d, ok := byKey[key]
	return d, ok
}
