package hours

import (
	"sync"
	"time"
)

// zones holds the locations read so far, by name. time.LoadLocation reads and parses the
// zone's file on every call; a company's timezone is wanted on every bot turn and flow
// step, and a handful of names serve every company.
var zones sync.Map // name → *time.Location

// Zone is time.LoadLocation, read once per name: the same location or the same error.
func Zone(name string) (*time.Location, error) {
	if loc, ok := zones.Load(name); ok {
		return loc.(*time.Location), nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, err
	}
	zones.Store(name, loc)
	return loc, nil
}

// ZoneOr is the location name names, or UTC when it names none.
func ZoneOr(name string) *time.Location {
	if loc, err := Zone(name); err == nil {
		return loc
	}
	return time.UTC
}
