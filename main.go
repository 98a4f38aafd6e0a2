// Command atende runs the Atende processes: api, worker, scheduler, all (the three in one
// process) and migrate. Wiring only; everything else lives in its package.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"golang.org/x/sync/errgroup"

	"atende/api"
	"atende/pkg/app"
	"atende/pkg/config"
	"atende/pkg/db"
	"atende/pkg/seed"
	"atende/scheduler"
	"atende/worker"
)

const usage = `usage: atende <command>

commands:
  api        HTTP API, WebSocket and web app
  worker     background task processor
  scheduler  cron table (enqueues periodic tasks)
  all        api, worker and scheduler in one process
  migrate    apply database migrations and seed, then exit`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	}
	cfg, err := config.Load()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	tuneGC()
	setupLogging(cfg)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, cfg, os.Args[1]); err != nil && !errors.Is(err, context.Canceled) {
		slog.Error("exit", "err", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, cfg config.Config, cmd string) error {
	roles := map[string][]string{
		"api": {"api"}, "worker": {"worker"}, "scheduler": {"scheduler"},
		"all": {"api", "worker", "scheduler"}, "migrate": nil,
	}
	want, ok := roles[cmd]
	if !ok {
		return fmt.Errorf("unknown command %q\n%s", cmd, usage)
	}
	a, err := app.New(cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	if err := migrateAndSeed(ctx, a, cmd == "migrate"); err != nil {
		return err
	}
	g, ctx := errgroup.WithContext(ctx)
	for _, role := range want {
		switch role {
		case "api":
			g.Go(func() error { return api.New(a).Run(ctx) })
			slog.Info("api listening", "port", cfg.Port, "url", cfg.FrontendURL)
		case "worker":
			g.Go(func() error { return (&worker.Worker{App: a}).Run(ctx) })
		case "scheduler":
			g.Go(func() error { return scheduler.Run(ctx, a.Queue) })
		}
	}
	return g.Wait()
}

// migrateAndSeed runs at every start so a fresh database is usable at once; the seed never
// overwrites existing data.
func migrateAndSeed(ctx context.Context, a *app.App, announce bool) error {
	if err := db.Migrate(a.DB); err != nil {
		return err
	}
	res, err := seed.Run(ctx, a.DB, a.Cfg.AdminEmail, a.Cfg.AdminPassword)
	if err != nil {
		return err
	}
	if res.AdminCreated {
		slog.Info("super admin created", "email", res.AdminEmail)
	}
	if announce {
		fmt.Printf("migrations applied; super admin: %s\n", res.AdminEmail)
	}
	return nil
}

func setupLogging(cfg config.Config) {
	level := slog.LevelInfo
	switch strings.ToLower(cfg.LogLevel) {
	case "debug":
		level = slog.LevelDebug
	case "warn":
		level = slog.LevelWarn
	case "error":
		level = slog.LevelError
	}
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: level})))
}
