package contactimport

import (
	"context"

	"atende/pkg/connection"
	"atende/pkg/importjob"
	"atende/pkg/tenant"
)

// StartPhone queues the import of the phone's contacts of connection connID (0: the
// company's default connection). Only a connected whatsmeow connection keeps them: the
// Cloud API and the sandbox are refused here, before anything is written.
func (s Service) StartPhone(ctx context.Context, userID, connID int64) (Import, error) {
	conn, err := s.phoneConnection(ctx, connID)
	if err != nil {
		return Import{}, err
	}
	if _, err := s.phoneBook(conn); err != nil {
		return Import{}, err
	}
	if conn.Status != connection.StatusConnected {
		return Import{}, ErrNotConnected
	}
	im := Import{CompanyID: conn.CompanyID, Source: SourcePhone, ConnectionID: &conn.ID, Header: []string{},
		State: importjob.State{FileName: conn.Name, Status: StatusPending}}
	if userID > 0 {
		im.UserID = &userID
	}
	if err := s.DB.WithContext(ctx).Create(&im).Error; err != nil {
		return Import{}, err
	}
	if err := s.enqueue(ctx, im); err != nil {
		s.DB.WithContext(ctx).Delete(&Import{}, im.ID)
		return Import{}, err
	}
	s.announce(ctx, im.ID)
	return im, nil
}

// phoneConnection finds connection connID of the company, or its default one.
func (s Service) phoneConnection(ctx context.Context, connID int64) (connection.Connection, error) {
	if connID > 0 {
		return tenant.Get[connection.Connection](ctx, s.DB, connID, ErrNoConnection)
	}
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return connection.Connection{}, err
	}
	var conn connection.Connection
	err = q.Where("channel = ?", connection.ChannelWhatsApp).Order("is_default DESC, id").Limit(1).Find(&conn).Error
	if err == nil && conn.ID == 0 {
		err = ErrNoConnection
	}
	return conn, err
}
