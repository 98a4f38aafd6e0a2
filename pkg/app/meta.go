package app

import (
	"atende/pkg/channel/cloudapi"
	"atende/pkg/channel/graph"
	"atende/pkg/channel/meta"
	"atende/pkg/connection"
	"atende/pkg/metalogin"
	"atende/pkg/metawebhook"
)

// Meta is what the Graph API channels share: the client, the webhook store (api) and the
// expander (worker).
type Meta struct {
	Graph    graph.Client
	Webhooks metawebhook.Store
	Expander metawebhook.Expander
	Login    metalogin.Service // POST /facebook
}

// wireMeta registers the Cloud API, Messenger and Instagram channels (they have no live
// session: the Sessionless fallback marks them connected) and their webhook intake.
func (a *App) wireMeta() {
	g := graph.Client{BaseURL: a.Cfg.Meta.GraphURL}
	limit := graph.Limiter{RDB: a.RDB}
	page := meta.Channel{Graph: g, Limit: limit, Media: a.Media}
	a.Channels[connection.ChannelWhatsAppAPI] = cloudapi.Channel{Graph: g, Limit: limit, Media: a.Media}
	a.Channels[connection.ChannelFacebook] = page
	a.Channels[connection.ChannelInstagram] = page
	a.Connections.Graph = g // proves a Graph connection's token owns its id; before Login copies the service
	a.Meta = Meta{Graph: g, Webhooks: metawebhook.Store{DB: a.DB, Queue: a.Queue},
		Expander: metawebhook.Expander{DB: a.DB, Graph: g, Media: a.Media, Inbound: a.InboundStore, Queue: a.Queue,
			AppID: a.Cfg.Meta.AppID, Profile: page.Profile},
		Login: metalogin.Service{Graph: g, AppID: a.Cfg.Meta.AppID, AppSecret: a.Cfg.Meta.AppSecret, DB: a.DB,
			Connections: a.Connections}}
}
