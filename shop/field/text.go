package field

import (
	"strings"
	"unicode"
)

// CleanLine makes user text fit for a single-line field (a name, a
// subject) that may end up in e-mail headers, logs or an admin's screen:
// line breaks and tabs become spaces, other control characters (NUL, DEL,
// C1) and the invisible bidirectional formatting characters that can
// reorder the text around them are dropped, and the ends are trimmed.
func CleanLine(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f' ||
			r == 0x85 || r == 0x2028 || r == 0x2029:
			b.WriteByte(' ')
		case unicode.IsControl(r) || isBidiControl(r):
		default:
			b.WriteRune(r)
		}
	}
	return strings.TrimSpace(b.String())
}

// isBidiControl reports the Unicode bidirectional formatting characters:
// embeddings, overrides, isolates and the directional marks.
func isBidiControl(r rune) bool {
	return r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069 ||
		r == 0x200E || r == 0x200F || r == 0x061C
}

// CleanText is CleanLine for multi-line text (a message): line breaks stay
// (CR LF and lone CR become LF) and so do tabs; other control characters
// and bidirectional formatting characters are dropped.
func CleanText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == 0x2028 || r == 0x2029:
			b.WriteByte('\n')
		case r == '\t':
			b.WriteByte('\t')
		case unicode.IsControl(r) || isBidiControl(r):
		default:
			b.WriteRune(r)
		}
	}
	return strings.TrimSpace(b.String())
}

// CutBytes cuts s to at most n bytes on a rune boundary (an error text
// kept in a column of bounded size).
func CutBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && (s[n]&0xC0) == 0x80 {
		n--
	}
	return s[:n]
}
