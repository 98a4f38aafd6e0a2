package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
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

// Request creates a reset code for email and enqueues the e-mail; an unknown e-mail is
// ERR_EMAIL_NOT_FOUND (404), as the product's reset page expects.
func (r Resets) Request(ctx context.Context, email string) error {
	email = strings.ToLower(strings.TrimSpace(email))
	u, err := user.FindByEmail(ctx, r.Auth.DB, email)
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return errs.ErrEmailNotFound
	}
	if err != nil {
		return err
	}
	code := sixDigits()
	err = r.Auth.DB.WithContext(ctx).Exec(`INSERT INTO password_resets (user_id, token_hash, expires_at)
		VALUES (?, ?, ?)`, u.ID, hashCode(code), time.Now().Add(ResetTTL)).Error
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

// Apply sets a new password when code is a live code for email, then ends every session.
// Wrong codes count toward the sign-in limiter, so codes can't be guessed.
func (r Resets) Apply(ctx context.Context, email, code, newPassword, clientIP string) error {
	email = strings.ToLower(strings.TrimSpace(email))
	if len(newPassword) < 8 || len(newPassword) > 50 || !hasUpper.MatchString(newPassword) ||
		!hasLower.MatchString(newPassword) || !hasDigit.MatchString(newPassword) {
		return ErrWeakNewPassword
	}
	if err := r.Auth.Limiter.Allow(ctx, clientIP, email); err != nil {
		return err
	}
	hash, err := user.HashPassword(newPassword)
	if err != nil {
		return err
	}
	var applied, userID int64
	err = r.Auth.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Exec(`UPDATE password_resets pr SET used_at = now() FROM users u
			WHERE pr.user_id = u.id AND lower(u.email) = ? AND pr.token_hash = ?
			  AND pr.used_at IS NULL AND pr.expires_at > now()`, email, hashCode(code))
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		applied = res.RowsAffected
		// The other codes sent to this user die with the one used.
		if err := tx.Exec(`UPDATE password_resets SET used_at = now() WHERE used_at IS NULL
			AND user_id = (SELECT id FROM users WHERE lower(email) = ?)`, email).Error; err != nil {
			return err
		}
		return tx.Raw(`UPDATE users SET password_hash = ?, token_version = token_version + 1,
			updated_at = now() WHERE lower(email) = ? RETURNING id`, hash, email).Find(&userID).Error
	})
	if err != nil {
		return err
	}
	if applied == 0 {
		r.Auth.Limiter.Fail(ctx, clientIP, email)
		return errs.ErrInvalidResetToken
	}
	r.Auth.Users.SignedIn.Drop(userID)
	return nil
}

func hashCode(code string) string {
	sum := sha256.Sum256([]byte(strings.TrimSpace(code)))
	return hex.EncodeToString(sum[:])
}

func sixDigits() string {
	n, _ := rand.Int(rand.Reader, big.NewInt(1_000_000))
	return fmt.Sprintf("%06d", n.Int64())
}
