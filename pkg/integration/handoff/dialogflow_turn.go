package handoff

import (
	"context"
	"strconv"
	"strings"

	"atende/pkg/integration"
	"atende/pkg/ticket"
)

// dialogflowTurn asks the agent about the customer's text (one session per ticket); an
// intent that ends the interaction hands the ticket back. Messages without text (media)
// are not sent.
func (r Runner) dialogflowTurn(ctx context.Context, j job, t ticket.Ticket) (outcome, error) {
	text := strings.TrimSpace(j.msg.Body)
	if text == "" {
		return outcome{}, nil
	}
	creds, err := integration.ParseCredentials(j.it.JSONContent)
	if err != nil {
		return outcome{}, err
	}
	lang := j.it.Language
	if lang == "" {
		lang = integration.Languages[0]
	}
	res, err := r.Dialogflow.DetectIntent(ctx, creds, j.it.ProjectName, "ticket-"+strconv.FormatInt(t.ID, 10), lang, text)
	if err != nil {
		return outcome{}, err
	}
	o := outcome{texts: res.Texts(), start: true}
	if res.Intent != nil && res.Intent.EndInteraction {
		o.stop = true
	}
	return o, nil
}
