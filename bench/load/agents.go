package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"

	"gorm.io/gorm"
)

// agent is one signed-in attendant with ids it may read.
type agent struct {
	email     string
	companyID int64
	token     string
	queueID   int64
	tickets   []int64   // tickets the agent owns
	deep      []deepRef // messages inside those tickets (for keyset pages at any depth)
	connToken string
	connID    int64
}

// prepare signs in one admin per company (admins see every ticket, the heaviest lists) and
// collects ids for the message-page requests.
func prepare(g *gorm.DB, base string, n int) ([]agent, error) {
	var rows []struct {
		Email     string
		CompanyID int64
		UserID    int64
	}
	err := g.Raw(`SELECT DISTINCT ON (company_id) email, company_id, id AS user_id FROM users
		WHERE email LIKE 'bench-%' ORDER BY company_id, id LIMIT ?`, n).Scan(&rows).Error
	if err != nil || len(rows) == 0 {
		return nil, fmt.Errorf("no bench users (run bench/gen first): %v", err)
	}
	agents := make([]agent, 0, n)
	for i := 0; len(agents) < n; i++ {
		r := rows[i%len(rows)]
		a := agent{email: r.Email, companyID: r.CompanyID}
		g.Raw(`SELECT id FROM queues WHERE company_id = ? ORDER BY id LIMIT 1`, r.CompanyID).Scan(&a.queueID)
		// Tickets of the generated data set ('whatsapp'), not those earlier inbound runs
		// opened on the sandbox channel: every run would otherwise read other tickets.
		g.Raw(`SELECT id FROM tickets WHERE company_id = ? AND channel = 'whatsapp' ORDER BY id DESC LIMIT 200`, r.CompanyID).Scan(&a.tickets)
		g.Raw(`SELECT m.id AS message_id, m.ticket_id FROM messages m WHERE m.ticket_id IN ?
			ORDER BY random() LIMIT 200`, a.tickets).Scan(&a.deep)
		g.Raw(`SELECT id, token FROM connections WHERE company_id = ? AND channel = 'sandbox' LIMIT 1`, r.CompanyID).
			Row().Scan(&a.connID, &a.connToken)
		if len(agents) < len(rows) {
			tok, err := login(base, r.Email)
			if err != nil {
				return nil, err
			}
			a.token = tok
		} else {
			a.token = agents[i%len(rows)].token // a second browser tab of the same attendant
		}
		agents = append(agents, a)
	}
	return agents, nil
}

type deepRef struct {
	MessageID int64
	TicketID  int64
}

func login(base, email string) (string, error) {
	body, _ := json.Marshal(map[string]string{"email": email, "password": "Bench@12345"})
	res, err := http.Post(base+"/auth/login", "application/json", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var out struct{ Token string }
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || out.Token == "" {
		return "", fmt.Errorf("login %s: status %d", email, res.StatusCode)
	}
	return out.Token, nil
}

func countCompanies(agents []agent) int {
	seen := map[int64]bool{}
	for _, a := range agents {
		seen[a.companyID] = true
	}
	return len(seen)
}
