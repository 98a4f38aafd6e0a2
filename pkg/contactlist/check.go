package contactlist

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"atende/pkg/channel"
	"atende/pkg/connection"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
)

// CheckBatch is how many numbers one check task asks about (in chunks the channel picks);
// the next batch is another task, so a long list never holds a worker.
const CheckBatch = 500

// numberCheck is how the company's numbers are checked: through conn's channel when it can
// tell which numbers have WhatsApp (whatsmeow), by their format only (Cloud API, sandbox:
// valid once normalised), or not at all (no usable connection: left unchecked, warning says
// why).
type numberCheck struct {
	conn    *connection.Connection
	checker channel.NumberChecker
	format  bool
	warning string
}

// formatOnly is the validity an item gets when written: true when the format is all there
// is to check, nil (unchecked) otherwise.
func (c numberCheck) formatOnly() *bool {
	if c.format {
		t := true
		return &t
	}
	return nil
}

// Warnings of an import whose numbers could not be checked.
const (
	WarnNoConnection = "Nenhuma conexão de WhatsApp para verificar os números: ficaram sem verificação."
	WarnDisconnected = "A conexão %s está desconectada: os números ficaram sem verificação."
	WarnCheckFailed  = "A verificação dos números no WhatsApp falhou; os números restantes ficaram sem verificação."
)

// checker picks the connection that checks the company's numbers: the default one, else a
// connected one, among the WhatsApp channels (whatsmeow, Cloud API) and the sandbox.
func (s Service) checker(ctx context.Context) numberCheck {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return numberCheck{warning: WarnNoConnection}
	}
	var conn connection.Connection
	err = q.Where("channel IN ?", []string{connection.ChannelWhatsApp, connection.ChannelWhatsAppAPI, connection.ChannelSandbox}).
		Order("is_default DESC").Order(fmt.Sprintf("status = '%s' DESC", connection.StatusConnected)).Order("id").
		Limit(1).Find(&conn).Error
	if err != nil || conn.ID == 0 {
		return numberCheck{warning: WarnNoConnection}
	}
	return s.checkerOf(conn)
}

func (s Service) checkerOf(conn connection.Connection) numberCheck {
	ch, err := s.Channels.For(conn)
	if err != nil {
		return numberCheck{warning: WarnNoConnection}
	}
	nc, ok := ch.(channel.NumberChecker)
	switch {
	case !ok:
		return numberCheck{conn: &conn, format: true}
	case conn.Status != connection.StatusConnected:
		return numberCheck{warning: fmt.Sprintf(WarnDisconnected, conn.Name)}
	}
	return numberCheck{conn: &conn, checker: nc}
}

func (s Service) enqueueCheck(ctx context.Context, p tasks.ContactListCheck) error {
	t, err := tasks.NewContactListCheck(p)
	if err != nil {
		return err
	}
	return tasks.Enqueue(ctx, s.Queue, t)
}

// CheckPending has the list's unchecked numbers checked through connection connID (a
// campaign's, before it picks its audience): in the worker, in batches.
func (s Service) CheckPending(ctx context.Context, listID, connID int64) error {
	l, err := s.Get(ctx, listID)
	if err != nil {
		return err
	}
	return s.enqueueCheck(ctx, tasks.ContactListCheck{CompanyID: l.CompanyID, ContactListID: l.ID, ConnectionID: connID})
}

// Check runs one check task: the next CheckBatch unchecked items of the list after AfterID
// (every item, for a re-check) are asked about through the connection, marked, and the
// next batch is queued. A batch checked twice (a redelivered task) finds its items already
// marked (a re-check's asks again and marks the same). The last try of a
// failing batch gives up, leaving the rest unchecked and the import warned.
func (s Service) Check(ctx context.Context, p tasks.ContactListCheck, lastTry bool) error {
	ctx = tenant.With(ctx, p.CompanyID)
	conn, err := tenant.Get[connection.Connection](ctx, s.DB, p.ConnectionID, ErrNotFound)
	if errors.Is(err, ErrNotFound) {
		return s.checkDone(ctx, p, WarnNoConnection)
	}
	if err != nil {
		return err
	}
	var items []Item
	q := s.DB.WithContext(ctx).Where("company_id = ? AND contact_list_id = ? AND id > ?", p.CompanyID, p.ContactListID, p.AfterID)
	if !p.Recheck {
		q = q.Where("is_whatsapp_valid IS NULL")
	}
	err = q.Order("id").Limit(CheckBatch).Find(&items).Error
	if err != nil || len(items) == 0 {
		if err != nil {
			return err
		}
		return s.checkDone(ctx, p, "")
	}
	c := s.checkerOf(conn)
	if c.checker == nil && !c.format {
		return s.checkDone(ctx, p, c.warning)
	}
	if err := s.checkItems(ctx, conn, c, items, p.Recheck); err != nil {
		var elsewhere *channel.ElsewhereError
		if errors.As(err, &elsewhere) || !lastTry {
			return err
		}
		slog.Warn("contact list check gave up", "list", p.ContactListID, "err", err)
		return s.checkDone(ctx, p, WarnCheckFailed)
	}
	last := items[len(items)-1].ID
	s.checkProgress(ctx, p, len(items), last)
	if len(items) < CheckBatch {
		return s.checkDone(ctx, p, "")
	}
	next := p
	next.AfterID = last
	return s.enqueueCheck(ctx, next)
}

// checkItems asks the channel about the items' numbers and marks them: the unchecked ones,
// or all of them again (recheck).
func (s Service) checkItems(ctx context.Context, conn connection.Connection, c numberCheck, items []Item, recheck bool) error {
	ids := make([]int64, len(items))
	numbers := make([]string, len(items))
	for i, it := range items {
		ids[i], numbers[i] = it.ID, it.Number
	}
	var valid, invalid []int64
	if c.checker == nil {
		valid = ids
	} else {
		found, err := c.checker.CheckNumbers(ctx, conn, numbers)
		if err != nil {
			return err
		}
		for _, it := range items {
			if found[it.Number] {
				valid = append(valid, it.ID)
			} else {
				invalid = append(invalid, it.ID)
			}
		}
	}
	for v, ids := range map[bool][]int64{true: valid, false: invalid} {
		if len(ids) == 0 {
			continue
		}
		q := s.DB.WithContext(ctx).Model(&Item{}).Where("id IN ?", ids)
		if !recheck {
			q = q.Where("is_whatsapp_valid IS NULL")
		}
		err := q.Updates(map[string]any{"is_whatsapp_valid": v, "updated_at": time.Now()}).Error
		if err != nil {
			return err
		}
	}
	return nil
}

// checkProgress counts a batch done and moves the job's cursor past it (a redelivered
// batch counts once: its cursor has moved).
func (s Service) checkProgress(ctx context.Context, p tasks.ContactListCheck, n int, last int64) {
	if p.ImportID == 0 {
		return
	}
	s.DB.WithContext(ctx).Exec(`UPDATE contact_list_imports SET checked = least(checked + ?, to_check), check_after = ?,
		updated_at = now() WHERE id = ? AND check_after < ?`, n, last, p.ImportID, last)
	s.announceImport(ctx, p.ImportID)
}

// checkDone ends a check: the import (if any) is done, the list's items are reloaded.
func (s Service) checkDone(ctx context.Context, p tasks.ContactListCheck, warning string) error {
	if p.ImportID != 0 {
		err := s.DB.WithContext(ctx).Exec(`UPDATE contact_list_imports SET status = ?, warning = CASE WHEN ? <> '' THEN ? ELSE warning END,
			finished_at = now(), updated_at = now() WHERE id = ? AND status = ?`, StatusDone, warning, warning, p.ImportID, StatusChecking).Error
		if err != nil {
			return err
		}
		s.announceImport(ctx, p.ImportID)
	}
	s.publish(ctx, p.CompanyID, EventItem, map[string]any{"action": "reload", "contactListId": p.ContactListID})
	return nil
}
