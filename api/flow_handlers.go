package api

import (
	"context"
	"io"
	"mime/multipart"
	"net/http"

	"github.com/gin-gonic/gin"

	"atende/pkg/errs"
	"atende/pkg/flow"
	"atende/pkg/storage"
)

// Flows (spec/3 §7 "Flows"): admins build them; an outside system starts one through its
// webhook hash.

func (a *API) listFlows(c *gin.Context) {
	p, err := a.App.Flows.List(c.Request.Context(), flow.ListFilter{Search: c.Query("searchParam"),
		PageNumber: pageNumber(c), Cursor: c.Query("cursor")})
	reply(c, p, err)
}

func (a *API) createFlow(c *gin.Context) {
	var in flow.CreateInput
	if bind(c, &in) {
		f, err := a.App.Flows.Create(c.Request.Context(), currentUser(c).ID, in)
		created(c, f, err)
	}
}

func (a *API) updateFlow(c *gin.Context) {
	var in flow.UpdateInput
	if bind(c, &in) {
		f, err := a.App.Flows.Update(c.Request.Context(), in)
		reply(c, f, err)
	}
}

func (a *API) deleteFlow(c *gin.Context) {
	deleteOne(c, flow.ErrNotFound, "Fluxo excluído com sucesso", a.App.Flows.Delete)
}

func (a *API) duplicateFlow(c *gin.Context) {
	var in struct {
		FlowID int64 `json:"flowId"`
	}
	if bind(c, &in) {
		f, err := a.App.Flows.Duplicate(c.Request.Context(), currentUser(c).ID, in.FlowID)
		created(c, f, err)
	}
}

// GET /flowbuilder/:id: the flow without its graph.
func (a *API) getFlow(c *gin.Context) {
	getOne(c, flow.ErrNotFound, func(ctx context.Context, id int64) (gin.H, error) {
		f, err := a.App.Flows.Get(ctx, id)
		return gin.H{"flow": f}, err
	})
}

// graphFlow is GET /flowbuilder/flow/:id's and the save's shape.
type graphFlow struct {
	ID     int64      `json:"id"`
	Name   string     `json:"name"`
	Active bool       `json:"active"`
	Flow   flow.Graph `json:"flow"`
}

func withGraph(f flow.Flow, err error) (gin.H, error) {
	if err != nil {
		return nil, err
	}
	g, err := f.Graph()
	return gin.H{"flow": graphFlow{ID: f.ID, Name: f.Name, Active: f.Active, Flow: g}}, err
}

func (a *API) getFlowGraph(c *gin.Context) {
	getOne(c, flow.ErrNotFound, func(ctx context.Context, id int64) (gin.H, error) {
		return withGraph(a.App.Flows.Get(ctx, id))
	})
}

// POST /flowbuilder/flow {idFlow, nodes, connections}: a graph that cannot run is refused
// with ERR_FLOW_INVALID naming the node.
func (a *API) saveFlowGraph(c *gin.Context) {
	var in struct {
		IDFlow      int64       `json:"idFlow"`
		Nodes       []flow.Node `json:"nodes"`
		Connections []flow.Edge `json:"connections"`
	}
	if bind(c, &in) {
		v, err := withGraph(a.App.Flows.SaveGraph(c.Request.Context(), in.IDFlow, flow.Graph{Nodes: in.Nodes, Connections: in.Connections}))
		reply(c, v, err)
	}
}

// POST /flowbuilder/webhook/:hash: public; the hash is the credential.
func (a *API) flowWebhook(c *gin.Context) {
	raw, err := io.ReadAll(c.Request.Body)
	if err != nil {
		fail(c, readError(err))
		return
	}
	if !cleanJSON(raw) {
		fail(c, errs.ErrInvalidInput)
		return
	}
	res, err := a.App.FlowTrigger.Fire(c.Request.Context(), c.Param("hash"), raw)
	reply(c, res, err)
}

// Flow media: uploads kept per company under "flow/", named by the node with the stored
// name, and served through signed URLs.

// POST /flowbuilder/content: the files of a content node (multipart medias) → their names.
func (a *API) uploadFlowContent(c *gin.Context) {
	names, err := a.storeFlowMedia(c, "medias", flow.MaxContentFiles, flow.MediaImage, flow.MediaAudio, flow.MediaVideo)
	reply(c, names, err)
}

// POST /flowbuilder/audio: one audio (multipart audio) → {name}.
func (a *API) uploadFlowAudio(c *gin.Context) {
	names, err := a.storeFlowMedia(c, "audio", 1, flow.MediaAudio)
	replyName(c, names, err)
}

// POST /flowbuilder/img: one image (multipart medias) → {name}.
func (a *API) uploadFlowImage(c *gin.Context) {
	names, err := a.storeFlowMedia(c, "medias", 1, flow.MediaImage)
	replyName(c, names, err)
}

func replyName(c *gin.Context, names []string, err error) {
	if err == nil && len(names) == 0 {
		err = errNoFile("medias")
	}
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"name": names[0]})
}

// storeFlowMedia checks every file of field (count, sniffed kind, the kind's size) before
// storing any, then stores them; on failure none is kept.
func (a *API) storeFlowMedia(c *gin.Context, field string, maxFiles int, kinds ...flow.MediaKind) ([]string, error) {
	form, err := parseMultipart(c)
	if err != nil {
		return nil, err
	}
	fhs := form.File[field]
	switch {
	case len(fhs) == 0:
		return nil, errNoFile(field)
	case len(fhs) > maxFiles:
		return nil, errs.New(http.StatusBadRequest, "ERR_VALIDATION", "Envie no máximo 10 arquivos por vez.")
	}
	picked := make([]flow.MediaKind, len(fhs))
	for i, fh := range fhs {
		if picked[i], err = flowMediaKind(fh, kinds); err != nil {
			return nil, err
		}
	}
	companyID := currentUser(c).CompanyID
	names := make([]string, 0, len(fhs))
	for i, fh := range fhs {
		saved, err := a.saveFlowFile(companyID, fh, picked[i])
		if err != nil {
			for _, n := range names {
				p, _ := flow.MediaPath(companyID, n)
				_ = a.App.Media.Remove(p)
			}
			return nil, err
		}
		names = append(names, flow.MediaName(saved.Path))
	}
	return names, nil
}

// flowMediaKind sniffs one file and checks it against its kind's limit.
func flowMediaKind(fh *multipart.FileHeader, kinds []flow.MediaKind) (flow.MediaKind, error) {
	f, err := fh.Open()
	if err != nil {
		return flow.MediaKind{}, err
	}
	ctype, err := storage.Sniff(f)
	f.Close()
	if err != nil {
		return flow.MediaKind{}, err
	}
	k, ok := flow.KindOf(storage.AudioOnly(ctype, fh.Header.Get("Content-Type")), kinds...)
	if !ok {
		return k, storage.ErrBadType
	}
	if fh.Size > k.MaxBytes {
		return k, k.TooLarge()
	}
	return k, nil
}

func (a *API) saveFlowFile(companyID int64, fh *multipart.FileHeader, k flow.MediaKind) (storage.File, error) {
	f, err := fh.Open()
	if err != nil {
		return storage.File{}, err
	}
	defer f.Close()
	// The kind was sniffed from these bytes already; Save sniffs again without the
	// declared type, so an Ogg voice note reads as its container there.
	allowed := k.Types
	if k.Kind == flow.KindAudio {
		allowed = append(allowed, "application/ogg", "video/ogg")
	}
	return a.App.Media.Save(companyID, flow.MediaFolder, f, k.MaxBytes, allowed...)
}

// GET /flowbuilder/media?name=flow/…: a redirect to the signed URL of the caller's
// company's file; any other name (another company's, a path) is not found.
func (a *API) flowMedia(c *gin.Context) {
	rel, ok := flow.MediaPath(currentUser(c).CompanyID, c.Query("name"))
	if !ok {
		fail(c, errs.ErrNotFound)
		return
	}
	f, err := a.App.Media.OpenLocal(rel)
	if err != nil {
		fail(c, errs.ErrNotFound)
		return
	}
	f.Close()
	c.Redirect(http.StatusFound, a.App.Media.URL(rel))
}
