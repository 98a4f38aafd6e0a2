package flow

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"atende/pkg/errs"
	"atende/pkg/integration"
	"atende/pkg/validate"
)

// Bounds of a saved graph: the engine walks it on every step, so its size is capped.
const (
	MaxNodes    = 500
	MaxEdges    = 2000
	MaxIDLen    = 64
	MaxText     = 4000 // a text card, a menu message, a question
	MaxOptions  = 50   // menu options
	MaxElements = 50   // cards of a content node
	// GraphMaxBytes is the body limit of POST /flowbuilder/flow.
	GraphMaxBytes = 2 << 20
	// MaxSeconds is the longest interval (spec/3 §5 "Flow interval").
	MaxSeconds = 120
)

// Messages of the content dialog (spec/3 §5 "Flow content").
const (
	MsgEmptyText  = "Campos de mensagem vazio!"
	MsgEmptyFiles = "Delete os cards vazios(Imagem, Audio e Video)"
	MsgInterval   = "Intervalo não pode ser 0 ou maior que 120!"
)

// Messages of the node dialogs (spec/3 §5 "Flow interval", "Queue block", "Typebot").
const (
	MsgIntervalEmpty = "Adicione o valor de intervalo"
	MsgIntervalMax   = "Máximo de tempo atingido 120 segundos"
	MsgNoQueue       = "Adicione uma fila"
	TypebotNameMin   = 2
	TypebotNameMax   = 50
)

// kindTitles are the node kinds as the editor's speed-dial names them, for messages.
var kindTitles = map[string]string{
	KindStart: "Início", KindMessage: "Mensagem", KindInterval: "Intervalo", KindCondition: "Condição",
	KindMenu: "Menu", KindImage: "Imagem", KindAudio: "Áudio", KindVideo: "Vídeo",
	KindRandomizer: "Randomizador", KindSingleBlock: "Conteúdo", KindTicket: "Ticket",
	KindTypebot: "TypeBot", KindOpenAI: "OpenAI", KindQuestion: "Pergunta",
}

// Invalid is the refusal of a graph that cannot run: ERR_FLOW_INVALID with a message
// naming the node and fields.nodeId for the editor to select it.
func Invalid(nodeID, msg string) *errs.Error {
	e := errs.New(http.StatusBadRequest, "ERR_FLOW_INVALID", msg)
	if nodeID != "" {
		e.Fields = map[string]string{"nodeId": nodeID}
	}
	return e
}

// nodeError names a node in a refusal: its kind's title and its id.
func nodeError(n Node, format string, args ...any) *errs.Error {
	title := kindTitles[n.Type]
	if title == "" {
		title = n.Type
	}
	return Invalid(n.ID, fmt.Sprintf("Bloco %s (%s): ", title, n.ID)+fmt.Sprintf(format, args...))
}

// Validate refuses a graph the engine cannot run. queueOK tells whether a queue id is one
// of the company's (ticket nodes). The first problem found, in node order, is reported.
func Validate(g Graph, queueOK func(int64) bool) error {
	if len(g.Nodes) > MaxNodes {
		return Invalid("", fmt.Sprintf("O fluxo tem mais de %d blocos.", MaxNodes))
	}
	if len(g.Connections) > MaxEdges {
		return Invalid("", fmt.Sprintf("O fluxo tem mais de %d conexões.", MaxEdges))
	}
	if err := checkIDs(g); err != nil {
		return err
	}
	if err := checkEdges(g); err != nil {
		return err
	}
	for _, n := range g.Nodes {
		if err := checkNode(g, n, queueOK); err != nil {
			return err
		}
	}
	return nil
}

// checkIDs: every node has a unique, bounded id, a known kind, and there is one start.
func checkIDs(g Graph) error {
	seen := make(map[string]bool, len(g.Nodes))
	starts := 0
	for i, n := range g.Nodes {
		if n.ID == "" || len(n.ID) > MaxIDLen {
			return Invalid(n.ID, fmt.Sprintf("O bloco %d não tem um identificador válido.", i+1))
		}
		if seen[n.ID] {
			return nodeError(n, "o identificador se repete em outro bloco.")
		}
		seen[n.ID] = true
		if _, ok := kindTitles[n.Type]; !ok {
			return Invalid(n.ID, fmt.Sprintf("Bloco %s: tipo desconhecido %q.", n.ID, n.Type))
		}
		if n.Type == KindStart {
			starts++
		}
	}
	switch {
	case starts == 0:
		return Invalid("", "O fluxo não tem um bloco de início.")
	case starts > 1:
		start, _ := g.Start()
		return nodeError(start, "o fluxo tem mais de um bloco de início.")
	}
	return nil
}

// checkEdges: both ends of every connection are nodes of the graph.
func checkEdges(g Graph) error {
	ids := make(map[string]bool, len(g.Nodes))
	for _, n := range g.Nodes {
		ids[n.ID] = true
	}
	for _, e := range g.Connections {
		if len(e.ID) > MaxIDLen*3 || len(e.SourceHandle) > MaxIDLen || len(e.TargetHandle) > MaxIDLen {
			return Invalid(e.Source, "Uma conexão tem um identificador longo demais.")
		}
		if !ids[e.Source] {
			return Invalid(e.Source, fmt.Sprintf("Uma conexão sai do bloco %q, que não existe.", e.Source))
		}
		if !ids[e.Target] {
			n, _ := g.Node(e.Source)
			return nodeError(n, "uma conexão leva ao bloco %q, que não existe.", e.Target)
		}
	}
	return nil
}

// checkNode checks one node's data by its kind.
func checkNode(g Graph, n Node, queueOK func(int64) bool) error {
	d, err := n.Parse()
	if err != nil {
		return nodeError(n, "os dados do bloco são inválidos.")
	}
	if tooLong(d.Label, d.Message, d.Value, d.Key, d.Name, d.URL) {
		return nodeError(n, "um texto passa de %d caracteres.", MaxText)
	}
	switch n.Type {
	case KindMenu:
		return checkMenu(g, n, d)
	case KindQuestion:
		return checkQuestion(n, d)
	case KindInterval:
		if s, ok := seconds(string(d.Sec)); !ok || s <= 0 {
			return nodeError(n, "%s", MsgIntervalEmpty)
		} else if s > MaxSeconds {
			return nodeError(n, "%s", MsgIntervalMax)
		}
	case KindRandomizer:
		if p, err := strconv.ParseFloat(string(d.Percent), 64); err != nil || p < 0 || p > 100 {
			return nodeError(n, "a porcentagem deve ficar entre 0 e 100.")
		}
	case KindSingleBlock:
		return checkContent(n, d)
	case KindImage, KindAudio, KindVideo:
		if !ValidMediaName(d.URL) {
			return nodeError(n, "%s", MsgEmptyFiles)
		}
	case KindTicket:
		if d.QueueID <= 0 {
			return nodeError(n, "%s", MsgNoQueue)
		}
		if queueOK == nil || !queueOK(d.QueueID) {
			return nodeError(n, "escolha uma fila desta empresa.")
		}
	case KindCondition:
		if strings.TrimSpace(d.Key) == "" {
			return nodeError(n, "informe a variável a comparar.")
		}
		if !slices.Contains(Operators, d.Condition) {
			return nodeError(n, "operador desconhecido %q.", d.Condition)
		}
	case KindTypebot, KindOpenAI:
		return checkIntegration(n, d)
	}
	return nil
}

func checkMenu(g Graph, n Node, d NodeData) error {
	if strings.TrimSpace(d.Message) == "" {
		return nodeError(n, "escreva a mensagem do menu.")
	}
	if len(d.ArrayOption) == 0 || len(d.ArrayOption) > MaxOptions {
		return nodeError(n, "o menu deve ter de 1 a %d opções.", MaxOptions)
	}
	for _, o := range d.ArrayOption {
		if tooLong(o.Value) {
			return nodeError(n, "a opção %d passa de %d caracteres.", o.Number, MaxText)
		}
		if _, ok := g.Next(n.ID, "a"+strconv.Itoa(o.Number)); !ok {
			return nodeError(n, "a opção %d não está ligada a nenhum bloco.", o.Number)
		}
	}
	return nil
}

func checkQuestion(n Node, d NodeData) error {
	var q Question
	if len(d.Integration) > 0 && json.Unmarshal(d.Integration, &q) != nil {
		return nodeError(n, "os dados da pergunta são inválidos.")
	}
	if strings.TrimSpace(q.Message) == "" {
		return nodeError(n, "escreva a mensagem da pergunta.")
	}
	if strings.TrimSpace(q.AnswerKey) == "" {
		return nodeError(n, "a pergunta não tem a variável da resposta (Salvar resposta).")
	}
	if tooLong(q.Message, q.AnswerKey) {
		return nodeError(n, "um texto passa de %d caracteres.", MaxText)
	}
	return nil
}

// checkContent: each card of a content node is filled, intervals within 1..120 s, files
// are flow media of ours.
func checkContent(n Node, d NodeData) error {
	if len(d.Elements) == 0 || len(d.Elements) > MaxElements {
		return nodeError(n, "o conteúdo deve ter de 1 a %d cards.", MaxElements)
	}
	for _, el := range d.Elements {
		switch el.Type {
		case KindMessage:
			if strings.TrimSpace(el.Value) == "" {
				return nodeError(n, "%s", MsgEmptyText)
			}
			if tooLong(el.Value) {
				return nodeError(n, "um texto passa de %d caracteres.", MaxText)
			}
		case KindInterval:
			if s, ok := seconds(el.Value); !ok || s <= 0 || s > MaxSeconds {
				return nodeError(n, "%s", MsgInterval)
			}
		case KindImage, KindAudio, KindVideo, "file":
			if !ValidMediaName(el.Value) {
				return nodeError(n, "%s", MsgEmptyFiles)
			}
		default:
			return nodeError(n, "card de tipo desconhecido %q.", el.Type)
		}
	}
	return nil
}

// checkIntegration: a typebot or openai node carries its settings; OpenAI needs its name,
// prompt and API key (spec/3 §5 "OpenAI node").
func checkIntegration(n Node, d NodeData) error {
	var s struct {
		Name   string `json:"name"`
		Prompt string `json:"prompt"`
		APIKey string `json:"apiKey"`
	}
	if len(d.Integration) == 0 || json.Unmarshal(d.Integration, &s) != nil {
		return nodeError(n, "configure o bloco antes de salvar.")
	}
	if len(d.Integration) > 4*MaxText {
		return nodeError(n, "as configurações são grandes demais.")
	}
	if n.Type == KindOpenAI && (strings.TrimSpace(s.Name) == "" || strings.TrimSpace(s.Prompt) == "" || strings.TrimSpace(s.APIKey) == "") {
		return nodeError(n, "nome, prompt e chave da API são obrigatórios.")
	}
	if n.Type == KindTypebot { // spec/3 §5 "Typebot": name 2-50
		switch name := utf8.RuneCountInString(strings.TrimSpace(s.Name)); {
		case name == 0:
			return nodeError(n, "Required")
		case name < TypebotNameMin:
			return nodeError(n, "Too Short!")
		case name > TypebotNameMax:
			return nodeError(n, "Too Long!")
		}
		var it integration.Integration
		if err := json.Unmarshal(d.Integration, &it); err != nil {
			// a cleared or fractional number (expiry, delay) the runner could not read
			var typed *json.UnmarshalTypeError
			if errors.As(err, &typed) {
				return nodeError(n, "%s: %s.", typed.Field, validate.MsgNegative)
			}
			return nodeError(n, "os dados do bloco são inválidos.")
		}
		if field, msg := integration.CheckTypebotNode(&it); field != "" {
			return nodeError(n, "%s: %s.", field, msg)
		}
	}
	return nil
}

// seconds reads an interval in seconds; fractions are kept, as the engine waits them
// (the editor accepts 1.5).
func seconds(s string) (float64, bool) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return v, err == nil && !math.IsNaN(v) && !math.IsInf(v, 0)
}

func tooLong(ss ...string) bool {
	for _, s := range ss {
		if utf8.RuneCountInString(s) > MaxText {
			return true
		}
	}
	return false
}
