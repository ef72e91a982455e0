package pagehead

import "testing"

// The page's head takes the place of index.html's title and description,
// its language goes onto <html> and its first screen into #root; an
// index.html of another shape is left alone.
func TestShellPage(t *testing.T) {
	index := []byte(`<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="description" content="plain"><title>StageShop</title><script>boot()</script></head>` +
		`<body><div id="root"><div class="boot-header"></div></div></body></html>`)
	shell, ok := NewShell(index)
	if !ok {
		t.Fatal("the app's index.html shape is not recognised")
	}
	head := []byte(`<title data-head="">Свет</title>`)
	got := string(shell.Page("ru", head, []byte(`<div class="first-screen"></div>`), Brand{}))
	want := `<!doctype html><html lang="ru"><head><meta charset="UTF-8"><title data-head="">Свет</title><script>boot()</script></head>` +
		`<body><div id="root" data-first-screen="ru"><div class="first-screen"></div><div class="boot-header"></div></div></body></html>`
	if got != want {
		t.Errorf("Page =\n%s\nwant\n%s", got, want)
	}
	plain := string(shell.Page("zh", head, nil, Brand{}))
	if plain != `<!doctype html><html lang="zh"><head><meta charset="UTF-8"><title data-head="">Свет</title><script>boot()</script></head><body><div id="root"><div class="boot-header"></div></div></body></html>` {
		t.Errorf("a page without a first screen: %s", plain)
	}
	if _, ok := NewShell([]byte(`<html><title>x</title><div id=root></div></html>`)); ok {
		t.Error("an index.html without the expected tags must be served as it is")
	}
}

// The boot header (shown until the app mounts) names the shop with its
// logo from the store details, escaped, and the details' JSON goes before
// #root for the app's first render, unable to end its script element.
func TestShellPageBrand(t *testing.T) {
	index := []byte(`<html lang="en"><head><title>StageShop</title></head><body><div id="root"><div class="boot-header">` +
		`<img src="/favicon.svg" alt="" width="28" height="28" /><span>StageShop</span></div></div><noscript>x</noscript></body></html>`)
	shell, ok := NewShell(index)
	if !ok {
		t.Fatal("the app's index.html shape is not recognised")
	}
	brand := Brand{Name: `Rig <b>&</b> Roll`, Logo: "/images/products/logo.png?thumb=120x120", Details: []byte(`{"name":"</script>"}`)}
	got := string(shell.Page("en", nil, nil, brand))
	want := `<html lang="en"><head></head><body><script type="application/json" id="shop-details">{"name":"<\/script>"}</script>` +
		`<div id="root"><div class="boot-header"><img src="/images/products/logo.png?thumb=120x120" alt="" width="28" height="28" />` +
		`<span>Rig &lt;b&gt;&amp;&lt;/b&gt; Roll</span></div></div><noscript>x</noscript></body></html>`
	if got != want {
		t.Errorf("Page =\n%s\nwant\n%s", got, want)
	}
}
