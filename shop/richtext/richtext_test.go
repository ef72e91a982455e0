package richtext

import (
	"strings"
	"testing"
)

// What an owner (or someone who took over an admin account) writes cannot
// run script in a shopper's browser: script and style elements, event
// attributes, javascript: and data: links and iframes are removed, in
// Markdown and in HTML written inside it; the Markdown itself renders.
func TestToHTMLRemovesScript(t *testing.T) {
	src := "## Returns\n\nSend it back within **30 days**. [Contact us](/contact) or [mail](mailto:desk@example.com).\n\n" +
		"<script>alert(1)</script>\n\n<p onclick=\"alert(2)\" style=\"color:red\">Click</p>\n\n" +
		"[bad](javascript:alert(3)) <a href=\"JaVaScRiPt:alert(4)\">bad2</a> <a href=\"data:text/html,<script>alert(5)</script>\">bad3</a>\n\n" +
		"<img src=x onerror=alert(6)> <iframe src=\"https://evil.example\"></iframe> <svg onload=alert(7)></svg>\n\n" +
		"| Plan | Years |\n|---|---|\n| Standard | 1 |\n"
	out, err := ToHTML(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"<script", "alert(", "onclick", "onerror", "onload", "style=", "javascript:", "JaVaScRiPt", "data:", "<iframe", "<svg"} {
		if strings.Contains(out, bad) {
			t.Errorf("the sanitized page keeps %q:\n%s", bad, out)
		}
	}
	for _, want := range []string{"<h2", ">Returns</h2>", "<strong>30 days</strong>", `<a href="/contact">Contact us</a>`,
		`<a href="mailto:desk@example.com">mail</a>`, "<p>Click</p>", "<table>", "<td>Standard</td>"} {
		if !strings.Contains(out, want) {
			t.Errorf("the page lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "nofollow") {
		t.Errorf("the shop's own links are marked nofollow:\n%s", out)
	}
}

func TestPlainText(t *testing.T) {
	html, _ := ToHTML("## Returns\n\nSend it back within **30 days** &amp; get a refund.\n\n- One\n- Two")
	if got := PlainText(html); got != "Returns Send it back within 30 days & get a refund. One Two" {
		t.Fatalf("plain text %q", got)
	}
}

func TestSummary(t *testing.T) {
	html, _ := ToHTML("*Last updated: November 2026*\n\nWe collect only the data we need to run the shop.\n\n## What we collect\n\nNames.")
	if got := Summary(html); got != "We collect only the data we need to run the shop." {
		t.Fatalf("summary %q", got)
	}
	zh, _ := ToHTML("*最后更新：2026 年 11 月*\n\n我们只收集必要的数据。\n\n## 权利")
	if got := Summary(zh); got != "我们只收集必要的数据。" {
		t.Fatalf("summary %q", got)
	}
	if got := Summary("<h2>Only a heading</h2>"); got != "Only a heading" {
		t.Fatalf("summary %q", got)
	}
}
