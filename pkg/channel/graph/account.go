package graph

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	"atende/pkg/connection"
)

// Ownership and page subscription calls of the connections service (connection.GraphAccounts):
// webhooks are routed by a connection's id alone, so the id must be one its token controls.

// Owns reports whether token controls id as a connection of channel ch, asking Graph what
// the token reaches: a page token is its page (GET /me), and reaches the Instagram business
// account linked to that page; a Cloud API token reads the phone-number node only with
// access to the WhatsApp business account holding it (GET /{phone-number-id}). false: Graph
// refused the token or named another id; an error: Graph could not answer (network, server
// error, rate limit), so nothing is known either way.
func (c Client) Owns(ctx context.Context, ch, id, token string) (bool, error) {
	if id == "" || token == "" {
		return false, nil
	}
	var got string
	var err error
	switch ch {
	case connection.ChannelFacebook:
		got, _, err = c.PageOf(ctx, token)
	case connection.ChannelInstagram:
		_, got, err = c.PageOf(ctx, token)
	case connection.ChannelWhatsAppAPI:
		var res struct {
			ID string `json:"id"`
		}
		err = c.Get(ctx, token, "/"+url.PathEscape(id), url.Values{"fields": {"id,display_phone_number"}}, &res)
		got = res.ID
	default:
		return false, fmt.Errorf("graph: no ownership check for channel %q", ch)
	}
	if refused(err) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return got == id, nil
}

// PageOf names the page a page token belongs to and the Instagram business account linked
// to it ("" when none). Any other token (a user's, another app's) names no page.
func (c Client) PageOf(ctx context.Context, token string) (page, instagram string, err error) {
	var res struct {
		ID        string `json:"id"`
		Instagram *struct {
			ID string `json:"id"`
		} `json:"instagram_business_account"`
	}
	if err := c.Get(ctx, token, "/me", url.Values{"fields": {"id,instagram_business_account{id}"}}, &res); err != nil {
		return "", "", err
	}
	if res.Instagram != nil {
		instagram = res.Instagram.ID
	}
	return res.ID, instagram, nil
}

// Unsubscribe removes the app from the page's webhooks (DELETE /{page-id}/subscribed_apps
// with the page token), undoing the subscription of the Facebook login.
func (c Client) Unsubscribe(ctx context.Context, token, page string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, c.URL("/"+url.PathEscape(page)+"/subscribed_apps"), nil)
	if err != nil {
		return err
	}
	return c.do(req, token, nil)
}

// refused reports Graph refusing the request itself (an invalid or expired token, missing
// permissions, an object the token can't see): a 4xx answer other than throttling.
func refused(err error) bool {
	e, ok := AsError(err)
	return ok && !e.RateLimited() && e.Status >= 400 && e.Status < 500
}
