package flowrun

import (
	"encoding/json"
	"sync"

	"gorm.io/gorm"

	"atende/pkg/flow"
)

// Decoding a flow's graph on every step was a sixth of the flow path's CPU (docs/bench.md,
// "Flows"). A step now reads the row's version (xmin, new with every change of the row,
// whoever makes it) with its active flag, and the graph's JSON only when this process holds
// no graph of that version. Cached graphs are never written to: steps only read them.

// cachedGraph is a flow's graph as decoded from one version of its row.
type cachedGraph struct {
	companyID int64
	version   string
	graph     flow.Graph
	ok        bool // the JSON decoded
}

// graphCache holds the flows' graphs by flow id.
type graphCache struct {
	mu    sync.Mutex
	flows map[int64]cachedGraph
}

var graphs = graphCache{flows: map[int64]cachedGraph{}}

// maxCachedGraphs bounds the cache; past it, it starts again (deleted flows' entries go).
const maxCachedGraphs = 4096

func (c *graphCache) get(flowID, companyID int64) (cachedGraph, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	g, ok := c.flows[flowID]
	return g, ok && g.companyID == companyID
}

func (c *graphCache) put(flowID int64, g cachedGraph) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.flows) >= maxCachedGraphs {
		clear(c.flows)
	}
	c.flows[flowID] = g
}

// loadGraph reads a flow of the company; an inactive one runs only when anyway is set.
func loadGraph(tx *gorm.DB, companyID, flowID int64, anyway bool) (flow.Graph, bool, error) {
	cached, hit := graphs.get(flowID, companyID)
	known := ""
	if hit {
		known = cached.version
	}
	var row struct {
		Version     string
		Nodes       json.RawMessage
		Connections json.RawMessage
		Active      bool
	}
	// The JSON comes back only when the version is not the one held (NULL otherwise).
	res := tx.Raw(`SELECT xmin::text AS version, active,
		  CASE WHEN xmin::text = @known THEN NULL ELSE nodes END AS nodes,
		  CASE WHEN xmin::text = @known THEN NULL ELSE connections END AS connections
		FROM flows WHERE id = @id AND company_id = @company`,
		map[string]any{"known": known, "id": flowID, "company": companyID}).Scan(&row)
	if res.Error != nil || res.RowsAffected == 0 || (!row.Active && !anyway) {
		return flow.Graph{}, false, res.Error
	}
	if hit && row.Version == known {
		return cached.graph, cached.ok, nil
	}
	var g flow.Graph
	ok := json.Unmarshal(row.Nodes, &g.Nodes) == nil && json.Unmarshal(row.Connections, &g.Connections) == nil
	graphs.put(flowID, cachedGraph{companyID: companyID, version: row.Version, graph: g, ok: ok})
	return g, ok, nil
}
