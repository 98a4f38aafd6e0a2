package importjob

import (
	"os"

	"atende/pkg/channel"
	"atende/pkg/connection"
)

// Files opens and removes an import's stored upload (storage.Store).
type Files interface {
	OpenLocal(rel string) (*os.File, error)
	Remove(rel string) error
}

// Channels finds the channel of a connection (channel.Registry): a phone import reads the
// contacts through it, a list import checks its numbers through it.
type Channels interface {
	For(conn connection.Connection) (channel.Channel, error)
}
