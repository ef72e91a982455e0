package ha

// SetAfterRead sets the hook between a conditional write's read and its
// write (nil: none).
func SetAfterRead(f func()) { afterRead = f }
