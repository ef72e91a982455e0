package testapp

import (
	"os/exec"
	"syscall"
)

// killWithParent has the kernel kill cmd's process when the thread that
// starts it ends.
func killWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
