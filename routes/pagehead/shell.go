package pagehead

import (
	"bytes"
	"fmt"
	"html"
)

// Shell is the app's index.html cut where a page's language, head, store
// details and first screen go: <html lang="en">, its <title> and meta
// description (replaced by the page's head), <div id="root"> and, in the
// boot header shown until the app mounts, the shop's logo and name.
type Shell struct {
	beforeLang, beforeHead, beforeRoot []byte
	// rest is what follows <div id="root">, cut around the boot header's
	// logo address and name (one piece when it has not that shape).
	rest [][]byte
}

// Brand is what a page shows of the shop's store details outside its
// first screen: the boot header's name and logo address, and the store
// details' JSON (GET /api/shop's answer), which the app reads for its
// first render so that it shows what the server showed.
type Brand struct {
	Name, Logo string
	Details    []byte
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
		rest:       cutBootHeader(index[r+len(root):]),
	}
	return s, true
}

// cutBootHeader cuts rest around the boot header's logo address
// (<img src="...">) and name (<span>...</span>): five pieces, the second
// and fourth replaced by the shop's; one piece when it has not that shape.
func cutBootHeader(rest []byte) [][]byte {
	at := bytes.Index(rest, []byte(`class="boot-header"`))
	end := bytes.Index(rest, []byte(`</div>`))
	if at < 0 || end < at {
		return [][]byte{rest}
	}
	header := rest[at:end]
	src := bytes.Index(header, []byte(`<img src="`))
	name := bytes.Index(header, []byte(`<span>`))
	nameEnd := bytes.Index(header, []byte(`</span>`))
	if src < 0 || name < src || nameEnd < name {
		return [][]byte{rest}
	}
	src += len(`<img src="`)
	srcEnd := src + bytes.IndexByte(header[src:], '"')
	name += len(`<span>`)
	if srcEnd < src || srcEnd > name {
		return [][]byte{rest}
	}
	return [][]byte{rest[:at+src], rest[at+src : at+srcEnd], rest[at+srcEnd : at+name], rest[at+name : at+nameEnd], rest[at+nameEnd:]}
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

// Page is the app's page in lang with head's elements, the shop's brand
// and, when screen is not nil, the server's first screen in #root (marked
// with its language, see routes/firstscreen).
func (s *Shell) Page(lang string, head, screen []byte, brand Brand) []byte {
	var b bytes.Buffer
	b.Grow(len(s.beforeLang) + len(s.beforeHead) + len(head) + len(s.beforeRoot) + len(screen) + len(brand.Details) + 4096)
	b.Write(s.beforeLang)
	fmt.Fprintf(&b, `<html lang="%s">`, lang)
	b.Write(s.beforeHead)
	b.Write(head)
	b.Write(s.beforeRoot)
	if brand.Details != nil {
		// JSON in a script element: "</" could end it early, "<\/" reads the same.
		b.WriteString(`<script type="application/json" id="shop-details">`)
		b.Write(bytes.ReplaceAll(brand.Details, []byte("</"), []byte(`<\/`)))
		b.WriteString(`</script>`)
	}
	if screen != nil {
		fmt.Fprintf(&b, `<div id="root" data-first-screen="%s">`, lang)
		b.Write(screen)
	} else {
		b.WriteString(`<div id="root">`)
	}
	if len(s.rest) == 5 && brand.Name != "" {
		b.Write(s.rest[0])
		b.WriteString(html.EscapeString(brand.Logo))
		b.Write(s.rest[2])
		b.WriteString(html.EscapeString(brand.Name))
		b.Write(s.rest[4])
	} else {
		b.Write(bytes.Join(s.rest, nil))
	}
	return b.Bytes()
}
