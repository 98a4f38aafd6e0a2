package auth

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"time"

	"github.com/redis/go-redis/v9"

	"atende/pkg/errs"
)

// Guessing limits live in Redis so they hold across api instances. Keys name e-mails and
// addresses by their sha256 (hashKey), never by the request's text, which has no bound.

// Limiter slows password guessing without locking the owner out. Sign-in failures are counted
// per account and address together: after Free of them that pair waits Base, then twice as
// long after each further failure, up to Cap, while the same account from another address is
// not slowed. Each address also has a generous cap of failures per Window, as an office may
// share one address.
type Limiter struct {
	RDB        *redis.Client
	Free       int64
	Base, Cap  time.Duration
	AddressMax int64
	// Window is how long failures are remembered after the last one; longer than Cap.
	Window time.Duration
}

// attemptScript refuses (-1) while the pair waits or the address is over its cap; otherwise it
// counts the attempt as a failure and, from the Free-th on, makes the pair wait.
// KEYS: pair failures, pair wait, address failures. ARGV: free, base ms, cap ms, address max,
// window ms.
var attemptScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[2]) == 1 then return -1 end
if tonumber(redis.call('GET', KEYS[3]) or '0') >= tonumber(ARGV[4]) then return -1 end
local n = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('INCR', KEYS[3])
redis.call('PEXPIRE', KEYS[3], ARGV[5])
local free = tonumber(ARGV[1])
if n >= free then
  local wait = math.min(tonumber(ARGV[2]) * 2 ^ math.min(n - free, 40), tonumber(ARGV[3]))
  if wait >= 1 then redis.call('SET', KEYS[2], '1', 'PX', string.format('%d', wait)) end
end
return n`)

// successScript forgets the pair's failures and gives the address its attempt back.
var successScript = redis.NewScript(`
redis.call('DEL', KEYS[1], KEYS[2])
if tonumber(redis.call('GET', KEYS[3]) or '0') > 0 then redis.call('DECR', KEYS[3]) end
return 0`)

func (l Limiter) keys(ip, email string) []string {
	pair := hashKey(email, ip)
	return []string{"auth:fail:" + pair, "auth:wait:" + pair, "auth:fail:ip:" + hashKey(ip)}
}

// Attempt records a sign-in attempt before its password is checked, or refuses it with
// ERR_TOO_MANY_ATTEMPTS. Counting it as a failure up front keeps parallel guesses from all
// passing before the first failure is recorded; Success takes it back.
func (l Limiter) Attempt(ctx context.Context, ip, email string) error {
	if l.RDB == nil {
		return nil
	}
	n, err := attemptScript.Run(ctx, l.RDB, l.keys(ip, email), l.Free, l.Base.Milliseconds(),
		l.Cap.Milliseconds(), l.AddressMax, l.Window.Milliseconds()).Int64()
	if err != nil {
		return err
	}
	if n < 0 {
		return errs.ErrTooManyAttempts
	}
	return nil
}

// Success clears the pair after a good password.
func (l Limiter) Success(ctx context.Context, ip, email string) {
	if l.RDB != nil {
		_ = successScript.Run(ctx, l.RDB, l.keys(ip, email)).Err()
	}
}

// Quota allows Max uses per Window (a fixed window) for each value of one key.
type Quota struct {
	Name   string
	Max    int64
	Window time.Duration
}

// The quotas of password reset and signup.
var (
	ResetRequestsPerEmail   = Quota{"reset:req:email", 5, time.Hour}
	ResetRequestsPerAddress = Quota{"reset:req:ip", 20, time.Hour}
	ResetGuessesPerEmail    = Quota{"reset:try:email", 10, time.Hour}
	ResetGuessesPerAddress  = Quota{"reset:try:ip", 30, time.Hour}
	SignupsPerAddress       = Quota{"signup:ip", 3, time.Hour}
)

// use is one unit of a quota for one value.
type use struct {
	q     Quota
	value string
}

func (q Quota) of(value string) use { return use{q, value} }

// takeScript uses one unit of every key, or none (0) when one of them is spent.
// KEYS: the quota keys. ARGV: the max and the window (ms) of each key, in turn.
var takeScript = redis.NewScript(`
for i, k in ipairs(KEYS) do
  if tonumber(redis.call('GET', k) or '0') >= tonumber(ARGV[2*i-1]) then return 0 end
end
for i, k in ipairs(KEYS) do
  if redis.call('INCR', k) == 1 then redis.call('PEXPIRE', k, ARGV[2*i]) end
end
return 1`)

var giveScript = redis.NewScript(`
for _, k in ipairs(KEYS) do
  if tonumber(redis.call('GET', k) or '0') > 0 then redis.call('DECR', k) end
end
return 0`)

func quotaArgs(uses []use) (keys []string, args []any) {
	for _, u := range uses {
		keys = append(keys, "auth:quota:"+u.q.Name+":"+hashKey(u.value))
		args = append(args, u.q.Max, u.q.Window.Milliseconds())
	}
	return keys, args
}

// take uses one unit of each quota at once, or refuses with ERR_TOO_MANY_ATTEMPTS.
func take(ctx context.Context, rdb *redis.Client, uses ...use) error {
	if rdb == nil {
		return nil
	}
	keys, args := quotaArgs(uses)
	ok, err := takeScript.Run(ctx, rdb, keys, args...).Int64()
	if err != nil {
		return err
	}
	if ok == 0 {
		return errs.ErrTooManyAttempts
	}
	return nil
}

// give returns the units of a request that ended up doing nothing.
func give(ctx context.Context, rdb *redis.Client, uses ...use) {
	if rdb != nil {
		keys, _ := quotaArgs(uses)
		_ = giveScript.Run(ctx, rdb, keys).Err()
	}
}

// hashKey names request data in a Redis key: bounded in length and never the text itself.
func hashKey(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}
