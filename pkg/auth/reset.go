package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"regexp"
	"strings"
	"time"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/tasks"
	"atende/pkg/user"
)

// ResetTTL is how long a reset code stays valid.
const ResetTTL = 30 * time.Minute

// ErrWeakNewPassword is the reset form's password rule.
var ErrWeakNewPassword = &errs.Error{Status: http.StatusBadRequest, Code: "ERR_VALIDATION",
	Message: "Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.",
	Fields:  map[string]string{"newPassword": "Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número."}}

// Resets sends reset codes by e-mail and applies them.
type Resets struct {
	Auth  Service
	Queue tasks.Enqueuer
	// AppURL is where the e-mail sends the user.
	AppURL string
}

// MaxGuesses wrong codes kill the live code of an account.
const MaxGuesses = 5

// Request replaces the account's reset code with a new one and enqueues the e-mail. Requests
// are limited per e-mail and per address, and an unknown e-mail gets the same answer as a
// known one, so the page tells nobody which e-mails have accounts.
func (r Resets) Request(ctx context.Context, email, clientIP string) error {
	email = strings.ToLower(strings.TrimSpace(email))
	if err := take(ctx, r.Auth.RDB, ResetRequestsPerEmail.of(email), ResetRequestsPerAddress.of(clientIP)); err != nil {
		return err
	}
	u, err := user.FindByEmail(ctx, r.Auth.DB, email)
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	code := sixDigits()
	// One live code per account: a new request replaces it, with a fresh count of guesses.
	err = r.Auth.DB.WithContext(ctx).Exec(`INSERT INTO password_resets (user_id, token_hash, expires_at)
		VALUES (?, ?, ?) ON CONFLICT (user_id) WHERE used_at IS NULL DO UPDATE SET
		token_hash = excluded.token_hash, expires_at = excluded.expires_at, attempts = 0, created_at = now()`,
		u.ID, hashCode(code), time.Now().Add(ResetTTL)).Error
	if err != nil {
		return err
	}
	t, err := tasks.NewMailSend(tasks.MailSend{To: u.Email, Subject: "Redefinição de senha",
		Text: fmt.Sprintf("Olá %s,\n\nSeu código para redefinir a senha é: %s\n"+
			"Ele vale por %d minutos. Use-o em %s/forgetpsw.\n\nSe você não pediu, ignore este e-mail.\n",
			u.Name, code, int(ResetTTL.Minutes()), r.AppURL)})
	if err != nil {
		return err
	}
	return tasks.Enqueue(ctx, r.Queue, t)
}

var (
	hasUpper = regexp.MustCompile(`[A-Z]`)
	hasLower = regexp.MustCompile(`[a-z]`)
	hasDigit = regexp.MustCompile(`\d`)
)

// Apply sets a new password when code is the live code for email, then ends every session of
// the account. Guesses are limited per e-mail and per address, and MaxGuesses wrong ones kill
// the code.
func (r Resets) Apply(ctx context.Context, email, code, newPassword, clientIP string) error {
	email = strings.ToLower(strings.TrimSpace(email))
	if len(newPassword) < 8 || len(newPassword) > 50 || !hasUpper.MatchString(newPassword) ||
		!hasLower.MatchString(newPassword) || !hasDigit.MatchString(newPassword) {
		return ErrWeakNewPassword
	}
	if err := take(ctx, r.Auth.RDB, ResetGuessesPerEmail.of(email), ResetGuessesPerAddress.of(clientIP)); err != nil {
		return err
	}
	hash, err := user.HashPassword(newPassword)
	if err != nil {
		return err
	}
	var userID int64
	err = r.Auth.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var live liveCode
		err := tx.Raw(`SELECT pr.id, pr.user_id, pr.token_hash FROM password_resets pr
			JOIN users u ON u.id = pr.user_id WHERE lower(u.email) = ? AND pr.used_at IS NULL
			  AND pr.expires_at > now() FOR UPDATE OF pr`, email).Scan(&live).Error
		if err != nil || live.ID == 0 {
			return err
		}
		if subtle.ConstantTimeCompare([]byte(live.TokenHash), []byte(hashCode(code))) != 1 {
			return tx.Exec(`UPDATE password_resets SET attempts = attempts + 1,
				used_at = CASE WHEN attempts + 1 >= ? THEN now() END WHERE id = ?`, MaxGuesses, live.ID).Error
		}
		userID = live.UserID
		return live.use(tx, hash)
	})
	if err != nil {
		return err
	}
	if userID == 0 {
		return errs.ErrInvalidResetToken
	}
	r.Auth.Users.SignedIn.Drop(userID)
	return nil
}

// liveCode is an account's unused, unexpired reset code.
type liveCode struct {
	ID, UserID int64
	TokenHash  string
}

// use spends the code on a new password and revokes every session: the token version ends
// the access tokens (and tells sockets, through the users row), the refresh chain goes too.
func (c liveCode) use(tx *gorm.DB, passwordHash string) error {
	if err := tx.Exec("UPDATE password_resets SET used_at = now() WHERE id = ?", c.ID).Error; err != nil {
		return err
	}
	if err := tx.Exec(`UPDATE users SET password_hash = ?, token_version = token_version + 1,
		updated_at = now() WHERE id = ?`, passwordHash, c.UserID).Error; err != nil {
		return err
	}
	return tx.Exec("DELETE FROM user_sessions WHERE user_id = ?", c.UserID).Error
}

func hashCode(code string) string {
	sum := sha256.Sum256([]byte(strings.TrimSpace(code)))
	return hex.EncodeToString(sum[:])
}

func sixDigits() string {
	n, _ := rand.Int(rand.Reader, big.NewInt(1_000_000))
	return fmt.Sprintf("%06d", n.Int64())
}
