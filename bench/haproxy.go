package main

import (
	"io"
	"net"
	"sync"
)

// switchProxy is the drill's stand-in for the address an operator moves at
// a failover (a DNS name, a floating IP, a load balancer's target): a TCP
// proxy on loopback whose target point changes; the connections to the old
// target are cut then, as the old machine's are when it is gone.
type switchProxy struct {
	ln     net.Listener
	mu     sync.Mutex
	target string
	conns  map[net.Conn]bool
}

// newSwitchProxy listens on a free loopback port and forwards to target.
func newSwitchProxy(target string) (*switchProxy, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	p := &switchProxy{ln: ln, target: target, conns: map[net.Conn]bool{}}
	go p.accept()
	return p, nil
}

// addr is the proxy's host:port.
func (p *switchProxy) addr() string { return p.ln.Addr().String() }

// point sends new connections to target and cuts the open ones.
func (p *switchProxy) point(target string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.target = target
	for c := range p.conns {
		_ = c.Close()
	}
	clear(p.conns)
}

// close stops listening and cuts every connection.
func (p *switchProxy) close() {
	_ = p.ln.Close()
	p.point("")
}

func (p *switchProxy) accept() {
	for {
		in, err := p.ln.Accept()
		if err != nil {
			return
		}
		go p.pipe(in)
	}
}

// pipe copies between in and a new connection to the current target.
func (p *switchProxy) pipe(in net.Conn) {
	p.mu.Lock()
	target := p.target
	p.mu.Unlock()
	out, err := net.Dial("tcp", target)
	if err != nil {
		_ = in.Close() // as a dead machine: the client sees the connection fail
		return
	}
	p.mu.Lock()
	if p.target != target { // moved meanwhile
		p.mu.Unlock()
		_ = in.Close()
		_ = out.Close()
		return
	}
	p.conns[in], p.conns[out] = true, true
	p.mu.Unlock()
	done := make(chan struct{}, 2)
	go func() { _, _ = io.Copy(out, in); done <- struct{}{} }()
	go func() { _, _ = io.Copy(in, out); done <- struct{}{} }()
	<-done
	_ = in.Close()
	_ = out.Close()
	p.mu.Lock()
	delete(p.conns, in)
	delete(p.conns, out)
	p.mu.Unlock()
}
