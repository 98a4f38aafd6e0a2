package main

import (
	"encoding/json"
	"fmt"
	"time"

	"atende/pkg/app"
	"atende/pkg/company"
	"atende/pkg/connection"
	"atende/pkg/plan"
)

// prepare makes n companies, each with a sandbox connection whose flowbuilder integration
// starts the bench flow for every customer (welcome and "no phrase" flows).
func prepare(a *app.App, n int) ([]connection.Connection, error) {
	nodes, edges := benchFlow()
	nb, _ := json.Marshal(nodes)
	eb, _ := json.Marshal(edges)
	tag := time.Now().Format("150405")
	var out []connection.Connection
	for i := range n {
		p := plan.Plan{Offer: plan.Offer{Name: fmt.Sprintf("bench-flows-%s-%d", tag, i), Users: 10, Connections: 10, Queues: 10, UseWhatsapp: true,
			UseIntegrations: true, UseOpenAI: true}}
		if err := a.DB.Create(&p).Error; err != nil {
			return nil, err
		}
		due := company.NewDate(time.Now().AddDate(0, 1, 0).Date())
		c := company.Company{Name: p.Name, PlanID: p.ID, Status: true, DueDate: &due, Recurrence: "MENSAL", Timezone: "America/Sao_Paulo"}
		if err := a.DB.Create(&c).Error; err != nil {
			return nil, err
		}
		var queueID, flowID, integ int64
		if err := a.DB.Raw(`INSERT INTO queues (company_id, name, color) VALUES (?, 'Atendimento', '#336699') RETURNING id`,
			c.ID).Scan(&queueID).Error; err != nil {
			return nil, err
		}
		final := fmt.Sprintf(`{"queueId": %d, "name": "Atendimento"}`, queueID)
		nodesJSON := string(nb)
		nodesJSON = replaceTicket(nodesJSON, final)
		if err := a.DB.Raw(`INSERT INTO flows (company_id, name, nodes, connections) VALUES (?, 'Bench', ?, ?) RETURNING id`,
			c.ID, nodesJSON, string(eb)).Scan(&flowID).Error; err != nil {
			return nil, err
		}
		if err := a.DB.Raw(`INSERT INTO queue_integrations (company_id, name, type) VALUES (?, 'Fluxos', 'flowbuilder') RETURNING id`,
			c.ID).Scan(&integ).Error; err != nil {
			return nil, err
		}
		conn := connection.Connection{CompanyID: c.ID, Name: "Sandbox", Channel: connection.ChannelSandbox,
			Status: connection.StatusConnected, IsDefault: true, Token: connection.NewToken(), GroupAsTicket: "disabled",
			WhenExpiresTicket: "0", IntegrationID: &integ, FlowIDWelcome: &flowID, FlowIDNotPhrase: &flowID}
		if err := a.DB.Create(&conn).Error; err != nil {
			return nil, err
		}
		out = append(out, conn)
	}
	return out, nil
}

type node struct {
	ID   string `json:"id"`
	Type string `json:"type"`
	Data any    `json:"data"`
}

type edge struct {
	ID           string `json:"id"`
	Source       string `json:"source"`
	SourceHandle string `json:"sourceHandle"`
	Target       string `json:"target"`
}

// benchFlow: start, 9 stages of (content text, menu of 3, question), a closing text and a
// ticket node: 30 nodes.
func benchFlow() ([]node, []edge) {
	nodes := []node{{"start", "start", map[string]any{"label": "Início"}}}
	var edges []edge
	link := func(src, handle, dst string) {
		edges = append(edges, edge{fmt.Sprintf("%s-%s-%s", src, handle, dst), src, handle, dst})
	}
	prev := "start"
	for s := range 9 {
		text, menu, ask := fmt.Sprintf("text%d", s), fmt.Sprintf("menu%d", s), fmt.Sprintf("ask%d", s)
		nodes = append(nodes,
			node{text, "singleBlock", map[string]any{"seq": []string{"message0"}, "elements": []map[string]any{
				{"type": "message", "value": fmt.Sprintf("Etapa %d, {{firstName}}. {{last}}", s+1), "number": "message0"}}}},
			node{menu, "menu", map[string]any{"message": "Escolha:", "arrayOption": []map[string]any{
				{"number": 1, "value": "Continuar"}, {"number": 2, "value": "Também continuar"}, {"number": 3, "value": "Idem"}}}},
			node{ask, "question", map[string]any{"typebotIntegration": map[string]any{"message": "Conte mais:", "answerKey": "last"}}})
		link(prev, "a", text)
		link(text, "a", menu)
		for _, h := range []string{"a1", "a2", "a3"} {
			link(menu, h, ask)
		}
		prev = ask
	}
	nodes = append(nodes, node{"bye", "message", map[string]any{"label": "Obrigado!"}}, node{"ticket", "ticket", "TICKET"})
	link(prev, "a", "bye")
	link("bye", "a", "ticket")
	return nodes, edges
}

func replaceTicket(nodes, data string) string {
	const mark = `"TICKET"`
	for i := 0; i+len(mark) <= len(nodes); i++ {
		if nodes[i:i+len(mark)] == mark {
			return nodes[:i] + data + nodes[i+len(mark):]
		}
	}
	return nodes
}
