package worker_test

import (
	"bufio"
	"context"
	"io"
	"mime"
	"net"
	"net/mail"
	"strings"
	"testing"
	"time"

	"atende/pkg/app"
	"atende/pkg/config"
	atmail "atende/pkg/mail"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
	"atende/worker"
)

// received is one message a fake SMTP server accepted.
type received struct {
	from, to string
	data     string
}

// fakeSMTP listens on loopback and speaks just enough SMTP for net/smtp: no extensions, no
// TLS, no auth. Every accepted message is sent on the returned channel.
func fakeSMTP(t *testing.T) (int, <-chan received) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	out := make(chan received, 10)
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go serveSMTP(conn, out)
		}
	}()
	return ln.Addr().(*net.TCPAddr).Port, out
}

func serveSMTP(conn net.Conn, out chan<- received) {
	defer conn.Close()
	r := bufio.NewReader(conn)
	say := func(line string) { io.WriteString(conn, line+"\r\n") }
	say("220 fake.test ESMTP")
	var msg received
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
			say("250 fake.test")
		case strings.HasPrefix(cmd, "MAIL FROM:"):
			msg.from = strings.Trim(strings.TrimSpace(line)[10:], "<> ")
			say("250 OK")
		case strings.HasPrefix(cmd, "RCPT TO:"):
			msg.to = strings.Trim(strings.TrimSpace(line)[8:], "<> ")
			say("250 OK")
		case cmd == "DATA":
			say("354 end with .")
			var b strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				b.WriteString(strings.TrimPrefix(l, "."))
			}
			msg.data = b.String()
			out <- msg
			say("250 queued")
		case cmd == "QUIT":
			say("221 bye")
			return
		case cmd == "RSET", cmd == "NOOP":
			say("250 OK")
		default:
			say("502 not implemented")
		}
	}
}

// startWorker runs the real asynq server until the test ends.
func startWorker(t *testing.T, a *app.App) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- (&worker.Worker{App: a}).Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("worker: %v", err)
		}
	})
}

func TestMailSendDeliversThroughSMTP(t *testing.T) {
	a := testutil.App(t)
	port, inbox := fakeSMTP(t)
	a.Mail = atmail.SMTP{Cfg: config.SMTP{Host: "127.0.0.1", Port: port, From: "Atende <no-reply@atende.local>"}}
	startWorker(t, a)
	task, err := tasks.NewMailSend(tasks.MailSend{To: "ana@acme.test", Subject: "Redefinição de senha",
		Text: "Olá Ana,\n\nSeu código é: 123456\n"})
	if err != nil {
		t.Fatal(err)
	}
	if err := tasks.Enqueue(t.Context(), a.Queue, task); err != nil {
		t.Fatal(err)
	}
	var got received
	select {
	case got = <-inbox:
	case <-time.After(20 * time.Second):
		t.Fatal("no mail delivered")
	}
	if got.from != "no-reply@atende.local" || got.to != "ana@acme.test" {
		t.Fatalf("envelope from %q to %q", got.from, got.to)
	}
	m, err := mail.ReadMessage(strings.NewReader(got.data))
	if err != nil {
		t.Fatalf("parse %q: %v", got.data, err)
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
	if err != nil || subject != "Redefinição de senha" {
		t.Fatalf("subject %q (%v), raw %q", subject, err, m.Header.Get("Subject"))
	}
	if m.Header.Get("To") != "ana@acme.test" || !strings.Contains(m.Header.Get("Content-Type"), "charset=UTF-8") {
		t.Fatalf("headers %v", m.Header)
	}
	body, _ := io.ReadAll(m.Body)
	if want := "Olá Ana,\r\n\r\nSeu código é: 123456\r\n"; string(body) != want {
		t.Fatalf("body %q, want %q", body, want)
	}
}

func TestMarkOfflineSweepsIdleUsers(t *testing.T) {
	a := testutil.App(t)
	acme := testutil.NewTenant(t, a, "acme", 0)
	idle, fresh := acme.Attender.ID, acme.Admin.ID
	set := func(id int64, seen string) {
		if err := a.DB.Exec("UPDATE users SET online = true, last_seen_at = now() - ?::interval WHERE id = ?", seen, id).Error; err != nil {
			t.Fatal(err)
		}
	}
	set(idle, "10 minutes")
	set(fresh, "0 seconds")
	startWorker(t, a)
	task, err := tasks.NewUsersMarkOffline(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := tasks.Enqueue(t.Context(), a.Queue, task); err != nil {
		t.Fatal(err)
	}
	online := func(id int64) bool {
		var on bool
		a.DB.Raw("SELECT online FROM users WHERE id = ?", id).Scan(&on)
		return on
	}
	deadline := time.Now().Add(20 * time.Second)
	for online(idle) {
		if time.Now().After(deadline) {
			t.Fatal("idle user still online")
		}
		time.Sleep(100 * time.Millisecond)
	}
	if !online(fresh) {
		t.Fatal("a user seen just now was marked offline")
	}
}
