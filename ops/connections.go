package ops

import (
	"fmt"
	"net"
	"net/netip"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// A client that opens connections and sends its request headers a byte at
// a time (slowloris) holds each connection until the header timeout:
// PocketBase's is a minute, and 300 such connections were all held. The
// server waits DefaultReadHeaderTimeout for a request's headers, and one
// address may hold at most DefaultMaxConnsPerIP connections at once (more
// are closed as soon as they are accepted). Behind a reverse proxy every
// connection comes from the proxy: raise the cap or turn it off (0), and
// cap per client at the proxy.
const (
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultMaxConnsPerIP     = 100

	// ReadHeaderTimeoutEnv and MaxConnsPerIPEnv override the defaults (a
	// Go duration; a whole number, 0 for no cap).
	ReadHeaderTimeoutEnv = "STAGESHOP_READ_HEADER_TIMEOUT"
	MaxConnsPerIPEnv     = "STAGESHOP_MAX_CONNS_PER_IP"
)

// ConnLimits are the server's bounds on connections.
type ConnLimits struct {
	ReadHeaderTimeout time.Duration
	MaxConnsPerIP     int // 0: no cap
}

// ConnLimitsFromEnv reads the bounds from the environment; a value that is
// not a duration of at least 1 s, or not a whole number from 0, is an
// error that stops the start.
func ConnLimitsFromEnv() (ConnLimits, error) {
	l := ConnLimits{ReadHeaderTimeout: DefaultReadHeaderTimeout, MaxConnsPerIP: DefaultMaxConnsPerIP}
	if v := os.Getenv(ReadHeaderTimeoutEnv); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Second {
			return l, fmt.Errorf("%s=%q: want a duration of at least 1s, such as 10s", ReadHeaderTimeoutEnv, v)
		}
		l.ReadHeaderTimeout = d
	}
	if v := os.Getenv(MaxConnsPerIPEnv); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return l, fmt.Errorf("%s=%q: want a whole number, 0 for no cap", MaxConnsPerIPEnv, v)
		}
		l.MaxConnsPerIP = n
	}
	return l, nil
}

// bindConnLimits applies the bounds when the app serves: the header
// timeout on the server, and the per-address cap on its listener.
func bindConnLimits(app core.App) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		if se.Server == nil { // a test building the router only
			return se.Next()
		}
		limits, err := ConnLimitsFromEnv()
		if err != nil {
			return err
		}
		se.Server.ReadHeaderTimeout = limits.ReadHeaderTimeout
		if limits.MaxConnsPerIP > 0 {
			ln := se.Listener
			if ln == nil {
				if ln, err = net.Listen("tcp", listenAddr(se)); err != nil {
					return err
				}
			}
			se.Listener = &perIPListener{Listener: ln, max: limits.MaxConnsPerIP, open: map[netip.Addr]int{}}
		}
		return se.Next()
	})
}

// listenAddr is the address PocketBase would listen on.
func listenAddr(se *core.ServeEvent) string {
	if se.Server.Addr != "" {
		return se.Server.Addr
	}
	return ":http"
}

// perIPListener closes a new connection at once when its address already
// holds max open ones.
type perIPListener struct {
	net.Listener
	max  int
	mu   sync.Mutex
	open map[netip.Addr]int
}

// Accept returns the next connection within its address's cap.
func (l *perIPListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr := remoteAddr(c)
		l.mu.Lock()
		if l.open[addr] >= l.max {
			l.mu.Unlock()
			_ = c.Close()
			continue
		}
		l.open[addr]++
		l.mu.Unlock()
		return &countedConn{Conn: c, done: func() { l.release(addr) }}, nil
	}
}

func (l *perIPListener) release(addr netip.Addr) {
	l.mu.Lock()
	if l.open[addr]--; l.open[addr] <= 0 {
		delete(l.open, addr)
	}
	l.mu.Unlock()
}

// remoteAddr is a connection's client address (IPv4-mapped IPv6 unmapped).
func remoteAddr(c net.Conn) netip.Addr {
	if tcp, ok := c.RemoteAddr().(*net.TCPAddr); ok {
		return tcp.AddrPort().Addr().Unmap()
	}
	return netip.Addr{}
}

// countedConn gives its place back once, when it is closed.
type countedConn struct {
	net.Conn
	once sync.Once
	done func()
}

func (c *countedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.done)
	return err
}
