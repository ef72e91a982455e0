//go:build !linux

package testapp

import "os/exec"

// killWithParent does nothing outside Linux, which has no parent-death
// signal: there stripe-mock outlives the test binary.
func killWithParent(*exec.Cmd) {}
