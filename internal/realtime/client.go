package realtime

import (
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/tools/subscriptions"
)

// client is a realtime client whose cost is bounded: Send never blocks (the
// default client's unbuffered channel held one goroutine per message until
// the connection took it, forever for a client that stopped reading); the
// messages wait in a queue of at most limits.QueueMessages and
// limits.QueueBytes, and a client whose queue is full is dropped: its
// connection ends at once, and the app's SDK reconnects and refetches.
//
// Subscriptions and the key/value store are the default client's.
type client struct {
	*subscriptions.DefaultClient

	limits Limits
	queue  chan subscriptions.Message
	// rc and cancel end the connection: cancel stops PocketBase's loop, a
	// write deadline in the past interrupts a write stuck on a full socket.
	rc     *http.ResponseController
	cancel context.CancelFunc
	onDrop func()

	mu      sync.Mutex
	bytes   int  // size of the queued messages
	closed  bool // discarded or dropped: no more sends, no more writes
	dropped bool // ended for falling behind: the connection is cut
	greeted bool // PB_CONNECT, written before the queue is read, went out
}

func newClient(limits Limits, rc *http.ResponseController, cancel context.CancelFunc, onDrop func()) *client {
	return &client{
		DefaultClient: subscriptions.NewDefaultClient(),
		limits:        limits,
		queue:         make(chan subscriptions.Message, limits.QueueMessages),
		rc:            rc,
		cancel:        cancel,
		onDrop:        onDrop,
	}
}

// Channel is the queue PocketBase's connection loop reads.
func (c *client) Channel() chan subscriptions.Message {
	return c.queue
}

// Send queues m without waiting; a full queue drops the client.
func (c *client) Send(m subscriptions.Message) {
	if !c.enqueue(m) && c.onDrop != nil {
		c.onDrop()
	}
}

// enqueue queues m, or ends the client when there is no room for it
// (false). Sending to an ended client does nothing.
func (c *client) enqueue(m subscriptions.Message) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return true
	}
	size := messageSize(m)
	if c.bytes+size <= c.limits.QueueBytes {
		select {
		case c.queue <- m:
			c.bytes += size
			return true
		default:
		}
	}
	c.endLocked(true)
	return false
}

// Discard ends the client (the broker's Unregister calls it: a session
// that ended, the server stopping, the connection gone): no more messages,
// and the stream ends as a finished response.
func (c *client) Discard() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.endLocked(false)
}

// IsDiscarded reports whether the client was discarded or dropped.
func (c *client) IsDiscarded() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.closed
}

// endLocked closes the queue and stops the connection's loop; a dropped
// client's connection is also cut (a write in progress, stuck on a client
// that does not read, fails at once). c.mu is held.
func (c *client) endLocked(drop bool) {
	if c.closed {
		return
	}
	c.closed, c.dropped = true, drop
	close(c.queue)
	if c.cancel != nil {
		c.cancel()
	}
	if drop && c.rc != nil {
		_ = c.rc.SetWriteDeadline(time.Now())
	}
}

// finish runs when the connection's loop has returned, before the response
// ends: a dropped client's stays cut; any other gets WriteTimeout to write
// the end of the stream (the last message's deadline may have passed), so
// the browser sees a finished response, not a broken one.
func (c *client) finish() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.rc == nil {
		return
	}
	if c.dropped {
		_ = c.rc.SetWriteDeadline(time.Now())
		return
	}
	var deadline time.Time // none, without a write timeout
	if c.limits.WriteTimeout > 0 {
		deadline = time.Now().Add(c.limits.WriteTimeout)
	}
	_ = c.rc.SetWriteDeadline(deadline)
}

// beforeWrite is called by the connection for each message it writes: it
// frees the message's room in the queue and sets the write deadline for it.
// false means the client has ended and nothing more may be written.
func (c *client) beforeWrite(m *subscriptions.Message) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return false
	}
	if c.greeted {
		c.bytes -= messageSize(*m)
	}
	c.greeted = true
	if c.rc != nil && c.limits.WriteTimeout > 0 {
		_ = c.rc.SetWriteDeadline(time.Now().Add(c.limits.WriteTimeout))
	}
	return true
}

// messageSize is what a queued message holds in memory, roughly.
func messageSize(m subscriptions.Message) int {
	return len(m.Name) + len(m.Data)
}
