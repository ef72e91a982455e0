package commands

// The demo catalog: believable stage equipment in the four categories, with
// texts in English, Russian and Chinese. Prices are in cents.

// tr is one text in the shop's three languages.
type tr struct{ en, ru, zh string }

func (t tr) localized() map[string]string {
	return map[string]string{"en": t.en, "ru": t.ru, "zh": t.zh}
}

// Attribute names used by the demo catalog.
var (
	kPower     = tr{"Power", "Мощность", "功率"}
	kWeight    = tr{"Weight", "Вес", "重量"}
	kSize      = tr{"Dimensions", "Размеры", "尺寸"}
	kBeam      = tr{"Beam angle", "Угол луча", "光束角"}
	kColorTemp = tr{"Colour temperature", "Цветовая температура", "色温"}
	kControl   = tr{"Control", "Управление", "控制方式"}
	kFreq      = tr{"Frequency response", "Частотный диапазон", "频率响应"}
	kSPL       = tr{"Max SPL", "Макс. звуковое давление", "最大声压级"}
	kChannels  = tr{"Channels", "Каналы", "通道数"}
	kConnector = tr{"Connectors", "Разъёмы", "接口"}
	kMaterial  = tr{"Material", "Материал", "材质"}
	kLoad      = tr{"Load capacity", "Нагрузка", "承重"}
	kLength    = tr{"Length", "Длина", "长度"}
	kPattern   = tr{"Polar pattern", "Диаграмма направленности", "指向性"}
	kWarranty  = tr{"Warranty", "Гарантия", "保修"}
)

// same is a value written the same in every language (numbers, units, names).
func same(s string) tr { return tr{s, s, s} }

type demoAttr struct{ key, value tr }

type demoProduct struct {
	category   string
	priceCents int64
	stock      int
	images     int
	name, desc tr
	attrs      []demoAttr
}

var demoCatalog = []demoProduct{
	// Lighting
	{"Lighting", 129900, 14, 3,
		tr{"Aurora 350 LED Moving Head", "Вращающаяся голова Aurora 350 LED", "Aurora 350 LED 摇头灯"},
		tr{"Compact 350 W LED spot moving head with a 14-colour wheel, two gobo wheels, 3-facet prism and smooth 16-bit pan and tilt for touring rigs.",
			"Компактная поворотная голова со светодиодом 350 Вт, колесом на 14 цветов, двумя колёсами гобо, трёхгранной призмой и плавным 16-битным панорамированием.",
			"紧凑型 350 W LED 摇头灯，配备 14 色轮、双图案轮、三棱镜以及平滑的 16 位水平/垂直运动，适合巡演。"},
		[]demoAttr{{kPower, same("350 W")}, {kBeam, same("3°–42°")}, {kControl, same("DMX512, RDM, Art-Net")}, {kWeight, tr{"19.5 kg", "19,5 кг", "19.5 公斤"}}}},
	{"Lighting", 34900, 40, 2,
		tr{"PixelBar 12 RGBW Batten", "Светодиодная панель PixelBar 12 RGBW", "PixelBar 12 RGBW 洗墙灯"},
		tr{"One-metre batten with twelve 10 W RGBW LEDs and pixel control for washes, chases and cyclorama lighting.",
			"Метровая панель с двенадцатью светодиодами RGBW по 10 Вт и попиксельным управлением для заливки, бегущих огней и подсветки задника.",
			"一米长洗墙灯，配备十二颗 10 W RGBW LED，支持像素控制，适用于染色、追光和天幕照明。"},
		[]demoAttr{{kPower, same("120 W")}, {kBeam, same("25°")}, {kControl, same("DMX512 (4/8/48 ch)")}, {kLength, tr{"1 m", "1 м", "1 米"}}}},
	{"Lighting", 58900, 9, 2,
		tr{"Zoom Profile 200 Ellipsoidal", "Профильный прожектор Zoom Profile 200", "Zoom Profile 200 成像灯"},
		tr{"200 W warm-white LED profile with 25–50° zoom, four framing shutters and a gobo slot for crisp theatre specials.",
			"Профильный прожектор 200 Вт тёплого белого света с зумом 25–50°, четырьмя шторками и слотом для гобо — для чётких театральных акцентов.",
			"200 W 暖白 LED 成像灯，25–50° 变焦，四片切光刀片和图案插槽，打造清晰的剧场特写。"},
		[]demoAttr{{kPower, same("200 W")}, {kBeam, same("25°–50°")}, {kColorTemp, same("3200 K")}, {kWeight, tr{"8.2 kg", "8,2 кг", "8.2 公斤"}}}},
	{"Lighting", 21900, 25, 1,
		tr{"Haze Pro 900 Fog Machine", "Генератор тумана Haze Pro 900", "Haze Pro 900 烟雾机"},
		tr{"900 W water-based hazer with DMX and timer remote; fine, even haze that shows every beam without setting off alarms.",
			"Генератор дымки 900 Вт на водной основе с DMX и пультом-таймером: ровная дымка подчёркивает каждый луч.",
			"900 W 水基薄雾机，支持 DMX 和定时遥控，均匀细腻的薄雾让每一束光都清晰可见。"},
		[]demoAttr{{kPower, same("900 W")}, {kControl, tr{"DMX, timer remote", "DMX, пульт с таймером", "DMX，定时遥控"}}, {kWeight, tr{"7 kg", "7 кг", "7 公斤"}}}},
	{"Lighting", 18900, 0, 2,
		tr{"Par 64 LED Wash", "Прожектор Par 64 LED", "Par 64 LED 染色灯"},
		tr{"Classic can shape with 18 × 10 W RGBWA+UV LEDs, silent convection cooling and a built-in stand.",
			"Классический корпус с 18 светодиодами RGBWA+UV по 10 Вт, бесшумным охлаждением и встроенной подставкой.",
			"经典筒灯外形，18 × 10 W RGBWA+UV LED，静音散热，自带支架。"},
		[]demoAttr{{kPower, same("180 W")}, {kBeam, same("25°")}, {kControl, same("DMX512")}}},
	{"Lighting", 74900, 6, 4,
		tr{"Strobe Blinder 4×100", "Стробоскоп-блайндер 4×100", "Strobe Blinder 4×100 频闪观众灯"},
		tr{"Four-cell audience blinder with warm-white and strobe modes and a segment-controlled RGB aura.",
			"Четырёхсекционный блайндер для зала с тёплым белым светом, режимом стробоскопа и RGB-подсветкой по сегментам.",
			"四眼观众灯，具备暖白和频闪模式，并带分段控制的 RGB 光晕。"},
		[]demoAttr{{kPower, same("400 W")}, {kColorTemp, same("2700 K")}, {kControl, same("DMX512, Art-Net")}}},

	// Sound
	{"Sound", 89900, 12, 3,
		tr{"Thunder 15A Active Speaker", "Активная акустика Thunder 15A", "Thunder 15A 有源音箱"},
		tr{"Two-way 15-inch powered loudspeaker with 1400 W class-D amplifier, DSP presets and a pole mount; ready for FOH or monitor.",
			"Двухполосная активная акустическая система 15\" с усилителем класса D 1400 Вт, DSP-пресетами и креплением на стойку.",
			"两分频 15 英寸有源音箱，内置 1400 W D 类功放、DSP 预设和撑杆座，可作主扩或返听。"},
		[]demoAttr{{kPower, same("1400 W")}, {kFreq, same("45 Hz – 20 kHz")}, {kSPL, same("131 dB")}, {kWeight, tr{"21 kg", "21 кг", "21 公斤"}}}},
	{"Sound", 249900, 4, 2,
		tr{"Studio Live 32 Digital Mixer", "Цифровой микшер Studio Live 32", "Studio Live 32 数字调音台"},
		tr{"32-channel digital console with motorised faders, 16 aux mixes, on-board effects and multitrack USB recording.",
			"32-канальный цифровой пульт с моторизованными фейдерами, 16 AUX-миксами, встроенными эффектами и многоканальной записью по USB.",
			"32 通道数字调音台，电动推子、16 路辅助混音、内置效果器并支持 USB 多轨录音。"},
		[]demoAttr{{kChannels, same("32")}, {kConnector, same("XLR, TRS, USB-C, Dante")}, {kWeight, tr{"14 kg", "14 кг", "14 公斤"}}}},
	{"Sound", 9900, 60, 2,
		tr{"Vocal Pro 58 Dynamic Microphone", "Динамический микрофон Vocal Pro 58", "Vocal Pro 58 动圈话筒"},
		tr{"Rugged cardioid vocal microphone with a tailored presence peak and a shock-mounted capsule that shrugs off handling noise.",
			"Надёжный кардиоидный вокальный микрофон с подъёмом в области присутствия и капсюлем на амортизаторе.",
			"坚固的心形人声话筒，具有定制的临场感峰值，减震咏头有效抑制手持噪音。"},
		[]demoAttr{{kPattern, tr{"Cardioid", "Кардиоида", "心形"}}, {kFreq, same("50 Hz – 15 kHz")}, {kConnector, same("XLR")}}},
	{"Sound", 64900, 8, 3,
		tr{"Wireless Duo UHF System", "Радиосистема Wireless Duo UHF", "Wireless Duo UHF 无线系统"},
		tr{"Two handheld transmitters and a half-rack receiver with automatic frequency scan and 100 m range.",
			"Два ручных передатчика и приёмник в пол-стойки с автоматическим поиском частоты и дальностью 100 м.",
			"两支手持发射器和半机架接收机，自动扫频，传输距离 100 米。"},
		[]demoAttr{{kChannels, same("2")}, {kFreq, same("50 Hz – 18 kHz")}, {kConnector, same("XLR, 6.35 mm")}}},
	{"Sound", 119900, 5, 2,
		tr{"Sub 18 Active Subwoofer", "Активный сабвуфер Sub 18", "Sub 18 有源低音炮"},
		tr{"18-inch bass-reflex subwoofer with 2000 W amplification and cardioid mode for tight, controlled low end.",
			"18-дюймовый сабвуфер фазоинверторного типа с усилителем 2000 Вт и кардиоидным режимом для плотного баса.",
			"18 英寸倒相式低音炮，2000 W 功放，支持心形模式，低频紧实可控。"},
		[]demoAttr{{kPower, same("2000 W")}, {kFreq, same("32 Hz – 150 Hz")}, {kSPL, same("135 dB")}, {kWeight, tr{"48 kg", "48 кг", "48 公斤"}}}},
	{"Sound", 32900, 18, 1,
		tr{"In-Ear Monitor Pack", "Комплект ушного мониторинга", "入耳式监听套装"},
		tr{"Stereo wireless in-ear monitoring with a belt-pack receiver and dual-driver earphones.",
			"Стереосистема беспроводного ушного мониторинга с поясным приёмником и двухдрайверными наушниками.",
			"立体声无线入耳监听系统，含腰包接收机和双单元耳机。"},
		[]demoAttr{{kChannels, tr{"Stereo", "Стерео", "立体声"}}, {kFreq, same("20 Hz – 18 kHz")}}},

	// Stage
	{"Stage", 42900, 20, 2,
		tr{"Stage Deck 2×1 m", "Сценический подиум 2×1 м", "舞台台板 2×1 米"},
		tr{"Aluminium-framed stage platform with anti-slip birch top; legs from 20 to 100 cm lock in seconds.",
			"Сценический подиум на алюминиевой раме с нескользящим покрытием из берёзы; ножки от 20 до 100 см фиксируются за секунды.",
			"铝合金框架舞台台板，防滑桦木台面，20–100 厘米支腿数秒即可锁定。"},
		[]demoAttr{{kSize, same("2 × 1 m")}, {kLoad, tr{"750 kg/m²", "750 кг/м²", "750 公斤/平方米"}}, {kMaterial, tr{"Aluminium, birch", "Алюминий, берёза", "铝，桦木"}}}},
	{"Stage", 27900, 15, 2,
		tr{"Truss Segment 3 m Square", "Ферма квадратная 3 м", "方形桁架 3 米"},
		tr{"290 mm square aluminium truss, 3 m, with conical couplers; TÜV certified for lighting and video loads.",
			"Квадратная алюминиевая ферма 290 мм длиной 3 м с коническими соединителями; сертифицирована для световых и видеонагрузок.",
			"290 毫米方形铝桁架，长 3 米，锥形连接件，通过 TÜV 认证，可承载灯光和视频设备。"},
		[]demoAttr{{kLength, tr{"3 m", "3 м", "3 米"}}, {kLoad, tr{"560 kg (UDL)", "560 кг (равномерно)", "560 公斤（均布）"}}, {kMaterial, tr{"Aluminium", "Алюминий", "铝"}}}},
	{"Stage", 15900, 30, 1,
		tr{"Velvet Drape 3×6 m", "Бархатный занавес 3×6 м", "天鹅绒幕布 3×6 米"},
		tr{"Flame-retardant black velvet drape with tie lines and a chain-weighted hem for clean masking.",
			"Огнестойкий чёрный бархатный занавес с завязками и утяжелённым цепью низом для аккуратной одежды сцены.",
			"阻燃黑色天鹅绒幕布，带系绳和链条配重下摆，遮挡效果整洁。"},
		[]demoAttr{{kSize, same("3 × 6 m")}, {kMaterial, tr{"Velvet, flame-retardant", "Бархат, огнестойкий", "天鹅绒，阻燃"}}}},
	{"Stage", 189900, 3, 3,
		tr{"Motorised Chain Hoist 500 kg", "Электрическая цепная таль 500 кг", "500 公斤电动葫芦"},
		tr{"D8+ rated chain hoist for flying truss and speakers, with double brake and 20 m chain.",
			"Цепная таль класса D8+ для подвеса ферм и акустики, с двойным тормозом и цепью 20 м.",
			"D8+ 级电动葫芦，用于吊挂桁架和音箱，双制动，配 20 米链条。"},
		[]demoAttr{{kLoad, tr{"500 kg", "500 кг", "500 公斤"}}, {kLength, tr{"20 m chain", "Цепь 20 м", "20 米链条"}}, {kWeight, tr{"36 kg", "36 кг", "36 公斤"}}}},
	{"Stage", 8900, 45, 2,
		tr{"Riser Steps Unit", "Лестница для подиума", "舞台台阶"},
		tr{"Three-step aluminium stair for stage decks with adjustable height and handrail mounts.",
			"Трёхступенчатая алюминиевая лестница для подиумов с регулировкой высоты и креплениями для поручня.",
			"三级铝合金台阶，高度可调，带扶手安装位。"},
		[]demoAttr{{kLoad, tr{"300 kg", "300 кг", "300 公斤"}}, {kMaterial, tr{"Aluminium", "Алюминий", "铝"}}}},
	{"Stage", 54900, 7, 2,
		tr{"Projection Screen 4 m Fast-Fold", "Проекционный экран 4 м Fast-Fold", "4 米快速折叠投影幕"},
		tr{"Front and rear projection surfaces on a folding frame that sets up in minutes, with legs and a travel case.",
			"Поверхности для прямой и обратной проекции на складной раме, собирается за минуты, с ножками и кейсом.",
			"正投与背投幕面配折叠框架，几分钟即可搭好，附支腿和运输箱。"},
		[]demoAttr{{kSize, same("4 × 2.25 m")}, {kMaterial, tr{"PVC, aluminium frame", "ПВХ, алюминиевая рама", "PVC，铝框架"}}}},

	// Accessories
	{"Accessories", 2490, 120, 1,
		tr{"XLR Cable 10 m", "Кабель XLR 10 м", "XLR 线缆 10 米"},
		tr{"Low-noise balanced microphone cable with gold-plated connectors and a flexible PVC jacket.",
			"Малошумящий симметричный микрофонный кабель с позолоченными разъёмами и гибкой оболочкой из ПВХ.",
			"低噪声平衡话筒线，镀金接头，柔韧 PVC 外皮。"},
		[]demoAttr{{kLength, tr{"10 m", "10 м", "10 米"}}, {kConnector, same("XLR F – XLR M")}}},
	{"Accessories", 3990, 80, 2,
		tr{"DMX Cable 3-pin 5 m", "Кабель DMX 3-pin 5 м", "DMX 信号线 3 芯 5 米"},
		tr{"110 Ω data cable for reliable DMX runs between fixtures and controllers.",
			"Кабель передачи данных 110 Ом для надёжных линий DMX между приборами и пультами.",
			"110 Ω 数据线，确保灯具与控台之间的 DMX 信号稳定传输。"},
		[]demoAttr{{kLength, tr{"5 m", "5 м", "5 米"}}, {kConnector, same("XLR 3-pin")}}},
	{"Accessories", 1990, 200, 1,
		tr{"Gaffer Tape 50 mm Black", "Гаффер-тейп 50 мм чёрный", "黑色布基胶带 50 毫米"},
		tr{"Matte cloth tape that tears by hand and leaves no residue: the stagehand's best friend.",
			"Матовая тканевая лента, рвётся руками и не оставляет следов — лучший друг техника сцены.",
			"哑光布基胶带，可手撕，不留残胶——舞台工作人员的好帮手。"},
		[]demoAttr{{kLength, tr{"50 m roll", "Рулон 50 м", "50 米卷"}}, {kMaterial, tr{"Cotton cloth", "Хлопковая ткань", "棉布"}}}},
	{"Accessories", 12900, 35, 2,
		tr{"Flight Case for Moving Heads", "Кейс для вращающихся голов", "摇头灯航空箱"},
		tr{"Road case for two moving heads with foam inserts, castors and butterfly locks.",
			"Транспортный кейс на две вращающиеся головы с поролоновыми вставками, колёсами и замками-бабочками.",
			"可装两台摇头灯的航空箱，内衬海绵，带脚轮和蝶形锁。"},
		[]demoAttr{{kMaterial, tr{"Plywood, aluminium", "Фанера, алюминий", "胶合板，铝"}}, {kWeight, tr{"22 kg", "22 кг", "22 公斤"}}}},
	{"Accessories", 4490, 90, 1,
		tr{"Safety Cable 60 cm", "Страховочный трос 60 см", "安全钢缆 60 厘米"},
		tr{"Steel safety bond with snap hook for securing fixtures to truss; rated 60 kg.",
			"Стальной страховочный трос с карабином для крепления приборов к ферме; нагрузка до 60 кг.",
			"带弹簧扣的钢制安全绳，用于把灯具固定在桁架上，额定 60 公斤。"},
		[]demoAttr{{kLength, tr{"60 cm", "60 см", "60 厘米"}}, {kLoad, tr{"60 kg", "60 кг", "60 公斤"}}}},
	{"Accessories", 9900, 50, 2,
		tr{"Mic Stand with Boom", "Микрофонная стойка «журавль»", "话筒支架（带吊杆）"},
		tr{"Tripod microphone stand with telescopic boom and a cast base that stays put on any stage.",
			"Микрофонная стойка-тренога с телескопическим «журавлём» и литым основанием, которая уверенно стоит на любой сцене.",
			"三脚话筒支架，配伸缩吊杆，铸造底座在任何舞台上都稳固可靠。"},
		[]demoAttr{{kMaterial, tr{"Steel", "Сталь", "钢"}}, {kWeight, tr{"3.1 kg", "3,1 кг", "3.1 公斤"}}, {kWarranty, tr{"2 years", "2 года", "2 年"}}}},
	{"Accessories", 6900, 0, 1,
		tr{"Stage Clamp Set (10)", "Набор струбцин (10 шт.)", "舞台灯钩套装（10 个）"},
		tr{"Ten half-coupler clamps for 48–51 mm tube, with M10 bolts, for hanging fixtures on truss.",
			"Десять полухомутов для трубы 48–51 мм с болтами M10 для подвеса приборов на ферму.",
			"十只适用于 48–51 毫米管的半扣件灯钩，配 M10 螺栓，用于在桁架上吊挂灯具。"},
		[]demoAttr{{kLoad, tr{"100 kg each", "100 кг каждая", "每只 100 公斤"}}, {kMaterial, tr{"Aluminium", "Алюминий", "铝"}}}},
}

// demoArt is what each demo product's pictures show (shop/artwork): each
// product its own drawing, by its English name.
var demoArt = map[string]string{
	"Aurora 350 LED Moving Head": "moving-head", "PixelBar 12 RGBW Batten": "batten",
	"Zoom Profile 200 Ellipsoidal": "profile", "Haze Pro 900 Fog Machine": "hazer", "Par 64 LED Wash": "par",
	"Strobe Blinder 4×100": "blinder", "Thunder 15A Active Speaker": "speaker", "Studio Live 32 Digital Mixer": "mixer",
	"Vocal Pro 58 Dynamic Microphone": "microphone", "Wireless Duo UHF System": "wireless",
	"Sub 18 Active Subwoofer": "subwoofer", "In-Ear Monitor Pack": "in-ear", "Stage Deck 2×1 m": "deck",
	"Truss Segment 3 m Square": "truss", "Velvet Drape 3×6 m": "drape", "Motorised Chain Hoist 500 kg": "hoist",
	"Riser Steps Unit": "steps", "Projection Screen 4 m Fast-Fold": "screen", "XLR Cable 10 m": "xlr-cable",
	"DMX Cable 3-pin 5 m": "dmx-cable", "Gaffer Tape 50 mm Black": "tape", "Flight Case for Moving Heads": "flight-case",
	"Safety Cable 60 cm": "safety-cable", "Mic Stand with Boom": "mic-stand", "Stage Clamp Set (10)": "clamps",
}
