package app

import (
	"atende/pkg/integration"
	"atende/pkg/integration/handoff"
)

// wireIntegrations builds the queue integrations' admin and the runner the worker uses;
// Typebot, n8n and webhook URLs come from each record, Dialogflow's from the config.
// Companies' own URLs (Typebot, n8n, webhook) go through the guarded client: public
// addresses and the operator's INTEGRATION_PRIVATE_NETS only.
func (a *App) wireIntegrations() {
	df := integration.NewDialogflow(integration.DefaultHTTP, a.Cfg.DialogflowURL, a.Cfg.GoogleTokenURL)
	allow, _ := integration.ParseNets(a.Cfg.IntegrationPrivateNets) // checked by config.Load
	outbound := integration.Outbound(allow)
	a.Integrations = integration.Service{DB: a.DB, Events: a.Events, Dialogflow: df}
	a.IntegrationRunner = handoff.Runner{DB: a.DB, Events: a.Events, Messages: a.Messages, Settings: a.Settings,
		Typebot: integration.Typebot{HTTP: outbound}, Dialogflow: df,
		Webhook: integration.Webhook{HTTP: outbound}, Queue: a.Queue, Media: a.Media, MediaHTTP: outbound}
}
