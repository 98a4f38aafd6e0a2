package integration

import (
	"context"
	"net/http"
	"strings"

	"atende/pkg/errs"
	"atende/pkg/mask"
	"atende/pkg/validate"
)

// ErrTestSession: Dialogflow refused or could not be reached during a test session.
var ErrTestSession = errs.New(http.StatusBadGateway, "ERR_TEST_SESSION_DIALOG_FLOW", "Não foi possível testar a sessão do Dialogflow.")

// TestText is what a test session asks the agent.
const TestText = "Oi"

// TestInput is POST /queueIntegration/testSession.
type TestInput struct {
	// ID, with the masked key file an edit form shows, tests the integration's stored key.
	ID          int64  `json:"id"`
	ProjectName string `json:"projectName"`
	JSONContent string `json:"jsonContent"`
	Language    string `json:"language"`
}

// TestSession runs one detectIntent with the form's credentials (nothing is stored) and
// answers the agent's result.
func (s Service) TestSession(ctx context.Context, in TestInput) (DialogflowResult, error) {
	v := errs.Validation{}
	project, lang := strings.TrimSpace(in.ProjectName), strings.TrimSpace(in.Language)
	validate.Length(v, "projectName", project, 1, 100)
	if lang == "" {
		lang = Languages[0]
	}
	validate.OneOf(v, "language", lang, Languages...)
	jsonContent := strings.TrimSpace(in.JSONContent)
	if mask.IsSecret(jsonContent) && in.ID > 0 {
		stored, err := s.Get(ctx, in.ID)
		if err != nil {
			return DialogflowResult{}, err
		}
		jsonContent = stored.JSONContent
	}
	creds, err := ParseCredentials(jsonContent)
	if err != nil {
		v.Add("jsonContent", MsgBadCredentials)
	}
	if err := v.Err(); err != nil {
		return DialogflowResult{}, err
	}
	res, err := s.Dialogflow.DetectIntent(ctx, creds, project, "test-"+newSecret()[:16], lang, TestText)
	if err != nil {
		return DialogflowResult{}, ErrTestSession
	}
	return res, nil
}
