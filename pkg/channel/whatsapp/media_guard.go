package whatsapp

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"

	"go.mau.fi/whatsmeow"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// A customer's client writes the media fields of its own message: one that names any URL
// would have whatsmeow fetch it for us (our network, a cloud's metadata service) and hand
// the answer back as the attachment, and one that declares a huge file would be read into
// memory whole. So an attachment is downloaded only as WhatsApp's servers describe one:
// encrypted (a media key, the encrypted file's SHA-256) and found by its direct path on
// the media hosts WhatsApp's own server gives the session, never by the message's URL;
// and no larger than MaxMediaBytes, declared or read.

var (
	errNotWhatsAppMedia = errors.New("whatsapp: attachment is not WhatsApp's encrypted media")
	errMediaTooLarge    = errors.New("whatsapp: attachment larger than the limit")
)

// download fetches d through cli as the rules above allow.
func download(ctx context.Context, cli Client, d whatsmeow.DownloadableMessage) ([]byte, error) {
	if len(d.GetMediaKey()) == 0 || len(d.GetFileEncSHA256()) != 32 || !strings.HasPrefix(d.GetDirectPath(), "/") {
		return nil, errNotWhatsAppMedia
	}
	if sized, ok := d.(interface{ GetFileLength() uint64 }); ok && sized.GetFileLength() > MaxMediaBytes {
		return nil, errMediaTooLarge
	}
	m, ok := d.(proto.Message)
	if !ok {
		return nil, errNotWhatsAppMedia
	}
	return cli.Download(ctx, withoutURL(m).(whatsmeow.DownloadableMessage))
}

// withoutURL is a copy of m without its URL field: whatsmeow then builds the address from
// the direct path and WhatsApp's media hosts.
func withoutURL(m proto.Message) proto.Message {
	c := proto.Clone(m)
	r := c.ProtoReflect()
	if f := r.Descriptor().Fields().ByName(protoreflect.Name("URL")); f != nil {
		r.Clear(f)
	}
	return c
}

// cappedMediaHTTP is the sessions' media HTTP client: a response body past the attachment
// limit (and a little room for the encryption's padding and MAC) ends in an error instead
// of filling the worker's memory.
func cappedMediaHTTP() *http.Client {
	base := http.DefaultTransport.(*http.Transport).Clone()
	return &http.Client{Transport: cappedTransport{base: base, max: MaxMediaBytes + 1<<10}}
}

type cappedTransport struct {
	base http.RoundTripper
	max  int64
}

func (t cappedTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(r)
	if err != nil {
		return nil, err
	}
	if resp.ContentLength > t.max {
		_ = resp.Body.Close()
		return nil, errMediaTooLarge
	}
	resp.Body = struct {
		io.Reader
		io.Closer
	}{http.MaxBytesReader(nil, resp.Body, t.max), resp.Body}
	return resp, nil
}
