package commands

// The demo catalog's showcase products (issue 44): what the shop can do
// beyond a plain product, each made through the admin's own create path
// (catalog.CreateProduct) so the variant, sale, freight, hire and kit rules
// apply to them as to an owner's. Prices are in cents.

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/catalog"
)

// Attribute names only the showcase products use.
var (
	kBattery  = tr{"Battery", "Аккумулятор", "电池"}
	kContents = tr{"Contents", "Состав", "内含"}
	kSuits    = tr{"Suits", "Подходит для", "适用"}
)

type demoVariant struct {
	sku                   string
	value                 tr // the option's value ("" for a product without options)
	priceCents, compareAt int64
	stock                 int
}

// demoHire are a product's hire terms and its (only) variant's rates and
// fleet.
type demoHire struct {
	saleEnabled                          bool
	depositCents                         int64
	bufferDays, minDays, leadDays, fleet int
	dayCents, weekendCents, weekCents    int64
}

// demoKitLine is quantity units of a demo product, named in English.
type demoKitLine struct {
	product  string
	quantity int
}

type showcaseProduct struct {
	demoProduct
	// after is the English name of the plain demo product this one is
	// seeded after; "" seeds it before them all. The browser journeys pick
	// seeded products by their place in the newest-first list, so the
	// place is chosen (e2e/journeys: j12 takes the three oldest cheap ones).
	after       string
	art         string
	option      tr // the one option's name, when variants is set
	variants    []demoVariant
	weightKg    float64
	freightOnly bool
	hire        *demoHire
	kit         []demoKitLine
}

// Hire items first (the oldest: no journey that picks a product in stock
// by its place reaches them); the kit after its components.
var showcaseCatalog = []showcaseProduct{
	{
		demoProduct: demoProduct{"Sound", 79900, 6, 2,
			tr{"Event PA Speaker 12\"", "Акустическая система Event PA 12\"", "Event PA 12 英寸音箱"},
			tr{"Two-way 12-inch powered speaker with a 1000 W amplifier, two inputs and a pole socket: buy one, or hire a pair for the weekend.",
				"Двухполосная активная акустика 12\" с усилителем 1000 Вт, двумя входами и гнездом под стойку: купите или возьмите пару в прокат на выходные.",
				"两分频 12 英寸有源音箱，1000 W 功放，两路输入，带撑杆座：可购买，也可周末租用一对。"},
			[]demoAttr{{kPower, same("1000 W")}, {kFreq, same("55 Hz – 20 kHz")}, {kSPL, same("128 dB")}, {kWeight, tr{"17 kg", "17 кг", "17 公斤"}}}},
		art: "pa-speaker", weightKg: 17,
		hire: &demoHire{saleEnabled: true, depositCents: 15000, bufferDays: 1, minDays: 1, leadDays: 1, fleet: 6,
			dayCents: 4500, weekendCents: 8000, weekCents: 18000},
	},
	{
		demoProduct: demoProduct{"Sound", 44900, 8, 2,
			tr{"Compact Mixer 12", "Компактный микшер 12", "紧凑型 12 路调音台"},
			tr{"Twelve-channel analogue desk with four preamps, three-band EQ, built-in reverb and USB playback; for sale or for hire.",
				"Двенадцатиканальный аналоговый пульт с четырьмя предусилителями, трёхполосным эквалайзером, встроенным ревербератором и воспроизведением с USB; продажа и прокат.",
				"十二路模拟调音台，四路话放、三段均衡、内置混响和 USB 播放；可购买或租用。"},
			[]demoAttr{{kChannels, same("12")}, {kConnector, same("XLR, TRS, USB")}, {kWeight, tr{"3.2 kg", "3,2 кг", "3.2 公斤"}}}},
		art: "compact-mixer", weightKg: 3.2,
		hire: &demoHire{saleEnabled: true, depositCents: 10000, bufferDays: 1, minDays: 1, leadDays: 1, fleet: 3,
			dayCents: 2500, weekendCents: 4500, weekCents: 10000},
	},
	{
		// For hire only: its price is its day rate, what its card shows.
		demoProduct: demoProduct{"Sound", 10000, 0, 1,
			tr{"Small PA Kit", "Комплект звука «Малый»", "小型扩声套装"},
			tr{"Two Event PA speakers on stands and the Compact Mixer 12, ready for a party or a talk of up to 150 guests. For hire by the day, weekend or week.",
				"Две акустические системы Event PA на стойках и компактный микшер 12 — для вечеринки или выступления до 150 гостей. Прокат на день, выходные или неделю.",
				"两只 Event PA 音箱（含支架）和一台紧凑型 12 路调音台，适合 150 人以内的聚会或演讲。按天、周末或周租用。"},
			[]demoAttr{{kContents, tr{"2 × Event PA Speaker 12\", 1 × Compact Mixer 12", "2 × Event PA 12\", 1 × микшер 12", "2 × Event PA 12 英寸音箱，1 × 12 路调音台"}},
				{kSuits, tr{"Up to 150 guests", "До 150 гостей", "150 人以内"}}}},
		art: "pa-kit",
		hire: &demoHire{saleEnabled: false, depositCents: 30000, bufferDays: 1, minDays: 1, leadDays: 1,
			dayCents: 10000, weekendCents: 18000, weekCents: 40000},
		kit: []demoKitLine{{"Event PA Speaker 12\"", 2}, {"Compact Mixer 12", 1}},
	},

	// After "XLR Cable 10 m": newer than the cheap products j12 takes,
	// older than the home's first four (j8).
	{
		demoProduct: demoProduct{"Accessories", 1490, 0, 2,
			tr{"Star-Quad XLR Cable", "Кабель XLR Star-Quad", "星绞 XLR 线缆"},
			tr{"Four-core star-quad balanced cable that rejects hum on long runs beside power, with Neutrik connectors. Choose the length.",
				"Четырёхжильный симметричный кабель star-quad подавляет фон на длинных трассах рядом с силовыми линиями; разъёмы Neutrik. Выберите длину.",
				"四芯星绞平衡线，在靠近电源的长距离走线中有效抑制交流声，配 Neutrik 接头。可选长度。"},
			[]demoAttr{{kConnector, same("XLR F – XLR M")}, {kMaterial, tr{"OFC copper, PVC jacket", "Бескислородная медь, ПВХ", "无氧铜，PVC 外皮"}}}},
		after: "XLR Cable 10 m", art: "star-quad-cable", option: kLength, weightKg: 0.6,
		variants: []demoVariant{
			{"SQX-03", tr{"3 m", "3 м", "3 米"}, 1490, 0, 40},
			{"SQX-05", tr{"5 m", "5 м", "5 米"}, 1890, 0, 60},
			{"SQX-10", tr{"10 m", "10 м", "10 米"}, 2990, 0, 45},
			{"SQX-20", tr{"20 m", "20 м", "20 米"}, 4450, 0, 20},
		},
	},
	{
		demoProduct: demoProduct{"Accessories", 850, 0, 1,
			tr{"Half Coupler Clamp", "Полухомут", "半扣件灯钩"},
			tr{"Forged aluminium half coupler with an M10 bolt for hanging a fixture on a tube; in two sizes for 32–35 mm and 48–51 mm tube.",
				"Кованый алюминиевый полухомут с болтом M10 для подвеса прибора на трубу; два размера — для трубы 32–35 мм и 48–51 мм.",
				"锻造铝半扣件，配 M10 螺栓，用于将灯具吊挂在管材上；有 32–35 毫米和 48–51 毫米两种管径。"},
			[]demoAttr{{kLoad, tr{"100 kg", "100 кг", "100 公斤"}}, {kMaterial, tr{"Aluminium", "Алюминий", "铝"}}}},
		after: "XLR Cable 10 m", art: "coupler-clamp", option: tr{"Tube size", "Диаметр трубы", "管径"}, weightKg: 0.25,
		variants: []demoVariant{
			{"HCC-32", tr{"32–35 mm", "32–35 мм", "32–35 毫米"}, 850, 0, 70},
			{"HCC-48", tr{"48–51 mm", "48–51 мм", "48–51 毫米"}, 890, 0, 150},
		},
	},
	{
		demoProduct: demoProduct{"Lighting", 17900, 16, 2,
			tr{"Battery Uplight 6×10 W", "Аккумуляторный прожектор 6×10 Вт", "6×10 W 电池地灯"},
			tr{"Cordless RGBWA+UV uplight with wireless DMX and ten hours on a charge, for washing walls at weddings and events without a single power run.",
				"Беспроводной прожектор RGBWA+UV с радио-DMX и десятью часами работы от заряда — подсветка стен на свадьбах и мероприятиях без прокладки питания.",
				"无线 RGBWA+UV 地灯，支持无线 DMX，一次充电工作十小时，婚礼和活动洗墙无需拉电源。"},
			[]demoAttr{{kPower, same("60 W")}, {kBattery, tr{"10 h", "10 ч", "10 小时"}}, {kControl, tr{"Wireless DMX, IR remote", "Радио-DMX, ИК-пульт", "无线 DMX，红外遥控"}}, {kWeight, tr{"3.4 kg", "3,4 кг", "3.4 公斤"}}}},
		after: "XLR Cable 10 m", art: "uplight", weightKg: 3.4,
		variants: []demoVariant{{"BUL-610", tr{}, 17900, 22900, 16}},
	},
	{
		demoProduct: demoProduct{"Stage", 1890000, 2, 2,
			tr{"Mobile Stage 6×4 m", "Мобильная сцена 6×4 м", "6×4 米移动舞台"},
			tr{"Trailer stage with a roof and side towers that one crew sets up in an hour; delivered by freight on its own axle.",
				"Сцена на прицепе с крышей и боковыми башнями, бригада разворачивает её за час; доставка грузовым транспортом.",
				"带顶棚和侧塔的拖车舞台，一组人员一小时即可搭好；整车货运送达。"},
			[]demoAttr{{kSize, same("6 × 4 m")}, {kLoad, tr{"500 kg/m²", "500 кг/м²", "500 公斤/平方米"}}, {kWeight, tr{"850 kg", "850 кг", "850 公斤"}}}},
		after: "XLR Cable 10 m", art: "mobile-stage", weightKg: 850, freightOnly: true,
	},
}

// input is the showcase product as the admin's product form sends it, with
// its stored images; kit components are found by their English names in
// txApp (seeded before the kit).
func (s showcaseProduct) input(txApp core.App, images []string) (catalog.ProductInput, error) {
	in := catalog.ProductInput{
		Name: raw(s.name.en), NameLocalized: raw(s.name.localized()),
		Description: raw(s.desc.en), DescriptionLocalized: raw(s.desc.localized()),
		Category: raw(s.category), ImageFileNames: raw(images), IsActive: raw(true),
		Attributes: raw(demoAttributes(s.demoProduct)),
	}
	if s.weightKg > 0 {
		in.WeightKg = json.RawMessage(strconv.FormatFloat(s.weightKg, 'f', -1, 64))
	}
	if s.freightOnly {
		in.FreightOnly = raw(true)
	}
	if len(s.variants) == 0 {
		in.Price, in.StockQuantity = dollars(s.priceCents), raw(s.stock)
	} else {
		variants := make([]map[string]any, len(s.variants))
		for i, v := range s.variants {
			row := map[string]any{"sku": v.sku, "price": dollars(v.priceCents), "stockQuantity": v.stock, "isActive": true, "optionValues": []string{}}
			if v.compareAt > 0 {
				row["compareAtPrice"] = dollars(v.compareAt)
			}
			if v.value.en != "" {
				row["optionValues"] = []string{v.value.en}
			}
			variants[i] = row
		}
		in.Variants = raw(variants)
		if s.option.en != "" {
			values := make([]map[string]any, len(s.variants))
			for i, v := range s.variants {
				values[i] = map[string]any{"value": v.value.en, "valueLocalized": v.value.localized()}
			}
			in.Options = raw([]map[string]any{{"name": s.option.en, "nameLocalized": s.option.localized(), "values": values}})
		}
	}
	if h := s.hire; h != nil {
		in.Hire = raw(map[string]any{"enabled": true, "saleEnabled": h.saleEnabled, "deposit": dollars(h.depositCents),
			"bufferDays": h.bufferDays, "minDays": h.minDays, "leadDays": h.leadDays})
		in.HireRates = raw(map[string]any{"day": dollars(h.dayCents), "weekend": dollars(h.weekendCents), "week": dollars(h.weekCents)})
		in.HireQuantity = raw(h.fleet)
	}
	if len(s.kit) > 0 {
		kit := make([]map[string]any, len(s.kit))
		for i, c := range s.kit {
			p, err := txApp.FindFirstRecordByData(catalog.ProductsCollection, "name", c.product)
			if err != nil {
				return in, fmt.Errorf("kit component %q: %w", c.product, err)
			}
			kit[i] = map[string]any{"productId": p.Id, "quantity": c.quantity}
		}
		in.Kit = raw(kit)
	}
	return in, nil
}

func raw(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only the literals above are marshalled
	}
	return b
}

// dollars is cents as the contract's price member: a number in dollars.
func dollars(cents int64) json.RawMessage {
	return json.RawMessage(fmt.Sprintf("%d.%02d", cents/100, cents%100))
}
