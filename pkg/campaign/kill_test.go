package campaign_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"testing"
	"time"

	"atende/pkg/app"
	"atende/pkg/campaign"
	"atende/pkg/channel"
	"atende/pkg/config"
	"atende/pkg/connection"
	"atende/pkg/tenant"
	"atende/pkg/testutil"
	"atende/pkg/validate"
	"atende/worker"
)

// slow is the sandbox taking a while per send, so that a worker can be killed mid-campaign.
type slow struct{ channel.Channel }

func (s slow) Send(ctx context.Context, conn connection.Connection, out channel.Outgoing) (channel.Sent, error) {
	time.Sleep(60 * time.Millisecond)
	return s.Channel.Send(ctx, conn, out)
}

// TestCampaignHelperProcess is a worker process, run and killed by TestCampaignKillAndFlush.
func TestCampaignHelperProcess(t *testing.T) {
	if os.Getenv("CAMPAIGN_HELPER") != "1" {
		return
	}
	cfg, err := config.Load()
	if err != nil {
		t.Fatal(err)
	}
	a, err := app.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	a.Channels[connection.ChannelSandbox] = slow{a.Sandbox}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	if err := (&worker.Worker{App: a}).Run(ctx); err != nil {
		t.Fatal(err)
	}
	os.Exit(0)
}

func startHelper(t *testing.T, cfg config.Config, id string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^TestCampaignHelperProcess$")
	cmd.Env = append(os.Environ(), "CAMPAIGN_HELPER=1", "APP_ENV=test", "WORKER_ID="+id,
		"DATABASE_URL="+cfg.DatabaseURL, "REDIS_URL="+cfg.RedisURL, "MEDIA_DIR="+cfg.MediaDir, "LOG_LEVEL=error",
		"WORKER_CONCURRENCY=4", "DB_MAX_CONNS=6")
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Signal(syscall.SIGTERM); cmd.Wait() })
	return cmd
}

func waitFor(t *testing.T, what string, limit time.Duration, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Real worker processes: one is killed with SIGKILL mid-campaign and another takes over,
// then Redis is flushed mid-campaign; the reconciler requeues the campaign each time and
// every number still gets the message exactly once.
func TestCampaignKillAndFlush(t *testing.T) {
	if testing.Short() {
		t.Skip("starts worker processes")
	}
	cfg := testutil.Config(t)
	a, err := app.New(cfg) // the api process: runs no tasks
	must(t, err)
	defer a.Close()
	ten := testutil.NewTenant(t, a, "killer", 0)
	conn := testutil.NewConnection(t, a, ten.Company.ID, "sandbox", func(c *connection.Connection) {
		c.Channel, c.Status = connection.ChannelSandbox, connection.StatusConnected
	})
	f := &fixture{t: t, a: a, ctx: tenant.With(context.Background(), ten.Company.ID), ten: ten, conn: conn, clk: &clock{}, svc: a.Campaigns}
	const n = 40
	var numbers []string
	for i := 0; i < n; i++ {
		numbers = append(numbers, fmt.Sprintf("55119888800%02d", i))
	}
	f.list = f.newList(numbers...)
	f.settings(map[string]any{"startHour": "00:00", "endHour": "00:00", "sabado": true, "domingo": true})
	sent := func() int {
		var k int64
		a.DB.Table("sandbox_outbox").Where("connection_id = ?", conn.ID).Count(&k)
		return int(k)
	}
	requeue := func() { must(t, campaign.Requeue(context.Background(), a.DB, a.Queue, time.Now(), 0)) }

	w1 := startHelper(t, cfg, "w1")
	c, err := a.Campaigns.Create(f.ctx, f.input(func(in *campaign.Input) {
		in.ScheduledAt = validate.Nullable[string]{Set: true, Valid: true, Value: time.Now().Format(time.RFC3339)}
	}))
	must(t, err)
	waitFor(t, "a few sends", 60*time.Second, func() bool { return sent() >= 8 })
	must(t, w1.Process.Kill()) // kill -9, mid-send as likely as not
	w1.Wait()
	startHelper(t, cfg, "w2")
	requeue() // the reconciler's pass (its grace is waived here)
	waitFor(t, "sends after the kill", 60*time.Second, func() bool { return sent() >= 20 })
	must(t, a.RDB.FlushDB(context.Background()).Err())
	requeue()
	waitFor(t, "the campaign to finish", 90*time.Second, func() bool {
		return f.get(c.ID).Status == campaign.StatusFinished
	})
	time.Sleep(500 * time.Millisecond) // room for a late duplicate to show
	exactlyOnce(t, f.outbox(), numbers...)
}
