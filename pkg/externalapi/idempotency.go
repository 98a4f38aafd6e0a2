package externalapi

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"gorm.io/gorm"

	"atende/pkg/connection"
)

// KeyTTL is how long an Idempotency-Key is remembered (the purge runs on the connection's
// next keyed request).
const KeyTTL = "24 hours"

// claim is a key this request holds; record stores the answer with it.
type claim struct{ id int64 }

// claimKey takes r's Idempotency-Key for conn inside tx. The key row is inserted first:
// a concurrent request with the same key waits on it until this transaction ends, then
// finds the answer. A key seen before returns that answer (prior), or ErrKeyReused when
// the earlier request asked for something else. Without a key nothing is claimed.
func claimKey(tx *gorm.DB, conn connection.Connection, r Request, number string) (claim, *Result, error) {
	if r.IdempotencyKey == "" {
		return claim{}, nil, nil
	}
	if err := tx.Exec(`DELETE FROM api_requests WHERE connection_id = ? AND created_at < now() - interval '`+KeyTTL+`'`,
		conn.ID).Error; err != nil {
		return claim{}, nil, err
	}
	fp := r.fingerprint(number)
	var id int64
	err := tx.Raw(`INSERT INTO api_requests (company_id, connection_id, idempotency_key, fingerprint) VALUES (?, ?, ?, ?)
		ON CONFLICT (connection_id, idempotency_key) DO NOTHING RETURNING id`,
		conn.CompanyID, conn.ID, r.IdempotencyKey, fp).Scan(&id).Error
	if err != nil || id != 0 {
		return claim{id}, nil, err
	}
	var prev struct {
		Fingerprint string
		Response    []byte
	}
	if err := tx.Raw(`SELECT fingerprint, response FROM api_requests WHERE connection_id = ? AND idempotency_key = ?`,
		conn.ID, r.IdempotencyKey).Scan(&prev).Error; err != nil {
		return claim{}, nil, err
	}
	if prev.Fingerprint != fp {
		return claim{}, nil, ErrKeyReused
	}
	var res Result
	if err := json.Unmarshal(prev.Response, &res); err != nil {
		return claim{}, nil, err
	}
	res.Replayed = true
	return claim{}, &res, nil
}

// record stores the answer of a keyed request.
func (c claim) record(tx *gorm.DB, res Result) error {
	if c.id == 0 {
		return nil
	}
	b, err := json.Marshal(res)
	if err != nil {
		return err
	}
	return tx.Exec(`UPDATE api_requests SET response = ?::jsonb WHERE id = ?`, string(b), c.id).Error
}

// fingerprint names what r asks for, so a key reused for another request is caught.
func (r Request) fingerprint(number string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%v\x00%v\x00%t\x00%t", number, r.Body, deref(r.UserID), deref(r.QueueID),
		r.SendSignature, r.CloseTicket)
	for _, m := range r.Medias {
		fmt.Fprintf(h, "\x00%s\x00%d", m.Name, m.Size)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func deref(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}
