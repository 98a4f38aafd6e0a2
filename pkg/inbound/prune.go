package inbound

import "time"

// Retention is how long a handled event (and a Graph API delivery) is kept: its dedupe key
// answers a channel that delivers it again (Meta retries a webhook for up to a week). After
// that a late duplicate of a message still meets the message's own provider key
// (message.InsertOnce).
const Retention = 7 * 24 * time.Hour

// PrunedTables hold received data by arrival, pruned after Retention (db.PruneHandled).
var PrunedTables = []string{"inbound_events", "meta_webhooks"}
