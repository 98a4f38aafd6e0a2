package whatsapp_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"atende/pkg/app"
	"atende/pkg/channel/whatsapp"
	"atende/pkg/config"
	"atende/pkg/connection"
	"atende/pkg/message"
	"atende/pkg/tasks"
	"atende/pkg/testutil"
	"atende/worker"
)

// TestHelperProcess is a worker process with a fake WhatsApp, run by TestTwoWorkers.
func TestHelperProcess(t *testing.T) {
	if os.Getenv("WA_HELPER") != "1" {
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
	whatsapp.BackoffBase = 100 * time.Millisecond
	opt, _ := redis.ParseURL(cfg.RedisURL)
	f := newFactory()
	f.RDB, f.Worker = redis.NewClient(opt), cfg.WhatsApp.WorkerID
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	if err := (&worker.Worker{App: a, WhatsApp: f}).Run(ctx); err != nil {
		t.Fatal(err)
	}
	os.Exit(0)
}

func startWorker(t *testing.T, cfg config.Config, id string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
	cmd.Env = append(os.Environ(), "WA_HELPER=1", "APP_ENV=test", "WORKER_ID="+id, "WHATSAPP_LEASE_TTL=1500ms",
		"DATABASE_URL="+cfg.DatabaseURL, "REDIS_URL="+cfg.RedisURL, "MEDIA_DIR="+cfg.MediaDir, "LOG_LEVEL=error",
		"WORKER_CONCURRENCY=4", "DB_MAX_CONNS=5")
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Signal(syscall.SIGTERM); cmd.Wait() })
	return cmd
}

// liveOn lists, per connection, the workers whose fake client is connected right now.
func liveOn(a *app.App, ids []int64) map[int64][]string {
	out := map[int64][]string{}
	for _, id := range ids {
		prefix := fmt.Sprintf("wa:test:live:%d:", id)
		keys, _ := a.RDB.Keys(context.Background(), prefix+"*").Result()
		for _, k := range keys {
			out[id] = append(out[id], strings.TrimPrefix(k, prefix))
		}
	}
	return out
}

// TestTwoWorkers: two worker processes share the sessions, each connection connected by
// exactly one; sends and session commands reach the owner; when one worker dies the other
// takes its sessions over within the lease TTL, never two connected at once.
func TestTwoWorkers(t *testing.T) {
	cfg := testutil.Config(t)
	a, err := app.New(cfg) // the api process: hosts no sessions
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	ten := testutil.NewTenant(t, a, "acme", 0)
	var conns []connection.Connection
	var ids []int64
	for i := 0; i < 4; i++ {
		c := testutil.NewConnection(t, a, ten.Company.ID, fmt.Sprint("wa", i), func(c *connection.Connection) { c.Status = connection.StatusConnected })
		a.DB.Table("connections").Where("id = ?", c.ID).Update("wa_device_jid", fmt.Sprintf("551190000000%d:1@s.whatsapp.net", i))
		conns, ids = append(conns, c), append(ids, c.ID)
	}
	w1 := startWorker(t, cfg, "w1")
	startWorker(t, cfg, "w2")
	ctx := context.Background()
	owners := map[int64]string{}
	eventually(t, "every session connected once, shared by both workers", 20*time.Second, func() bool {
		live := liveOn(a, ids)
		hosts := map[string]int{}
		for _, id := range ids {
			if len(live[id]) != 1 {
				return false
			}
			owners[id] = live[id][0]
			hosts[owners[id]]++
		}
		return hosts["w1"] == 2 && hosts["w2"] == 2
	})
	for _, id := range ids {
		if o, _ := a.WhatsApp.Leases.OwnerOf(ctx, id); o != owners[id] {
			t.Fatalf("connection %d: lease %q, connected on %q", id, o, owners[id])
		}
	}

	// Sends queued on the shared queue run on (or are handed to) the owner.
	var msgIDs []int64
	for _, c := range conns {
		m := outgoingMessage(t, a, c, fmt.Sprint("55119111100", c.ID), "oi")
		task, _ := tasks.NewMessageSend(c.CompanyID, m.ID)
		if err := tasks.Enqueue(ctx, a.Queue, task); err != nil {
			t.Fatal(err)
		}
		msgIDs = append(msgIDs, m.ID)
	}
	eventually(t, "sends recorded", 20*time.Second, func() bool {
		var n int64
		a.DB.Model(&message.Message{}).Where("id IN ? AND provider_id IS NOT NULL", msgIDs).Count(&n)
		return n == int64(len(msgIDs))
	})
	for _, c := range conns {
		sent, _ := a.RDB.LRange(ctx, fmt.Sprintf("wa:test:sent:%d", c.ID), 0, -1).Result()
		if len(sent) != 1 || !strings.HasPrefix(sent[0], owners[c.ID]+" ") {
			t.Fatalf("connection %d owned by %s: sent %v", c.ID, owners[c.ID], sent)
		}
	}

	// The admin's Stop (api side) reaches the owner: logged out, DISCONNECTED, released.
	stopped := conns[3]
	if err := (whatsapp.Control{Hub: a.WhatsApp}).Stop(ctx, stopped); err != nil {
		t.Fatal(err)
	}
	eventually(t, "stopped", 10*time.Second, func() bool {
		var st string
		a.DB.Table("connections").Select("status").Where("id = ?", stopped.ID).Scan(&st)
		return st == connection.StatusDisconnected && len(liveOn(a, []int64{stopped.ID})[stopped.ID]) == 0
	})

	// w1 dies without a word: w2 takes its sessions over once the leases expire.
	w1.Process.Kill()
	w1.Wait()
	running := ids[:3]
	eventually(t, "takeover by w2", 15*time.Second, func() bool {
		live := liveOn(a, running)
		for _, id := range running {
			if len(live[id]) != 1 || live[id][0] != "w2" {
				return false
			}
		}
		return true
	})
	if n, _ := a.RDB.Get(ctx, "wa:test:violations").Int(); n != 0 {
		t.Fatalf("%d connects while another worker was connected", n)
	}
	if l := liveOn(a, []int64{stopped.ID})[stopped.ID]; len(l) != 0 {
		t.Fatalf("stopped session reconnected on %v", l)
	}
}
