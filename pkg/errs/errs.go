// Package errs is the one error shape of the product: a spec error code, a message and an
// HTTP status. Services return *Error; the api layer renders it as
// {"error": code, "message": message, "fields": {...}}.
package errs

import (
	"errors"
	"net/http"
)

// Error is a domain error that knows how it is shown to a client.
type Error struct {
	Status  int               `json:"-"`
	Code    string            `json:"error"`
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields,omitempty"`
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// New builds an error with a status, a code and a message.
func New(status int, code, message string) *Error {
	return &Error{Status: status, Code: code, Message: message}
}

// As extracts an *Error from err's chain.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// Validation collects field messages and becomes an ERR_VALIDATION error when any exist.
type Validation map[string]string

// Add records msg for field unless the field already has a message.
func (v Validation) Add(field, msg string) {
	if _, ok := v[field]; !ok {
		v[field] = msg
	}
}

// Err returns nil when nothing was added.
func (v Validation) Err() error {
	if len(v) == 0 {
		return nil
	}
	for _, m := range v {
		return &Error{Status: http.StatusBadRequest, Code: "ERR_VALIDATION", Message: m, Fields: v}
	}
	return nil
}

// Catalogue entries used across packages. Messages are Portuguese, as the product's.
var (
	ErrInvalidCredentials  = New(http.StatusUnauthorized, "ERR_INVALID_CREDENTIALS", "Erro de autenticação. Por favor, tente novamente.")
	ErrSessionExpired      = New(http.StatusUnauthorized, "ERR_SESSION_EXPIRED", "Sessão expirada. Por favor, faça login.")
	ErrInvalidToken        = New(http.StatusUnauthorized, "ERR_INVALID_TOKEN", "invalid token, contact the administrator")
	ErrNoPermission        = New(http.StatusForbidden, "ERR_NO_PERMISSION", "Você não tem permissão para acessar este recurso.")
	ErrUserCreationOff     = New(http.StatusForbidden, "ERR_USER_CREATION_DISABLED", "Criação de usuário desabilitada pelo administrador.")
	ErrUserLimit           = New(http.StatusForbidden, "ERR_USER_LIMIT_REACHED", "Limite de usuários do plano atingido.")
	ErrNoUser              = New(http.StatusNotFound, "ERR_NO_USER_FOUND", "Nenhum usuário encontrado com este ID.")
	ErrNoSetting           = New(http.StatusNotFound, "ERR_NO_SETTING_FOUND", "Nenhuma configuração encontrada com este ID.")
	ErrNoCompany           = New(http.StatusNotFound, "ERR_NO_COMPANY_FOUND", "Nenhuma empresa encontrada com este ID.")
	ErrTooManyAttempts     = New(http.StatusTooManyRequests, "ERR_TOO_MANY_ATTEMPTS", "Muitas tentativas de login. Aguarde alguns minutos e tente novamente.")
	ErrEmailExists         = New(http.StatusConflict, "ERR_EMAIL_ALREADY_EXISTS", "Já existe um usuário com este e-mail.")
	ErrSignupDisabled      = New(http.StatusForbidden, "ERR_SIGNUP_DISABLED", "O cadastro de novas empresas está desabilitado.")
	ErrInvalidResetToken   = New(http.StatusBadRequest, "ERR_INVALID_RESET_TOKEN", "Código inválido ou expirado.")
	ErrSubscriptionExpired = New(http.StatusPaymentRequired, "ERR_SUBSCRIPTION_EXPIRED", "Opss! Sua assinatura venceu. Entre em contato com o Suporte para mais informações!")
	ErrCompanyBlocked      = New(http.StatusForbidden, "ERR_COMPANY_BLOCKED", "Esta empresa está bloqueada. Entre em contato com o Suporte para mais informações!")
	ErrNotFound            = New(http.StatusNotFound, "ERR_NOT_FOUND", "Recurso não encontrado.")
	ErrBadRequest          = New(http.StatusBadRequest, "ERR_BAD_REQUEST", "Requisição inválida.")
	ErrRequestTooLarge     = New(http.StatusRequestEntityTooLarge, "ERR_REQUEST_TOO_LARGE", "A requisição excede o tamanho máximo permitido.")
	ErrInvalidInput        = New(http.StatusBadRequest, "ERR_INVALID_INPUT", "A requisição contém caracteres inválidos (NUL ou UTF-8 inválido).")
)
