package metawebhook

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/message"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
)

// Labels the attendant reads in a message's body where the channel gave no content of its own.
const (
	MediaUnavailable = "Mídia indisponível"
	Unsupported      = "Mensagem não suportada: abra o Instagram para vê-la."
	StoryMention     = "Mencionou você em um story"
	LinkShared       = "Link compartilhado"
)

// unavailable is the message of an attachment whose download failed: stored at once with
// the mark (and the caption), so that the rest of the delivery proceeds, while a task
// fetches the media again in the background (RetryMedia) and fills the message in.
func (x Expander) unavailable(ctx context.Context, conn connection.Connection, ev channel.Event, job tasks.MetaMedia, cause error) channel.Event {
	slog.Warn("meta webhook: media not downloaded, retried in the background", "connection", conn.ID,
		"id", ev.ProviderID, "err", cause)
	job.CompanyID, job.ConnectionID, job.ProviderID, job.Caption = conn.CompanyID, conn.ID, ev.ProviderID, ev.Body
	t, err := tasks.NewMetaMedia(job)
	if err == nil && x.Queue != nil {
		err = tasks.Enqueue(ctx, x.Queue, t)
	}
	if err != nil {
		slog.Error("meta webhook: media retry not queued", "connection", conn.ID, "id", ev.ProviderID, "err", err)
	}
	ev.MediaType, ev.MediaPath, ev.MediaName = "", "", ""
	ev.Body = lines(MediaUnavailable, ev.Body)
	return ev
}

// RetryMedia downloads a failed attachment again and records it on its message (an
// inbound media event). An error makes the task retry; after the last the mark stays.
func (x Expander) RetryMedia(ctx context.Context, p tasks.MetaMedia) error {
	ctx = tenant.With(ctx, p.CompanyID)
	var conn connection.Connection
	err := x.DB.WithContext(ctx).Where("id = ? AND company_id = ?", p.ConnectionID, p.CompanyID).Take(&conn).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil // the connection is gone
	}
	if err != nil {
		return err
	}
	var rel, ctype string
	if p.MediaID != "" {
		rel, ctype, err = x.waDownload(ctx, conn, p.MediaID)
	} else {
		rel, ctype, err = x.Graph.Fetch(ctx, x.Media, conn.CompanyID, "", p.URL)
	}
	if err != nil {
		return fmt.Errorf("media of %s: %w", p.ProviderID, err)
	}
	ev := channel.Event{Kind: channel.EventMedia, ProviderID: p.ProviderID + ":media", TargetID: p.ProviderID,
		Body: p.Caption, MediaPath: rel, MediaName: firstNonEmpty(p.FileName, rel[strings.LastIndex(rel, "/")+1:]),
		MediaType: kindType(p.Kind, firstNonEmpty(p.MimeType, ctype)), Timestamp: time.Now()}
	_, _, err = x.Inbound.Record(ctx, conn, ev)
	return err
}

// waDownload fetches a Cloud API media id: GET /{media-id} names a short-lived URL, fetched
// with the connection's token into our storage.
func (x Expander) waDownload(ctx context.Context, conn connection.Connection, id string) (string, string, error) {
	var info struct {
		URL      string `json:"url"`
		MimeType string `json:"mime_type"`
	}
	if err := x.Graph.Get(ctx, conn.AccessToken, "/"+url.PathEscape(id), nil, &info); err != nil {
		return "", "", err
	}
	rel, ctype, err := x.Graph.Fetch(ctx, x.Media, conn.CompanyID, conn.AccessToken, info.URL)
	return rel, firstNonEmpty(info.MimeType, ctype), err
}

// kindType names our message type for an attachment kind and its content type.
func kindType(kind, ctype string) string {
	switch kind {
	case "image", "video", "audio":
		return kind
	}
	return message.TypeFor(ctype)
}

// lines joins the non-empty texts, one a line.
func lines(s ...string) string {
	var out []string
	for _, v := range s {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return strings.Join(out, "\n")
}
