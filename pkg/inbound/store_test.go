package inbound

import (
	"testing"
	"time"
)

// A busy store's linger never holds back a full batch: it ends as soon as one waits, and
// a store without a linger never waits. (The linger itself is measured in bench/, not
// timed here: the cases below would hang for an hour if they waited.)
func TestLingerEndsWhenABatchIsFull(t *testing.T) {
	newGroup(0).wait() // no linger: returns at once

	waitingFull := newGroup(time.Hour)
	for range maxGroup {
		waitingFull.add(&entry{})
	}
	waitingFull.wait() // a full batch waits already

	filling := newGroup(time.Hour)
	if !filling.add(&entry{}) {
		t.Fatal("the first event of an idle store must lead its writer")
	}
	if filling.add(&entry{}) {
		t.Fatal("a second event must not start a second writer")
	}
	done := make(chan struct{})
	go func() {
		filling.wait()
		close(done)
	}()
	for range maxGroup - 2 {
		filling.add(&entry{})
	}
	<-done // the batch filled during the linger: it ended
}
