package invoice

import "stageshop/shop/locale"

// texts are the invoice's words in every language (shop/locale's
// "invoice" catalogue).
var texts = locale.Texts("invoice")

// tr is key in lang with each {{name}} replaced by the value after it.
func tr(lang, key string, args ...string) string { return texts.T(lang, key, args...) }
