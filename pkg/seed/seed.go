// Package seed creates what a fresh install needs: the main company (id 1, endless due date),
// a plan with every flag on, and the super admin. It is idempotent and never overwrites data.
package seed

import (
	"context"
	"fmt"

	"gorm.io/gorm"

	"atende/pkg/user"
)

// Result tells what the seed found or created.
type Result struct {
	AdminEmail   string
	AdminCreated bool
}

// Run seeds db; the super admin gets adminEmail and adminPassword only when created.
func Run(ctx context.Context, db *gorm.DB, adminEmail, adminPassword string) (Result, error) {
	res := Result{AdminEmail: adminEmail}
	err := db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		steps := []string{
			`INSERT INTO plans (id, name, users, connections, queues, amount, is_public,
				use_whatsapp, use_facebook, use_instagram, use_campaigns, use_schedules,
				use_internal_chat, use_external_api, use_kanban, use_open_ai, use_integrations)
			 VALUES (1, 'Plano Completo', 100, 100, 100, 49, true,
				true, true, true, true, true, true, true, true, true, true)
			 ON CONFLICT DO NOTHING`,
			`SELECT setval('plans_id_seq', GREATEST((SELECT max(id) FROM plans), 1))`,
			`INSERT INTO companies (id, name, plan_id, status, due_date, recurrence)
			 VALUES (1, 'Atende', 1, true, '2999-12-31', 'MENSAL') ON CONFLICT DO NOTHING`,
			`SELECT setval('companies_id_seq', GREATEST((SELECT max(id) FROM companies), 1))`,
		}
		for _, q := range steps {
			if err := tx.Exec(q).Error; err != nil {
				return fmt.Errorf("seed: %w", err)
			}
		}
		var n int64
		if err := tx.Model(&user.User{}).Where("super").Count(&n).Error; err != nil || n > 0 {
			return err
		}
		hash, err := user.HashPassword(adminPassword)
		if err != nil {
			return err
		}
		admin := user.NewAdmin(1, "Administrador", adminEmail, hash)
		admin.Super = true
		admin.DefaultMenu = "open"
		res.AdminCreated = true
		return tx.Create(&admin).Error
	})
	return res, err
}
