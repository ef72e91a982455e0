package mail

import "stageshop/shop/locale"

// texts are the e-mails' words in every language (shop/locale's "mail"
// catalogue: texts/{en,ru,zh}/mail.json).
var texts = locale.Texts("mail")

// tr is the text of key in lang with each {{name}} replaced by the value
// that follows it in args.
func tr(lang, key string, args ...string) string { return texts.T(lang, key, args...) }
