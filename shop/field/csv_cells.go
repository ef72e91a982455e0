package field

import "strings"

// SafeCell keeps a text from being run as a formula when the CSV is opened
// in a spreadsheet, whichever separator the spreadsheet splits on: Excel
// in ru-RU or de-DE splits on ';', so "Bob;=HYPERLINK(...)" is one cell for
// a comma reader and a formula for them. A formula-leading character (= + -
// @) at the start of the text, or at the start of any piece a reader may
// split off (after , ; a tab or a line break, spaces and quotes skipped),
// gets an apostrophe before it, as does a leading tab or carriage return
// (OWASP's advice for CSV injection), and an apostrophe there is doubled,
// so that PlainCell gives back the text exactly. Quoting of commas, quotes
// and newlines is encoding/csv's.
func SafeCell(s string) string {
	var b strings.Builder
	pieceStart := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if defused(c, i, pieceStart) {
			b.WriteByte('\'')
		}
		pieceStart = nextPieceStart(c, pieceStart)
		b.WriteByte(c)
	}
	return b.String()
}

// PlainCell undoes SafeCell: the product import reads its own export
// (issue 43: a name "=HYPERLINK(...)" exported and imported again is the
// same name).
func PlainCell(s string) string {
	var b strings.Builder
	pieceStart := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\'' && i+1 < len(s) && defused(s[i+1], b.Len(), pieceStart) {
			i++
			c = s[i]
		}
		pieceStart = nextPieceStart(c, pieceStart)
		b.WriteByte(c)
	}
	return b.String()
}

// defused reports whether SafeCell puts an apostrophe before c, the byte
// at index i of the text, where pieceStart says whether a piece a
// spreadsheet may split off starts there.
func defused(c byte, i int, pieceStart bool) bool {
	switch {
	case i == 0 && (c == '\t' || c == '\r'):
		return true
	case pieceStart:
		return c == '=' || c == '+' || c == '-' || c == '@' || c == '\''
	}
	return false
}

// nextPieceStart is whether a piece starts after c: after a separator,
// and still after spaces and quotes that open a piece.
func nextPieceStart(c byte, pieceStart bool) bool {
	switch {
	case c == ',' || c == ';' || c == '\t' || c == '\n' || c == '\r':
		return true
	case c == ' ' || c == '"':
		return pieceStart
	}
	return false
}
