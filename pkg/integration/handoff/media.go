package handoff

import (
	"context"
	"log/slog"
	"net/http"
	"net/url"
	"path"
	"strings"

	"atende/pkg/integration"
	"atende/pkg/message"
	"atende/pkg/storage"
)

// MediaFolder is where the files bots send are stored, per company.
const MediaFolder = "integrations"

// bubbleTypes are the types (sniffed from the bytes) a Typebot media bubble may be: an
// audio's Ogg, WebM or MP4 container sniffs as such.
var bubbleTypes = map[string][]string{
	"image": {"image/"},
	"video": {"video/"},
	"audio": {"audio/", "application/ogg", "video/webm", "video/mp4", "video/ogg"},
}

// documentTypes: an embed or file bubble may be any file a customer can open; a page
// (HTML) is refused by the store and goes out as its link.
var documentTypes = []string{"image/", "video/", "audio/", "application/", "text/plain", "text/csv"}

// mediaBubble downloads a media bubble (bounded) and stores it for the company, to be sent
// as a file: an image, a video, an audio as a voice note, anything else as a document. A
// file that can't be fetched, lives inside our network (the integrations' guarded client:
// public addresses and INTEGRATION_PRIVATE_NETS only, checked as dialed, so a name that
// re-resolves inside is refused too) or isn't what the bubble says goes out as its link.
func (r Runner) mediaBubble(ctx context.Context, companyID int64, integrationURL string, b integration.Bubble) reply {
	allowed, ok := bubbleTypes[b.Kind]
	if !ok {
		allowed = documentTypes
	}
	body, err := integration.Download(ctx, r.mediaHTTP(), b.MediaURL, integration.MaxDownload)
	if err != nil {
		slog.WarnContext(ctx, "integration: typebot media not fetched", "url", b.MediaURL, "err", err)
		return reply{text: b.MediaURL}
	}
	defer body.Close()
	f, err := r.Media.Save(companyID, MediaFolder, body, integration.MaxDownload, allowed...)
	if err != nil {
		slog.WarnContext(ctx, "integration: typebot media refused", "url", b.MediaURL, "err", err)
		return reply{text: b.MediaURL}
	}
	return reply{mediaPath: f.Path, mediaName: mediaName(b.MediaURL, f.Path), mediaType: mediaType(b.Kind, f.MIME)}
}

// mediaHTTP is the client media bubbles are fetched with.
func (r Runner) mediaHTTP() *http.Client {
	if r.MediaHTTP != nil {
		return r.MediaHTTP
	}
	return publicOnly
}

var publicOnly = integration.Outbound(nil)

// mediaType is the message type a bubble's file is sent as.
func mediaType(kind, mime string) string {
	switch {
	case kind == "audio":
		return message.TypeAudio
	case strings.HasPrefix(mime, "image/"):
		return message.TypeImage
	case strings.HasPrefix(mime, "video/"):
		return message.TypeVideo
	}
	return message.TypeDocument
}

// mediaName is the file's name as the customer sees it: the URL's last element when it
// has an extension, else the stored name.
func mediaName(raw, stored string) string {
	if u, err := url.Parse(raw); err == nil {
		if name := storage.CleanName(path.Base(u.Path)); path.Ext(name) != "" {
			return name
		}
	}
	return path.Base(stored)
}
