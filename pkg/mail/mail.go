// Package mail sends e-mail through an SMTP relay.
package mail

import (
	"context"
	"crypto/tls"
	"fmt"
	"log/slog"
	"mime"
	"net"
	"net/mail"
	"net/smtp"
	"strconv"
	"strings"
	"time"

	"atende/pkg/config"
)

// Sender delivers one message.
type Sender interface {
	Send(ctx context.Context, to, subject, text string) error
}

// SMTP is a Sender over a relay. With no host configured it logs the message instead, so a
// development install works without a relay.
type SMTP struct{ Cfg config.SMTP }

// Send delivers a plain-text UTF-8 message, using STARTTLS when the relay offers it.
func (s SMTP) Send(ctx context.Context, to, subject, text string) error {
	if s.Cfg.Host == "" {
		slog.Info("mail: no SMTP_HOST configured, message not sent", "to", to, "subject", subject)
		return nil
	}
	from, err := mail.ParseAddress(s.Cfg.From)
	if err != nil {
		return fmt.Errorf("mail: bad SMTP_FROM: %w", err)
	}
	addr := net.JoinHostPort(s.Cfg.Host, strconv.Itoa(s.Cfg.Port))
	d := net.Dialer{Timeout: 15 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return err
	}
	if deadline, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(deadline)
	}
	c, err := smtp.NewClient(conn, s.Cfg.Host)
	if err != nil {
		conn.Close()
		return err
	}
	defer c.Close()
	if ok, _ := c.Extension("STARTTLS"); ok {
		if err := c.StartTLS(&tls.Config{ServerName: s.Cfg.Host}); err != nil {
			return err
		}
	}
	if s.Cfg.User != "" {
		if err := c.Auth(smtp.PlainAuth("", s.Cfg.User, s.Cfg.Pass, s.Cfg.Host)); err != nil {
			return err
		}
	}
	if err := c.Mail(from.Address); err != nil {
		return err
	}
	if err := c.Rcpt(to); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(compose(from.String(), to, subject, text)); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}

func compose(from, to, subject, text string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\n", from, to, mimeWord(subject))
	fmt.Fprintf(&b, "Date: %s\r\nMIME-Version: 1.0\r\n", time.Now().Format(time.RFC1123Z))
	b.WriteString("Content-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
	b.WriteString(strings.ReplaceAll(text, "\n", "\r\n"))
	return []byte(b.String())
}

func mimeWord(s string) string { return mimeQ.Encode("UTF-8", s) }

var mimeQ = mime.QEncoding
