// Package auth signs users in and out: short-lived access JWTs, rotated refresh tokens in an
// httpOnly cookie, a token version for revocation (one live session per user), login rate
// limiting, signup and password reset.
package auth

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"atende/pkg/errs"
	"atende/pkg/user"
)

// ErrAccessExpired is a 403 so the web app refreshes its token and retries once (spec/1 §4).
var ErrAccessExpired = errs.New(http.StatusForbidden, "ERR_SESSION_EXPIRED", "Sessão expirada. Por favor, faça login.")

// Claims is the access token body.
type Claims struct {
	UserID       int64  `json:"id"`
	CompanyID    int64  `json:"companyId"`
	Profile      string `json:"profile"`
	Super        bool   `json:"super"`
	TokenVersion int    `json:"tv"`
	jwt.RegisteredClaims
}

// RefreshClaims is the refresh token body; ID (jti) changes on every rotation.
type RefreshClaims struct {
	UserID       int64 `json:"id"`
	TokenVersion int   `json:"tv"`
	jwt.RegisteredClaims
}

// Issuer signs and verifies tokens.
type Issuer struct {
	Secret        []byte
	RefreshSecret []byte
	AccessTTL     time.Duration
	RefreshTTL    time.Duration
}

// Access signs an access token for u.
func (is Issuer) Access(u user.User) (string, error) {
	now := time.Now()
	c := Claims{UserID: u.ID, CompanyID: u.CompanyID, Profile: u.Profile, Super: u.Super,
		TokenVersion: u.TokenVersion, RegisteredClaims: jwt.RegisteredClaims{
			Subject: strconv.FormatInt(u.ID, 10), IssuedAt: jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(is.AccessTTL))}}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(is.Secret)
}

// Refresh signs a refresh token for u with id jti.
func (is Issuer) Refresh(u user.User, jti string) (string, error) {
	now := time.Now()
	c := RefreshClaims{UserID: u.ID, TokenVersion: u.TokenVersion, RegisteredClaims: jwt.RegisteredClaims{
		ID: jti, IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(now.Add(is.RefreshTTL))}}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(is.RefreshSecret)
}

// ParseAccess verifies an access token. An expired one answers 403 (refresh and retry); a
// forged or malformed one 401.
func (is Issuer) ParseAccess(tok string) (Claims, error) {
	var c Claims
	_, err := jwt.ParseWithClaims(tok, &c, keyFunc(is.Secret), jwt.WithValidMethods([]string{"HS256"}))
	switch {
	case errors.Is(err, jwt.ErrTokenExpired):
		return c, ErrAccessExpired
	case err != nil:
		return c, errs.ErrInvalidToken
	}
	return c, nil
}

// ParseRefresh verifies a refresh token.
func (is Issuer) ParseRefresh(tok string) (RefreshClaims, error) {
	var c RefreshClaims
	_, err := jwt.ParseWithClaims(tok, &c, keyFunc(is.RefreshSecret), jwt.WithValidMethods([]string{"HS256"}))
	if err != nil {
		return c, errs.ErrSessionExpired
	}
	return c, nil
}

func keyFunc(secret []byte) jwt.Keyfunc {
	return func(*jwt.Token) (any, error) { return secret, nil }
}
