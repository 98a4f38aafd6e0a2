// Package testutil gives tests real PostgreSQL and Redis: each test gets its own database,
// cloned from a migrated template, and its own Redis db number, both cleaned up afterwards.
package testutil

import (
	"cmp"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/redis/go-redis/v9"
	"golang.org/x/crypto/bcrypt"

	migrations "atende/db"
	"atende/pkg/app"
	"atende/pkg/config"
	atdb "atende/pkg/db"
	"atende/pkg/seed"
	"atende/pkg/user"
)

// AdminEmail and AdminPassword are the seeded super admin of every test app.
const (
	AdminEmail    = "admin@atende.local"
	AdminPassword = "Admin@12345"
)

// BaseURL is the server the tests connect to; its database is only used to create others.
func BaseURL() string {
	if u := os.Getenv("TEST_DATABASE_URL"); u != "" {
		return u
	}
	if u := os.Getenv("DATABASE_URL"); u != "" {
		return u
	}
	return "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
}

func withDB(base, name string) string {
	u, _ := url.Parse(base)
	u.Path = "/" + name
	return u.String()
}

var seq atomic.Int64

// DatabaseURL creates a fresh migrated database for t and returns its URL.
func DatabaseURL(t testing.TB) string {
	t.Helper()
	admin, err := sql.Open("pgx", BaseURL())
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	tmpl := templateName()
	ensureTemplate(t, admin, tmpl)
	name := fmt.Sprintf("atende_t_%d_%d_%d", os.Getpid(), time.Now().UnixNano()%1e6, seq.Add(1))
	if _, err := admin.Exec(fmt.Sprintf(`CREATE DATABASE %s TEMPLATE %s`, name, tmpl)); err != nil {
		t.Fatalf("create test database: %v", err)
	}
	t.Cleanup(func() {
		a, err := sql.Open("pgx", BaseURL())
		if err == nil {
			a.Exec(fmt.Sprintf(`DROP DATABASE IF EXISTS %s WITH (FORCE)`, name))
			a.Close()
		}
	})
	return withDB(BaseURL(), name)
}

// templateName changes whenever a migration changes, so a stale template is never used.
func templateName() string {
	h := sha256.New()
	_ = fs.WalkDir(migrations.Migrations, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := fs.ReadFile(migrations.Migrations, p)
			h.Write([]byte(p))
			h.Write(b)
		}
		return nil
	})
	return "atende_tmpl_" + hex.EncodeToString(h.Sum(nil))[:12]
}

func ensureTemplate(t testing.TB, admin *sql.DB, tmpl string) {
	ctx := context.Background()
	conn, err := admin.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// One package builds the template; the others wait on the lock.
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(727402)`); err != nil {
		t.Fatal(err)
	}
	defer conn.ExecContext(ctx, `SELECT pg_advisory_unlock(727402)`)
	var exists bool
	conn.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, tmpl).Scan(&exists)
	if exists {
		return
	}
	build := tmpl + "_build"
	conn.ExecContext(ctx, fmt.Sprintf(`DROP DATABASE IF EXISTS %s WITH (FORCE)`, build))
	if _, err := conn.ExecContext(ctx, fmt.Sprintf(`CREATE DATABASE %s`, build)); err != nil {
		t.Fatal(err)
	}
	g, err := atdb.Open(withDB(BaseURL(), build))
	if err != nil {
		t.Fatal(err)
	}
	if err := atdb.Migrate(g); err != nil {
		t.Fatal(err)
	}
	if _, err := seed.Run(ctx, g, AdminEmail, AdminPassword); err != nil {
		t.Fatal(err)
	}
	if s, err := g.DB(); err == nil {
		s.Close()
	}
	if _, err := conn.ExecContext(ctx, fmt.Sprintf(`ALTER DATABASE %s RENAME TO %s`, build, tmpl)); err != nil {
		t.Fatal(err)
	}
}

// RedisURL returns a Redis URL on a db number of its own, flushed before and after t.
// Numbers 1–13 rotate; 0 holds the reservations and 14–15 are the end-to-end run's. A number
// is reserved (a key in db 0) while a test holds it, so tests of packages or processes
// running at the same time never share, and flush, each other's db. The server is
// TEST_REDIS_URL's (make test starts one of the tests' own on 6380), else REDIS_URL's.
func RedisURL(t testing.TB) string {
	t.Helper()
	base := cmp.Or(os.Getenv("TEST_REDIS_URL"), os.Getenv("REDIS_URL"), "redis://127.0.0.1:6379/0")
	opt, err := redis.ParseURL(base)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	root := redis.NewClient(opt)
	var db int
	var lock string
	for i := 0; ; i++ {
		n, err := root.Incr(ctx, "atende:test:redis-db").Result()
		if err != nil {
			root.Close()
			t.Fatalf("redis: %v", err)
		}
		db = int(n%13) + 1
		lock = fmt.Sprintf("atende:test:redis-db:%d", db)
		if ok, err := root.SetNX(ctx, lock, os.Getpid(), 10*time.Minute).Result(); err == nil && ok {
			if !strayWorker(ctx, base, db) {
				break
			}
			// Left reserved: no test takes this db until the reservation expires.
			t.Logf("redis: db %d has a live asynq server that no test holds (a worker left behind by a killed test run?): skipped, it would take this test's tasks", db)
		}
		if i == 13*200 {
			root.Close()
			t.Fatal("redis: every test db (1–13) is in use")
		}
		if i%13 == 12 {
			time.Sleep(50 * time.Millisecond)
		}
	}
	copt, _ := redis.ParseURL(base)
	copt.DB = db
	c := redis.NewClient(copt)
	c.FlushDB(ctx)
	t.Cleanup(func() {
		c.FlushDB(ctx)
		c.Close()
		root.Del(ctx, lock)
		root.Close()
	})
	u, _ := url.Parse(base)
	u.Path = fmt.Sprintf("/%d", db)
	return u.String()
}

// Redis is a client of a Redis db of the test's own (RedisURL), closed when t ends.
func Redis(t testing.TB) *redis.Client {
	t.Helper()
	opt, err := redis.ParseURL(RedisURL(t))
	if err != nil {
		t.Fatal(err)
	}
	c := redis.NewClient(opt)
	t.Cleanup(func() { c.Close() })
	return c
}

// strayWorker reports whether an asynq server heartbeats on db of base's server although
// the db is free: every test flushes its db when it ends, so this is a worker process that
// outlived its test (its test binary killed, or timed out) and still takes queued tasks.
func strayWorker(ctx context.Context, base string, db int) bool {
	opt, _ := redis.ParseURL(base)
	opt.DB = db
	c := redis.NewClient(opt)
	defer c.Close()
	live, err := c.ZCount(ctx, "asynq:servers", fmt.Sprint("(", time.Now().Unix()), "+inf").Result()
	return err == nil && live > 0
}

// Config is a development configuration pointing at fresh stores.
func Config(t testing.TB) config.Config {
	t.Setenv("APP_ENV", "test")
	cfg, err := config.Load()
	if err != nil {
		t.Fatal(err)
	}
	cfg.DatabaseURL = DatabaseURL(t)
	cfg.RedisURL = RedisURL(t)
	cfg.MediaDir = t.TempDir()
	cfg.AdminEmail, cfg.AdminPassword = AdminEmail, AdminPassword
	cfg.WebDir = t.TempDir()
	cfg.IntegrationPrivateNets = []string{"127.0.0.0/8", "::1"} // the fakes of outside services
	return cfg
}

// App builds a wired application on fresh stores.
func App(t testing.TB) *app.App {
	t.Helper()
	quiet()
	a, err := app.New(Config(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.Close)
	return a
}

var quietOnce sync.Once

// quiet keeps request logs out of test output and makes password hashing cheap.
func quiet() {
	quietOnce.Do(func() {
		slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
		user.BcryptCost = bcrypt.MinCost
	})
}

// Queued is a tasks.Enqueuer that records the tasks instead of sending them to Redis.
type Queued struct {
	mu    sync.Mutex
	tasks []*asynq.Task
}

// EnqueueContext records t.
func (q *Queued) EnqueueContext(_ context.Context, t *asynq.Task, _ ...asynq.Option) (*asynq.TaskInfo, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.tasks = append(q.tasks, t)
	return &asynq.TaskInfo{}, nil
}

// Tasks are the tasks recorded so far, in order.
func (q *Queued) Tasks() []*asynq.Task {
	q.mu.Lock()
	defer q.mu.Unlock()
	return slices.Clone(q.tasks)
}
