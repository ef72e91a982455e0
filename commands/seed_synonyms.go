package commands

import (
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/search"
)

// demoSynonyms are the search synonyms of the demo catalog, in its three
// languages (and the spellings shoppers from elsewhere type: "microfon").
var demoSynonyms = [][]string{
	{"microphone", "mic", "microfon", "mikrofon", "микрофон", "麦克风", "话筒"},
	{"speaker", "loudspeaker", "PA", "колонка", "акустика", "音箱", "扬声器"},
	{"subwoofer", "bass bin", "сабвуфер", "саб", "低音炮", "超低音"},
	{"mixer", "mixing desk", "console", "микшер", "调音台", "混音器"},
	{"moving head", "вращающаяся голова", "голова", "摇头灯"},
	{"fog machine", "smoke machine", "hazer", "генератор тумана", "дым-машина", "烟雾机", "烟机"},
	{"cable", "lead", "кабель", "шнур", "线缆", "电缆"},
	{"truss", "ферма", "桁架"},
	{"stage", "platform", "riser", "подиум", "сцена", "舞台", "台板"},
	{"drape", "curtain", "занавес", "幕布"},
	{"stand", "стойка", "支架"},
	{"in-ear", "in ear monitor", "ушной мониторинг", "入耳式"},
	{"hire", "rent", "rental", "прокат", "аренда", "租用", "租赁"},
}

// SeedSynonyms stores the demo synonyms when the shop has none; an owner's
// groups are never replaced.
func SeedSynonyms(app core.App) (bool, error) {
	groups, err := search.LoadSynonyms(app)
	if err != nil || len(groups) > 0 {
		return false, err
	}
	_, err = search.SaveSynonyms(app, demoSynonyms)
	return err == nil, err
}
