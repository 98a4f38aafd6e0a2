package app

import (
	"atende/pkg/integration"
	"atende/pkg/integration/handoff"
)

// wireIntegrations builds the queue integrations' admin and the runner the worker uses;
// Typebot, n8n and webhook URLs come from each record, Dialogflow's from the config.
func (a *App) wireIntegrations() {
	df := integration.NewDialogflow(integration.DefaultHTTP, a.Cfg.DialogflowURL, a.Cfg.GoogleTokenURL)
	a.Integrations = integration.Service{DB: a.DB, Events: a.Events, Dialogflow: df}
	a.IntegrationRunner = handoff.Runner{DB: a.DB, Events: a.Events, Messages: a.Messages, Settings: a.Settings,
		Typebot: integration.Typebot{HTTP: integration.DefaultHTTP}, Dialogflow: df,
		Webhook: integration.Webhook{HTTP: integration.DefaultHTTP}, Queue: a.Queue, Media: a.Media}
}
