package flow

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"

	"atende/pkg/errs"
)

// MediaFolder is the folder of flow media inside a company's storage folder. A node keeps
// the stored name relative to the company ("flow/<random>.<ext>"), never a path of
// another company: the engine and the media endpoint prefix the company themselves.
const MediaFolder = "flow"

// Media limits (spec/3 §5 "Flow files"): png/jpeg images 2 MB, ogg/mp3/opus audio 5 MB,
// mp4 video 20 MB, by the type sniffed from the bytes.
const (
	ImageMaxBytes = 2 << 20
	AudioMaxBytes = 5 << 20
	VideoMaxBytes = 20 << 20
	// MaxContentFiles bounds one POST /flowbuilder/content.
	MaxContentFiles = 10
	// ContentMaxBytes is the body limit of a content upload (its files together).
	ContentMaxBytes = 3*VideoMaxBytes + 4*AudioMaxBytes
)

// MediaKind is a media kind a flow sends, with the sniffed types it takes and its limit.
type MediaKind struct {
	Kind     string // img, audio, video
	Types    []string
	MaxBytes int64
	MaxLabel string
}

// Media kinds.
var (
	MediaImage = MediaKind{KindImage, []string{"image/png", "image/jpeg"}, ImageMaxBytes, "2MB"}
	MediaAudio = MediaKind{KindAudio, []string{"audio/ogg", "audio/mpeg", "audio/opus"}, AudioMaxBytes, "5MB"}
	MediaVideo = MediaKind{KindVideo, []string{"video/mp4"}, VideoMaxBytes, "20MB"}
)

// KindOf is the media kind of a sniffed type, if a flow takes it.
func KindOf(ctype string, kinds ...MediaKind) (MediaKind, bool) {
	for _, k := range kinds {
		for _, t := range k.Types {
			if ctype == t {
				return k, true
			}
		}
	}
	return MediaKind{}, false
}

// TooLarge is the spec's refusal of a file over its kind's limit.
func (k MediaKind) TooLarge() *errs.Error {
	return errs.New(http.StatusRequestEntityTooLarge, "ERR_FILE_TOO_LARGE", "Arquivo é muito grande! "+k.MaxLabel+" máximo")
}

var mediaName = regexp.MustCompile(`^` + MediaFolder + `/[0-9a-f]{32}\.[a-z0-9]{1,8}$`)

// ValidMediaName reports whether name is a stored flow media name.
func ValidMediaName(name string) bool { return mediaName.MatchString(name) }

// MediaPath is the storage path of companyID's flow media name (for the engine sending
// it and the media endpoint serving it); false for anything but a flow media name.
func MediaPath(companyID int64, name string) (string, bool) {
	if !ValidMediaName(name) {
		return "", false
	}
	return fmt.Sprintf("company%d/%s", companyID, name), true
}

// MediaName is the name a node keeps for a stored path (the path without its company).
func MediaName(rel string) string {
	_, name, _ := strings.Cut(rel, "/")
	return name
}
