// Package randhex makes random hex strings (keys, secrets, file names, request ids). It
// imports nothing of the project, so any package may use it.
package randhex

import (
	"crypto/rand"
	"encoding/hex"
)

// String is n bytes from crypto/rand as 2n lowercase hex digits. crypto/rand.Read never
// fails (it crashes the program first), so there is no error to return.
func String(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
