package campaign

import (
	"math/rand/v2"
	"strings"
)

// Pick chooses one variant for a shipping, uniformly at random but always the same one for
// the same shipping and salt, so a send retried after a crash carries the same text.
func Pick(variants []string, shippingID int64, salt uint64) string {
	if len(variants) == 0 {
		return ""
	}
	r := rand.New(rand.NewPCG(uint64(shippingID), salt))
	return variants[r.IntN(len(variants))]
}

// Render fills the campaign variables (BEHAVIOUR §7: single braces, no other rendering):
// {nome}, {email}, {numero} from the shipping and the company's custom {key}s, then marks
// the text with Prefix. Unknown {…} stay as they are.
func Render(text string, sh Shipping, custom []Variable) string {
	if strings.Contains(text, "{") {
		pairs := []string{"{nome}", sh.Name, "{email}", sh.Email, "{numero}", sh.Number}
		for _, v := range custom {
			pairs = append(pairs, "{"+v.Key+"}", v.Value)
		}
		text = strings.NewReplacer(pairs...).Replace(text)
	}
	return Prefix + text
}

// IsEcho tells a campaign text (our own send coming back) by its mark.
func IsEcho(body string) bool { return strings.HasPrefix(body, Prefix) }
