package contactlist

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"gorm.io/gorm"

	"atende/pkg/connection"
	"atende/pkg/errs"
	"atende/pkg/importjob"
	"atende/pkg/tasks"
	"atende/pkg/tenant"
)

// Kinds of job in contact_list_imports.
const (
	KindImport = "import" // a spreadsheet read, then its new numbers checked
	KindCheck  = "check"  // every number of the list checked again ("re-check numbers")
)

// Errors of a re-check.
var (
	ErrCheckRunning    = errs.New(http.StatusConflict, "ERR_CHECK_RUNNING", "Esta lista já está importando ou verificando números. Aguarde o fim.")
	ErrCheckEmpty      = errs.New(http.StatusBadRequest, "ERR_CHECK_EMPTY_LIST", "A lista não tem contatos para verificar.")
	ErrCheckConnection = errs.New(http.StatusBadRequest, "ERR_CHECK_NO_CONNECTION", WarnNoConnection)
)

// checkChannels are the channels whose connections can check a number.
var checkChannels = []string{connection.ChannelWhatsApp, connection.ChannelWhatsAppAPI, connection.ChannelSandbox}

// Recheck has every number of list listID checked on WhatsApp again, in the worker, as a
// job whose progress is stored and published like an import's: through connection connID
// (0: the company's default), whatsmeow asking IsOnWhatsApp, Cloud API and sandbox checking
// the format. Items keep their mark until their batch is asked (campaigns go on using
// them). One job per list runs at a time; a refused request writes nothing.
func (s Service) Recheck(ctx context.Context, userID, listID, connID int64) (Import, error) {
	l, err := s.Get(ctx, listID)
	if err != nil {
		return Import{}, err
	}
	check, err := s.recheckThrough(ctx, connID)
	if err != nil {
		return Import{}, err
	}
	im := Import{CompanyID: l.CompanyID, ContactListID: l.ID, Kind: KindCheck, ConnectionID: &check.conn.ID,
		State: importjob.State{Status: StatusChecking, Percent: 100}}
	if userID > 0 {
		im.UserID = &userID
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// The uploads' lock: an import and a check of one list never start together.
		if err := tx.Exec("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", "contact_list_upload:"+strconv.FormatInt(l.ID, 10)).Error; err != nil {
			return err
		}
		var running int64
		if err := tx.Model(&Import{}).Where("contact_list_id = ? AND status IN ? AND updated_at > ?", l.ID,
			[]string{StatusPending, StatusReading, StatusChecking}, time.Now().Add(-staleAfter)).Count(&running).Error; err != nil {
			return err
		}
		if running > 0 {
			return ErrCheckRunning
		}
		var n int64
		if err := tx.Model(&Item{}).Where("contact_list_id = ?", l.ID).Count(&n).Error; err != nil {
			return err
		}
		if n == 0 {
			return ErrCheckEmpty
		}
		im.ToCheck = int(n)
		return tx.Create(&im).Error
	})
	if err != nil {
		return Import{}, err
	}
	if err := s.enqueueCheck(ctx, recheckTask(im)); err != nil {
		s.DB.WithContext(ctx).Delete(&Import{}, im.ID)
		return Import{}, err
	}
	s.announceImport(ctx, im.ID)
	return s.GetImport(ctx, l.ID, im.ID)
}

// recheckThrough is the connection a re-check asks: connID, or the company's default; one
// that can't check now (none, a disconnected WhatsApp) refuses with the reason.
func (s Service) recheckThrough(ctx context.Context, connID int64) (numberCheck, error) {
	check := s.checker(ctx)
	if connID > 0 {
		conn, err := tenant.Get[connection.Connection](ctx, s.DB, connID, ErrCheckConnection)
		if err != nil {
			return numberCheck{}, err
		}
		check = numberCheck{warning: WarnNoConnection}
		for _, ch := range checkChannels {
			if conn.Channel == ch {
				check = s.checkerOf(conn)
			}
		}
	}
	if check.conn == nil || (check.checker == nil && !check.format) {
		return numberCheck{}, errs.New(http.StatusBadRequest, ErrCheckConnection.Code, check.warning)
	}
	return check, nil
}

func recheckTask(im Import) tasks.ContactListCheck {
	p := tasks.ContactListCheck{CompanyID: im.CompanyID, ContactListID: im.ContactListID, ImportID: im.ID,
		AfterID: im.CheckAfter, Recheck: im.Kind == KindCheck}
	if im.ConnectionID != nil {
		p.ConnectionID = *im.ConnectionID
	}
	return p
}

// requeueCheck queues again a check a lost queue stranded, from its cursor: a re-check
// through its own connection, an import's check through the company's current one.
func (s Service) requeueCheck(ctx context.Context, im Import) {
	p := recheckTask(im)
	if im.Kind != KindCheck {
		c := s.checker(ctx)
		if c.conn == nil {
			_ = s.checkDone(ctx, p, c.warning)
			return
		}
		p.ConnectionID = c.conn.ID
	}
	if p.ConnectionID == 0 {
		_ = s.checkDone(ctx, p, WarnNoConnection)
		return
	}
	_ = s.enqueueCheck(ctx, p) // a task still known to asynq: a no-op
}
