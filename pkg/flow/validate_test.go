package flow

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"atende/pkg/errs"
)

const img = "flow/0123456789abcdef0123456789abcdef.jpg"

func node(id, kind, data string) Node {
	return Node{ID: id, Type: kind, Data: json.RawMessage(data)}
}

func edge(src, handle, dst string) Edge { return Edge{Source: src, SourceHandle: handle, Target: dst} }

// base is a runnable flow: start → menu (1 → question, 2 → ticket).
func base() Graph {
	return Graph{
		Nodes: []Node{
			node("start", KindStart, `{"label":"Inicio do fluxo"}`),
			node("menu", KindMenu, `{"message":"Escolha","arrayOption":[{"number":1,"value":"Vendas"},{"number":2,"value":"Suporte"}]}`),
			node("ask", KindQuestion, `{"typebotIntegration":{"message":"Seu nome?","answerKey":"nome"}}`),
			node("tk", KindTicket, `{"queueId":7,"name":"Vendas"}`),
		},
		Connections: []Edge{edge("start", "a", "menu"), edge("menu", "a1", "ask"), edge("menu", "a2", "tk")},
	}
}

func with(extra ...Node) Graph {
	g := base()
	g.Nodes = append(g.Nodes, extra...)
	return g
}

func queue7(id int64) bool { return id == 7 }

func TestValidate(t *testing.T) {
	many := Graph{Nodes: []Node{node("start", KindStart, `{}`)}}
	for i := range MaxNodes {
		many.Nodes = append(many.Nodes, node(fmt.Sprintf("n%d", i), KindMessage, `{"label":"x"}`))
	}
	cases := []struct {
		name   string
		g      func() Graph
		nodeID string
		msg    string // a part of the message
	}{
		{"a runnable flow", base, "", ""},
		{"no start node", func() Graph { g := base(); g.Nodes = g.Nodes[1:]; return g }, "", "não tem um bloco de início"},
		{"two start nodes", func() Graph { return with(node("s2", KindStart, `{}`)) }, "start", "mais de um bloco de início"},
		{"an edge to a missing node", func() Graph {
			g := base()
			g.Connections = append(g.Connections, edge("ask", "a", "ghost"))
			return g
		}, "ask", `"ghost", que não existe`},
		{"an edge from a missing node", func() Graph {
			g := base()
			g.Connections = append(g.Connections, edge("ghost", "a", "ask"))
			return g
		}, "ghost", "não existe"},
		{"a menu option without an edge", func() Graph { g := base(); g.Connections = g.Connections[:2]; return g }, "menu",
			"Bloco Menu (menu): a opção 2 não está ligada"},
		{"a question without an answer key", func() Graph {
			return with(node("q2", KindQuestion, `{"typebotIntegration":{"message":"Idade?","answerKey":" "}}`))
		}, "q2", "variável da resposta"},
		{"a question without a message", func() Graph {
			return with(node("q3", KindQuestion, `{"typebotIntegration":{"answerKey":"idade"}}`))
		}, "q3", "mensagem da pergunta"},
		{"interval 0", func() Graph { return with(node("i", KindInterval, `{"sec":0}`)) }, "i", MsgIntervalEmpty},
		{"interval without seconds", func() Graph { return with(node("i", KindInterval, `{}`)) }, "i", MsgIntervalEmpty},
		{"interval 121", func() Graph { return with(node("i", KindInterval, `{"sec":"121"}`)) }, "i", MsgIntervalMax},
		{"interval 120", func() Graph { return with(node("i", KindInterval, `{"sec":120}`)) }, "", ""},
		{"interval 1.5 (the editor's fractions)", func() Graph { return with(node("i", KindInterval, `{"sec":1.5}`)) }, "", ""},
		{"interval 120.5", func() Graph { return with(node("i", KindInterval, `{"sec":"120.5"}`)) }, "i", MsgIntervalMax},
		{"randomizer 101", func() Graph { return with(node("r", KindRandomizer, `{"percent":101}`)) }, "r", "entre 0 e 100"},
		{"randomizer 0", func() Graph { return with(node("r", KindRandomizer, `{"percent":0}`)) }, "", ""},
		{"an empty text card", func() Graph {
			return with(node("c", KindSingleBlock, `{"seq":["message0"],"elements":[{"type":"message","value":"  ","number":"message0"}]}`))
		}, "c", MsgEmptyText},
		{"a file card without its file", func() Graph {
			return with(node("c", KindSingleBlock, `{"elements":[{"type":"img","value":"","number":"img0"}]}`))
		}, "c", MsgEmptyFiles},
		{"a file card naming another path", func() Graph {
			return with(node("c", KindSingleBlock, `{"elements":[{"type":"audio","value":"../company2/flow/x.ogg"}]}`))
		}, "c", MsgEmptyFiles},
		{"an interval card of 0.5", func() Graph {
			return with(node("c", KindSingleBlock, `{"elements":[{"type":"message","value":"Oi"},{"type":"interval","value":"0.5"}]}`))
		}, "", ""},
		{"an interval card of 121", func() Graph {
			return with(node("c", KindSingleBlock, `{"elements":[{"type":"interval","value":"121"}]}`))
		}, "c", MsgInterval},
		{"a typebot node with a cleared expiry", func() Graph {
			return with(node("tb", KindTypebot, `{"typebotIntegration":{"name":"Bot","urlN8N":"https://typebot.example","typebotSlug":"x",
				"typebotExpires":""}}`))
		}, "tb", "typebotExpires: Informe um número inteiro não negativo"},
		{"a typebot node with a fractional delay", func() Graph {
			return with(node("tb", KindTypebot, `{"typebotIntegration":{"name":"Bot","urlN8N":"https://typebot.example","typebotSlug":"x",
				"typebotDelayMessage":1.5}}`))
		}, "tb", "typebotDelayMessage"},
		{"an interval card of 0", func() Graph {
			return with(node("c", KindSingleBlock, `{"elements":[{"type":"interval","value":"0"}]}`))
		}, "c", MsgInterval},
		{"a filled content node", func() Graph {
			return with(node("c", KindSingleBlock, `{"elements":[{"type":"message","value":"Oi {{name}}"},{"type":"interval","value":"3"},{"type":"img","value":"`+img+`"}]}`))
		}, "", ""},
		{"an image node without its file", func() Graph { return with(node("m", KindImage, `{"url":""}`)) }, "m", MsgEmptyFiles},
		{"a ticket node without a queue", func() Graph { return with(node("t3", KindTicket, `{"name":"x"}`)) }, "t3", MsgNoQueue},
		{"a typebot node without a name", func() Graph {
			return with(node("tb", KindTypebot, `{"typebotIntegration":{"urlN8N":"https://typebot.example","typebotSlug":"x"}}`))
		}, "tb", "Required"},
		{"a typebot node with a long name", func() Graph {
			return with(node("tb", KindTypebot, `{"typebotIntegration":{"name":"`+strings.Repeat("a", 51)+`"}}`))
		}, "tb", "Too Long!"},
		{"a typebot node without its URL", func() Graph {
			return with(node("tb", KindTypebot, `{"typebotIntegration":{"name":"Bot","typebotSlug":"x"}}`))
		}, "tb", "urlN8N"},
		{"a typebot node posing as a webhook to a bad URL", func() Graph {
			return with(node("tb", KindTypebot, `{"typebotIntegration":{"name":"Bot","type":"webhook","urlN8N":"ftp://10.0.0.5/x"}}`))
		}, "tb", "URL inválida"},
		{"a typebot node with a delay beyond the limit", func() Graph {
			return with(node("tb", KindTypebot, `{"typebotIntegration":{"name":"Bot","urlN8N":"https://typebot.example","typebotSlug":"x",
				"typebotDelayMessage":9000000000}}`))
		}, "tb", "typebotDelayMessage"},
		{"a typebot node", func() Graph {
			return with(node("tb", KindTypebot, `{"typebotIntegration":{"name":"Bot","urlN8N":"https://typebot.example","typebotSlug":"x"}}`))
		}, "", ""},
		{"a ticket node of another company's queue", func() Graph { return with(node("t2", KindTicket, `{"queueId":8}`)) }, "t2", "fila desta empresa"},
		{"a condition with an unknown operator", func() Graph {
			return with(node("cd", KindCondition, `{"key":"nome","condition":"~=","value":"x"}`))
		}, "cd", "operador desconhecido"},
		{"a condition", func() Graph {
			return with(node("cd", KindCondition, `{"key":"nome","condition":"contains","value":"x"}`))
		}, "", ""},
		{"an openai node without its key", func() Graph {
			return with(node("ai", KindOpenAI, `{"typebotIntegration":{"name":"Bot","prompt":"Seja gentil"}}`))
		}, "ai", "chave da API"},
		{"repeated node ids", func() Graph { return with(node("ask", KindMessage, `{}`)) }, "ask", "se repete"},
		{"an unknown kind", func() Graph { return with(node("x", "teleport", `{}`)) }, "x", "tipo desconhecido"},
		{"bad node data", func() Graph { return with(node("x", KindInterval, `{"sec":"abc"}`)) }, "x", "dados do bloco são inválidos"},
		{"a text over the limit", func() Graph {
			return with(node("x", KindMessage, `{"label":"`+strings.Repeat("a", MaxText+1)+`"}`))
		}, "x", "passa de"},
		{"more than 500 nodes", func() Graph { return many }, "", "mais de 500 blocos"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := Validate(tc.g(), queue7)
			if tc.msg == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			e, ok := errs.As(err)
			if !ok || e.Code != "ERR_FLOW_INVALID" || e.Status != 400 {
				t.Fatalf("err %v, want ERR_FLOW_INVALID", err)
			}
			if !strings.Contains(e.Message, tc.msg) {
				t.Errorf("message %q lacks %q", e.Message, tc.msg)
			}
			if e.Fields["nodeId"] != tc.nodeID {
				t.Errorf("nodeId %q, want %q", e.Fields["nodeId"], tc.nodeID)
			}
		})
	}
}

func TestWithNewIDsKeepsTheShape(t *testing.T) {
	g := base()
	c := g.WithNewIDs()
	if err := Validate(c, queue7); err != nil {
		t.Fatal(err)
	}
	for i, n := range c.Nodes {
		if n.ID == g.Nodes[i].ID || len(n.ID) != 30 {
			t.Fatalf("node %d id %q", i, n.ID)
		}
	}
	if next, _ := c.Next(c.Nodes[1].ID, "a2"); next != c.Nodes[3].ID {
		t.Fatalf("menu option 2 leads to %q", next)
	}
}

func TestLookup(t *testing.T) {
	var doc map[string]any
	_ = json.Unmarshal([]byte(`{"data":{"phone":5511999990001,"name":"Ana","tags":[{"v":"x"}],"ok":true}}`), &doc)
	for path, want := range map[string]string{
		"data.phone": "5511999990001", "data.name": "Ana", "data.tags.0.v": "x", "data.ok": "true",
		"data.tags.3.v": "", "data.missing": "", "": "", "data": "",
	} {
		if got := lookup(doc, path); got != want {
			t.Errorf("lookup(%q) = %q, want %q", path, got, want)
		}
	}
}
