package pagehead

import (
	"bytes"
	"fmt"
)

// Shell is the app's index.html cut where a page's language, head and
// first screen go: <html lang="en">, its <title> and meta description
// (replaced by the page's head) and <div id="root">.
type Shell struct {
	beforeLang, beforeHead, beforeRoot, rest []byte
}

// NewShell cuts index; ok is false when index has not the expected shape
// (<html lang="en">, then <title>, then <div id="root">), and it is then
// to be served as it is.
func NewShell(index []byte) (s *Shell, ok bool) {
	const htmlTag, root = `<html lang="en">`, `<div id="root">`
	h := bytes.Index(index, []byte(htmlTag))
	r := bytes.Index(index, []byte(root))
	titleStart := bytes.Index(index, []byte("<title"))
	titleEnd := bytes.Index(index, []byte("</title>"))
	if h < 0 || r < 0 || titleStart < 0 || titleEnd < titleStart || !(h < titleStart && titleEnd < r) {
		return nil, false
	}
	// The page's head takes the place of the title; the meta description,
	// before or after it, goes.
	const description = `<meta name="description"`
	s = &Shell{
		beforeLang: index[:h],
		beforeHead: dropTag(index[h+len(htmlTag):titleStart], description),
		beforeRoot: dropTag(index[titleEnd+len("</title>"):r], description),
		rest:       index[r+len(root):],
	}
	return s, true
}

// dropTag is b without the first tag starting with prefix.
func dropTag(b []byte, prefix string) []byte {
	i := bytes.Index(b, []byte(prefix))
	if i < 0 {
		return b
	}
	j := bytes.IndexByte(b[i:], '>')
	if j < 0 {
		return b
	}
	return append(append([]byte{}, b[:i]...), b[i+j+1:]...)
}

// Page is the app's page in lang with head's elements and, when screen is
// not nil, the server's first screen in #root (marked with its language,
// see routes/firstscreen).
func (s *Shell) Page(lang string, head, screen []byte) []byte {
	var b bytes.Buffer
	b.Grow(len(s.beforeLang) + len(s.beforeHead) + len(head) + len(s.beforeRoot) + len(screen) + len(s.rest) + 64)
	b.Write(s.beforeLang)
	fmt.Fprintf(&b, `<html lang="%s">`, lang)
	b.Write(s.beforeHead)
	b.Write(head)
	b.Write(s.beforeRoot)
	if screen != nil {
		fmt.Fprintf(&b, `<div id="root" data-first-screen="%s">`, lang)
		b.Write(screen)
	} else {
		b.WriteString(`<div id="root">`)
	}
	b.Write(s.rest)
	return b.Bytes()
}
