// Package metalogin links a company's Facebook pages (and their Instagram business
// accounts) as connections from a Facebook login (POST /facebook): the user token is
// exchanged for a long-lived one, each page becomes a "facebook" connection holding the
// page token, each linked Instagram account an "instagram" one, and the app is subscribed
// to the page's webhooks.
package metalogin

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"gorm.io/gorm"

	"atende/pkg/channel/graph"
	"atende/pkg/connection"
	"atende/pkg/errs"
	"atende/pkg/tenant"
)

// Errors of the Facebook login.
var (
	ErrToken   = errs.New(http.StatusBadRequest, "ERR_FACEBOOK_TOKEN", "Não foi possível validar o login do Facebook.")
	ErrNoPages = errs.New(http.StatusBadRequest, "ERR_FACEBOOK_NO_PAGES", "Nenhuma página do Facebook encontrada para este usuário.")
)

// Input is the request of POST /facebook.
type Input struct {
	FacebookUserID    string `json:"facebookUserId"`
	FacebookUserToken string `json:"facebookUserToken"`
	AddInstagram      bool   `json:"addInstagram"`
}

// Service links pages through the Graph API and the connections service.
type Service struct {
	Graph       graph.Client
	AppID       string
	AppSecret   string
	DB          *gorm.DB
	Connections connection.Service
}

type page struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	AccessToken string `json:"access_token"`
	Instagram   *struct {
		ID       string `json:"id"`
		Username string `json:"username"`
		Name     string `json:"name"`
	} `json:"instagram_business_account"`
}

// SubscribedFields are the page webhook fields the app subscribes to.
const SubscribedFields = "messages,message_deliveries,message_reads,message_echoes,message_reactions"

// Link creates or refreshes the context company's connections for the user's pages.
func (s Service) Link(ctx context.Context, in Input) ([]connection.Connection, error) {
	if strings.TrimSpace(in.FacebookUserToken) == "" {
		return nil, errs.Validation{"facebookUserToken": "Obrigatório"}.Err()
	}
	token, err := s.longLived(ctx, in.FacebookUserToken)
	if err != nil {
		return nil, err
	}
	var pages struct {
		Data []page `json:"data"`
	}
	user := "me"
	if in.FacebookUserID != "" {
		user = url.PathEscape(in.FacebookUserID)
	}
	err = s.Graph.Get(ctx, token, "/"+user+"/accounts",
		url.Values{"fields": {"id,name,access_token,instagram_business_account{id,username,name}"}}, &pages)
	if err != nil {
		return nil, fmt.Errorf("%w (%v)", ErrToken, err)
	}
	if len(pages.Data) == 0 {
		return nil, ErrNoPages
	}
	var out []connection.Connection
	for _, p := range pages.Data {
		c, err := s.upsert(ctx, connection.ChannelFacebook, p.ID, p.Name, p.AccessToken)
		if err != nil {
			return out, err
		}
		out = append(out, c)
		if err := s.Graph.Post(ctx, p.AccessToken, "/"+url.PathEscape(p.ID)+"/subscribed_apps?subscribed_fields="+SubscribedFields,
			map[string]any{}, nil); err != nil {
			return out, fmt.Errorf("subscribing page %s: %w", p.ID, err)
		}
		if in.AddInstagram && p.Instagram != nil && p.Instagram.ID != "" {
			c, err := s.upsert(ctx, connection.ChannelInstagram, p.Instagram.ID, firstOf(p.Instagram.Username, p.Instagram.Name, p.Name), p.AccessToken)
			if err != nil {
				return out, err
			}
			out = append(out, c)
		}
	}
	return out, nil
}

// longLived exchanges a short-lived user token for a long-lived one.
func (s Service) longLived(ctx context.Context, short string) (string, error) {
	var res struct {
		AccessToken string `json:"access_token"`
	}
	err := s.Graph.Get(ctx, "", "/oauth/access_token", url.Values{"grant_type": {"fb_exchange_token"},
		"client_id": {s.AppID}, "client_secret": {s.AppSecret}, "fb_exchange_token": {short}}, &res)
	if err != nil || res.AccessToken == "" {
		return "", fmt.Errorf("%w (%v)", ErrToken, err)
	}
	return res.AccessToken, nil
}

// upsert refreshes the company's connection for an id or creates it (within the plan's
// limit and channels). An id another company holds is refused, never taken over.
func (s Service) upsert(ctx context.Context, ch, id, name, token string) (connection.Connection, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return connection.Connection{}, err
	}
	var existing connection.Connection
	err = s.DB.WithContext(ctx).Where("channel = ? AND external_id = ?", ch, id).Take(&existing).Error
	switch {
	case err == nil && existing.CompanyID != companyID:
		return connection.Connection{}, connection.ErrExternalIDTaken
	case err == nil:
		c, err := s.Connections.Update(ctx, existing.ID, connection.Input{AccessToken: &token})
		if err == nil && c.Status != connection.StatusConnected {
			err = s.Connections.Sessions.Start(ctx, c)
		}
		return c, err
	case !errors.Is(err, gorm.ErrRecordNotFound):
		return connection.Connection{}, err
	}
	name = connectionName(name, ch)
	return s.Connections.Create(ctx, connection.Input{Name: &name, Channel: &ch, ExternalID: &id, AccessToken: &token})
}

// connectionName fits a page or account name to the connection name's 2–50 characters.
func connectionName(name, ch string) string {
	name = strings.TrimSpace(name)
	if r := []rune(name); len(r) > 50 {
		name = string(r[:50])
	}
	if len([]rune(name)) < 2 {
		name = ch + " " + name
	}
	return strings.TrimSpace(name)
}

func firstOf(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}
