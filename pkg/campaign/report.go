package campaign

import (
	"context"
	"strings"
	"time"

	"atende/pkg/page"
	"atende/pkg/tenant"
)

// Counts are a campaign's live numbers (the report's cards).
type Counts struct {
	Total     int64 `json:"total"`
	ToSend    int64 `json:"toSend"`    // neither sent nor failed yet
	Asked     int64 `json:"asked"`     // confirmation requested
	Confirmed int64 `json:"confirmed"` // replied after the request
	Sent      int64 `json:"sent"`      // the message handed to the channel
	Delivered int64 `json:"delivered"` // receipts: reached the phone
	Read      int64 `json:"read"`
	Failed    int64 `json:"failed"`
}

// Point is one minute of the report's chart.
type Point struct {
	At        time.Time `json:"at"`
	Sent      int64     `json:"sent"`
	Delivered int64     `json:"delivered"`
	Read      int64     `json:"read"`
	Failed    int64     `json:"failed"`
}

// Report is GET /campaigns/{id}/report.
type Report struct {
	Campaign Campaign `json:"campaign"`
	Counts   Counts   `json:"counts"`
	Series   []Point  `json:"series"`
}

// MaxPoints bounds the chart (the latest minutes with activity).
const MaxPoints = 180

// Report reads a campaign's counts and per-minute series.
func (s Service) Report(ctx context.Context, id int64) (Report, error) {
	c, err := s.Get(ctx, id)
	if err != nil {
		return Report{}, err
	}
	r := Report{Campaign: c, Series: []Point{}}
	db := s.DB.WithContext(ctx)
	if err := db.Raw(`SELECT count(*) AS total,
		  count(*) FILTER (WHERE delivered_at IS NULL AND failed_at IS NULL) AS to_send,
		  count(confirmation_requested_at) AS asked, count(confirmed_at) AS confirmed,
		  count(*) FILTER (WHERE delivered_at IS NOT NULL AND failed_at IS NULL) AS sent,
		  count(*) FILTER (WHERE ack >= 2 AND failed_at IS NULL) AS delivered,
		  count(*) FILTER (WHERE ack >= 3 AND failed_at IS NULL) AS read,
		  count(failed_at) AS failed
		FROM campaign_shippings WHERE campaign_id = ? AND company_id = ?`, c.ID, c.CompanyID).Scan(&r.Counts).Error; err != nil {
		return r, err
	}
	err = db.Raw(`SELECT * FROM (SELECT date_trunc('minute', coalesce(delivered_at, failed_at)) AS at,
		  count(*) FILTER (WHERE failed_at IS NULL) AS sent,
		  count(*) FILTER (WHERE ack >= 2 AND failed_at IS NULL) AS delivered,
		  count(*) FILTER (WHERE ack >= 3 AND failed_at IS NULL) AS read,
		  count(failed_at) AS failed
		FROM campaign_shippings WHERE campaign_id = ? AND company_id = ? AND (delivered_at IS NOT NULL OR failed_at IS NOT NULL)
		GROUP BY 1 ORDER BY 1 DESC LIMIT ?) p ORDER BY at`, c.ID, c.CompanyID, MaxPoints).Scan(&r.Series).Error
	return r, err
}

// ShippingPage is a page of the report's per-contact table.
type ShippingPage struct {
	Records []Shipping `json:"records"`
	HasMore bool       `json:"hasMore"`
}

// Shipping states the table filters on.
var shippingFilters = map[string]string{
	"toSend":    "delivered_at IS NULL AND failed_at IS NULL",
	"asked":     "confirmation_requested_at IS NOT NULL AND confirmed_at IS NULL",
	"confirmed": "confirmed_at IS NOT NULL",
	"sent":      "delivered_at IS NOT NULL AND failed_at IS NULL",
	"delivered": "ack >= 2 AND failed_at IS NULL",
	"read":      "ack >= 3 AND failed_at IS NULL",
	"failed":    "failed_at IS NOT NULL",
}

// Shippings is GET /campaigns/{id}/shippings: the campaign's numbers by id, searched by
// name or number, optionally in one state.
func (s Service) Shippings(ctx context.Context, id int64, search, state string, pageNumber int) (ShippingPage, error) {
	if _, err := tenant.Get[Campaign](ctx, s.DB, id, ErrNotFound); err != nil {
		return ShippingPage{}, err
	}
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return ShippingPage{}, err
	}
	q = q.Where("campaign_id = ?", id)
	if search = strings.ToLower(strings.TrimSpace(search)); search != "" {
		like := page.Like(search)
		q = q.Where("(lower(name) LIKE ? OR number LIKE ?)", like, like)
	}
	if f, ok := shippingFilters[state]; ok {
		q = q.Where(f)
	}
	var p ShippingPage
	p.HasMore, err = page.Find(q.Order("id"), pageNumber, 50, &p.Records)
	return p, err
}
