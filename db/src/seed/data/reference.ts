import type { I18nText } from './types.ts';

/** Names in the eight locales, in the order en, fr, zh, es, pt, de, ar, ru. */
const t = (en: string, fr: string, zh: string, es: string, pt: string, de: string, ar: string, ru: string): I18nText => ({
  en_US: en, fr_FR: fr, zh_CN: zh, es_ES: es, pt_BR: pt, de_DE: de, ar_SA: ar, ru_RU: ru,
});

export const countries: { code: string; name: I18nText; currency: string; cities: string[] }[] = [
  { code: 'FR', name: t('France', 'France', '法国', 'Francia', 'França', 'Frankreich', 'فرنسا', 'Франция'), currency: 'EUR', cities: ['Paris', 'Marseille', 'Lyon', 'Toulouse', 'Nice', 'Nantes', 'Strasbourg', 'Montpellier', 'Bordeaux', 'Lille'] },
  { code: 'DE', name: t('Germany', 'Allemagne', '德国', 'Alemania', 'Alemanha', 'Deutschland', 'ألمانيا', 'Германия'), currency: 'EUR', cities: ['Berlin', 'Hamburg', 'Munich', 'Cologne', 'Frankfurt', 'Stuttgart', 'Düsseldorf', 'Leipzig'] },
  { code: 'ES', name: t('Spain', 'Espagne', '西班牙', 'España', 'Espanha', 'Spanien', 'إسبانيا', 'Испания'), currency: 'EUR', cities: ['Madrid', 'Barcelona', 'Valencia', 'Seville', 'Zaragoza', 'Málaga', 'Bilbao', 'Palma'] },
  { code: 'IT', name: t('Italy', 'Italie', '意大利', 'Italia', 'Itália', 'Italien', 'إيطاليا', 'Италия'), currency: 'EUR', cities: ['Rome', 'Milan', 'Naples', 'Turin', 'Palermo', 'Genoa', 'Bologna', 'Florence'] },
  { code: 'PT', name: t('Portugal', 'Portugal', '葡萄牙', 'Portugal', 'Portugal', 'Portugal', 'البرتغال', 'Португалия'), currency: 'EUR', cities: ['Lisbon', 'Porto', 'Braga', 'Coimbra', 'Faro', 'Aveiro'] },
  { code: 'BE', name: t('Belgium', 'Belgique', '比利时', 'Bélgica', 'Bélgica', 'Belgien', 'بلجيكا', 'Бельгия'), currency: 'EUR', cities: ['Brussels', 'Antwerp', 'Ghent', 'Charleroi', 'Liège', 'Bruges'] },
  { code: 'NL', name: t('Netherlands', 'Pays-Bas', '荷兰', 'Países Bajos', 'Países Baixos', 'Niederlande', 'هولندا', 'Нидерланды'), currency: 'EUR', cities: ['Amsterdam', 'Rotterdam', 'The Hague', 'Utrecht', 'Eindhoven', 'Groningen'] },
  { code: 'LU', name: t('Luxembourg', 'Luxembourg', '卢森堡', 'Luxemburgo', 'Luxemburgo', 'Luxemburg', 'لوكسمبورغ', 'Люксембург'), currency: 'EUR', cities: ['Luxembourg', 'Esch-sur-Alzette', 'Differdange', 'Dudelange', 'Ettelbruck', 'Diekirch'] },
  { code: 'AT', name: t('Austria', 'Autriche', '奥地利', 'Austria', 'Áustria', 'Österreich', 'النمسا', 'Австрия'), currency: 'EUR', cities: ['Vienna', 'Graz', 'Linz', 'Salzburg', 'Innsbruck', 'Klagenfurt'] },
  { code: 'IE', name: t('Ireland', 'Irlande', '爱尔兰', 'Irlanda', 'Irlanda', 'Irland', 'أيرلندا', 'Ирландия'), currency: 'EUR', cities: ['Dublin', 'Cork', 'Limerick', 'Galway', 'Waterford', 'Kilkenny'] },
  { code: 'GB', name: t('United Kingdom', 'Royaume-Uni', '英国', 'Reino Unido', 'Reino Unido', 'Vereinigtes Königreich', 'المملكة المتحدة', 'Великобритания'), currency: 'GBP', cities: ['London', 'Birmingham', 'Manchester', 'Glasgow', 'Liverpool', 'Leeds', 'Edinburgh', 'Bristol'] },
  { code: 'CH', name: t('Switzerland', 'Suisse', '瑞士', 'Suiza', 'Suíça', 'Schweiz', 'سويسرا', 'Швейцария'), currency: 'CHF', cities: ['Zurich', 'Geneva', 'Basel', 'Lausanne', 'Bern', 'Lucerne'] },
  { code: 'SE', name: t('Sweden', 'Suède', '瑞典', 'Suecia', 'Suécia', 'Schweden', 'السويد', 'Швеция'), currency: 'SEK', cities: ['Stockholm', 'Gothenburg', 'Malmö', 'Uppsala', 'Västerås', 'Örebro'] },
  { code: 'NO', name: t('Norway', 'Norvège', '挪威', 'Noruega', 'Noruega', 'Norwegen', 'النرويج', 'Норвегия'), currency: 'NOK', cities: ['Oslo', 'Bergen', 'Trondheim', 'Stavanger', 'Drammen', 'Tromsø'] },
  { code: 'DK', name: t('Denmark', 'Danemark', '丹麦', 'Dinamarca', 'Dinamarca', 'Dänemark', 'الدنمارك', 'Дания'), currency: 'DKK', cities: ['Copenhagen', 'Aarhus', 'Odense', 'Aalborg', 'Esbjerg', 'Randers'] },
  { code: 'PL', name: t('Poland', 'Pologne', '波兰', 'Polonia', 'Polônia', 'Polen', 'بولندا', 'Польша'), currency: 'PLN', cities: ['Warsaw', 'Kraków', 'Łódź', 'Wrocław', 'Poznań', 'Gdańsk'] },
  { code: 'CZ', name: t('Czechia', 'Tchéquie', '捷克', 'Chequia', 'Tchéquia', 'Tschechien', 'التشيك', 'Чехия'), currency: 'CZK', cities: ['Prague', 'Brno', 'Ostrava', 'Plzeň', 'Liberec', 'Olomouc'] },
  { code: 'RO', name: t('Romania', 'Roumanie', '罗马尼亚', 'Rumania', 'Romênia', 'Rumänien', 'رومانيا', 'Румыния'), currency: 'RON', cities: ['Bucharest', 'Cluj-Napoca', 'Timișoara', 'Iași', 'Constanța', 'Brașov'] },
  { code: 'TR', name: t('Türkiye', 'Turquie', '土耳其', 'Turquía', 'Turquia', 'Türkei', 'تركيا', 'Турция'), currency: 'TRY', cities: ['Istanbul', 'Ankara', 'Izmir', 'Bursa', 'Antalya', 'Adana'] },
  { code: 'RU', name: t('Russia', 'Russie', '俄罗斯', 'Rusia', 'Rússia', 'Russland', 'روسيا', 'Россия'), currency: 'RUB', cities: ['Moscow', 'Saint Petersburg', 'Novosibirsk', 'Yekaterinburg', 'Kazan', 'Nizhny Novgorod'] },
  { code: 'US', name: t('United States', 'États-Unis', '美国', 'Estados Unidos', 'Estados Unidos', 'Vereinigte Staaten', 'الولايات المتحدة', 'США'), currency: 'USD', cities: ['New York', 'Los Angeles', 'Chicago', 'Houston', 'Phoenix', 'Miami', 'San Francisco', 'Seattle'] },
  { code: 'CA', name: t('Canada', 'Canada', '加拿大', 'Canadá', 'Canadá', 'Kanada', 'كندا', 'Канада'), currency: 'CAD', cities: ['Toronto', 'Montreal', 'Vancouver', 'Calgary', 'Ottawa', 'Quebec City'] },
  { code: 'MX', name: t('Mexico', 'Mexique', '墨西哥', 'México', 'México', 'Mexiko', 'المكسيك', 'Мексика'), currency: 'MXN', cities: ['Mexico City', 'Guadalajara', 'Monterrey', 'Puebla', 'Tijuana', 'Mérida'] },
  { code: 'BR', name: t('Brazil', 'Brésil', '巴西', 'Brasil', 'Brasil', 'Brasilien', 'البرازيل', 'Бразилия'), currency: 'BRL', cities: ['São Paulo', 'Rio de Janeiro', 'Brasília', 'Salvador', 'Fortaleza', 'Belo Horizonte', 'Curitiba', 'Porto Alegre'] },
  { code: 'AR', name: t('Argentina', 'Argentine', '阿根廷', 'Argentina', 'Argentina', 'Argentinien', 'الأرجنتين', 'Аргентина'), currency: 'ARS', cities: ['Buenos Aires', 'Córdoba', 'Rosario', 'Mendoza', 'La Plata', 'Mar del Plata'] },
  { code: 'MA', name: t('Morocco', 'Maroc', '摩洛哥', 'Marruecos', 'Marrocos', 'Marokko', 'المغرب', 'Марокко'), currency: 'MAD', cities: ['Casablanca', 'Rabat', 'Marrakesh', 'Fez', 'Tangier', 'Agadir'] },
  { code: 'DZ', name: t('Algeria', 'Algérie', '阿尔及利亚', 'Argelia', 'Argélia', 'Algerien', 'الجزائر', 'Алжир'), currency: 'DZD', cities: ['Algiers', 'Oran', 'Constantine', 'Annaba', 'Blida', 'Sétif'] },
  { code: 'TN', name: t('Tunisia', 'Tunisie', '突尼斯', 'Túnez', 'Tunísia', 'Tunesien', 'تونس', 'Тунис'), currency: 'TND', cities: ['Tunis', 'Sfax', 'Sousse', 'Kairouan', 'Bizerte', 'Gabès'] },
  { code: 'EG', name: t('Egypt', 'Égypte', '埃及', 'Egipto', 'Egito', 'Ägypten', 'مصر', 'Египет'), currency: 'EGP', cities: ['Cairo', 'Alexandria', 'Giza', 'Port Said', 'Suez', 'Luxor'] },
  { code: 'SA', name: t('Saudi Arabia', 'Arabie saoudite', '沙特阿拉伯', 'Arabia Saudí', 'Arábia Saudita', 'Saudi-Arabien', 'المملكة العربية السعودية', 'Саудовская Аравия'), currency: 'SAR', cities: ['Riyadh', 'Jeddah', 'Mecca', 'Medina', 'Dammam', 'Khobar'] },
  { code: 'AE', name: t('United Arab Emirates', 'Émirats arabes unis', '阿联酋', 'Emiratos Árabes Unidos', 'Emirados Árabes Unidos', 'Vereinigte Arabische Emirate', 'الإمارات العربية المتحدة', 'ОАЭ'), currency: 'AED', cities: ['Dubai', 'Abu Dhabi', 'Sharjah', 'Al Ain', 'Ajman', 'Ras Al Khaimah'] },
  { code: 'CN', name: t('China', 'Chine', '中国', 'China', 'China', 'China', 'الصين', 'Китай'), currency: 'CNY', cities: ['Shanghai', 'Beijing', 'Shenzhen', 'Guangzhou', 'Chengdu', 'Hangzhou', 'Wuhan', 'Xi’an'] },
  { code: 'JP', name: t('Japan', 'Japon', '日本', 'Japón', 'Japão', 'Japan', 'اليابان', 'Япония'), currency: 'JPY', cities: ['Tokyo', 'Osaka', 'Yokohama', 'Nagoya', 'Sapporo', 'Fukuoka'] },
  { code: 'KR', name: t('South Korea', 'Corée du Sud', '韩国', 'Corea del Sur', 'Coreia do Sul', 'Südkorea', 'كوريا الجنوبية', 'Южная Корея'), currency: 'KRW', cities: ['Seoul', 'Busan', 'Incheon', 'Daegu', 'Daejeon', 'Gwangju'] },
];

export const currencies: { code: string; name: I18nText; symbol: string; country: string }[] = [
  { code: 'EUR', name: t('Euro', 'Euro', '欧元', 'Euro', 'Euro', 'Euro', 'يورو', 'Евро'), symbol: '€', country: 'FR' },
  { code: 'GBP', name: t('Pound sterling', 'Livre sterling', '英镑', 'Libra esterlina', 'Libra esterlina', 'Pfund Sterling', 'جنيه إسترليني', 'Фунт стерлингов'), symbol: '£', country: 'GB' },
  { code: 'CHF', name: t('Swiss franc', 'Franc suisse', '瑞士法郎', 'Franco suizo', 'Franco suíço', 'Schweizer Franken', 'فرنك سويسري', 'Швейцарский франк'), symbol: 'CHF', country: 'CH' },
  { code: 'SEK', name: t('Swedish krona', 'Couronne suédoise', '瑞典克朗', 'Corona sueca', 'Coroa sueca', 'Schwedische Krone', 'كرونة سويدية', 'Шведская крона'), symbol: 'kr', country: 'SE' },
  { code: 'NOK', name: t('Norwegian krone', 'Couronne norvégienne', '挪威克朗', 'Corona noruega', 'Coroa norueguesa', 'Norwegische Krone', 'كرونة نرويجية', 'Норвежская крона'), symbol: 'kr', country: 'NO' },
  { code: 'DKK', name: t('Danish krone', 'Couronne danoise', '丹麦克朗', 'Corona danesa', 'Coroa dinamarquesa', 'Dänische Krone', 'كرونة دنماركية', 'Датская крона'), symbol: 'kr', country: 'DK' },
  { code: 'PLN', name: t('Polish złoty', 'Złoty polonais', '波兰兹罗提', 'Esloti polaco', 'Zloty polonês', 'Polnischer Złoty', 'زلوتي بولندي', 'Польский злотый'), symbol: 'zł', country: 'PL' },
  { code: 'CZK', name: t('Czech koruna', 'Couronne tchèque', '捷克克朗', 'Corona checa', 'Coroa tcheca', 'Tschechische Krone', 'كرونة تشيكية', 'Чешская крона'), symbol: 'Kč', country: 'CZ' },
  { code: 'RON', name: t('Romanian leu', 'Leu roumain', '罗马尼亚列伊', 'Leu rumano', 'Leu romeno', 'Rumänischer Leu', 'ليو روماني', 'Румынский лей'), symbol: 'lei', country: 'RO' },
  { code: 'TRY', name: t('Turkish lira', 'Livre turque', '土耳其里拉', 'Lira turca', 'Lira turca', 'Türkische Lira', 'ليرة تركية', 'Турецкая лира'), symbol: '₺', country: 'TR' },
  { code: 'RUB', name: t('Russian ruble', 'Rouble russe', '俄罗斯卢布', 'Rublo ruso', 'Rublo russo', 'Russischer Rubel', 'روبل روسي', 'Российский рубль'), symbol: '₽', country: 'RU' },
  { code: 'USD', name: t('US dollar', 'Dollar américain', '美元', 'Dólar estadounidense', 'Dólar americano', 'US-Dollar', 'دولار أمريكي', 'Доллар США'), symbol: '$', country: 'US' },
  { code: 'CAD', name: t('Canadian dollar', 'Dollar canadien', '加元', 'Dólar canadiense', 'Dólar canadense', 'Kanadischer Dollar', 'دولار كندي', 'Канадский доллар'), symbol: 'CA$', country: 'CA' },
  { code: 'MXN', name: t('Mexican peso', 'Peso mexicain', '墨西哥比索', 'Peso mexicano', 'Peso mexicano', 'Mexikanischer Peso', 'بيزو مكسيكي', 'Мексиканское песо'), symbol: 'MX$', country: 'MX' },
  { code: 'BRL', name: t('Brazilian real', 'Réal brésilien', '巴西雷亚尔', 'Real brasileño', 'Real brasileiro', 'Brasilianischer Real', 'ريال برازيلي', 'Бразильский реал'), symbol: 'R$', country: 'BR' },
  { code: 'ARS', name: t('Argentine peso', 'Peso argentin', '阿根廷比索', 'Peso argentino', 'Peso argentino', 'Argentinischer Peso', 'بيزو أرجنتيني', 'Аргентинское песо'), symbol: 'AR$', country: 'AR' },
  { code: 'MAD', name: t('Moroccan dirham', 'Dirham marocain', '摩洛哥迪拉姆', 'Dírham marroquí', 'Dirham marroquino', 'Marokkanischer Dirham', 'درهم مغربي', 'Марокканский дирхам'), symbol: 'DH', country: 'MA' },
  { code: 'DZD', name: t('Algerian dinar', 'Dinar algérien', '阿尔及利亚第纳尔', 'Dinar argelino', 'Dinar argelino', 'Algerischer Dinar', 'دينار جزائري', 'Алжирский динар'), symbol: 'DA', country: 'DZ' },
  { code: 'TND', name: t('Tunisian dinar', 'Dinar tunisien', '突尼斯第纳尔', 'Dinar tunecino', 'Dinar tunisiano', 'Tunesischer Dinar', 'دينار تونسي', 'Тунисский динар'), symbol: 'DT', country: 'TN' },
  { code: 'EGP', name: t('Egyptian pound', 'Livre égyptienne', '埃及镑', 'Libra egipcia', 'Libra egípcia', 'Ägyptisches Pfund', 'جنيه مصري', 'Египетский фунт'), symbol: 'E£', country: 'EG' },
  { code: 'SAR', name: t('Saudi riyal', 'Riyal saoudien', '沙特里亚尔', 'Riyal saudí', 'Rial saudita', 'Saudi-Riyal', 'ريال سعودي', 'Саудовский риял'), symbol: 'SAR', country: 'SA' },
  { code: 'AED', name: t('UAE dirham', 'Dirham des Émirats', '阿联酋迪拉姆', 'Dírham de los EAU', 'Dirham dos EAU', 'VAE-Dirham', 'درهم إماراتي', 'Дирхам ОАЭ'), symbol: 'AED', country: 'AE' },
  { code: 'CNY', name: t('Chinese yuan', 'Yuan chinois', '人民币', 'Yuan chino', 'Yuan chinês', 'Chinesischer Yuan', 'يوان صيني', 'Китайский юань'), symbol: '¥', country: 'CN' },
  { code: 'JPY', name: t('Japanese yen', 'Yen japonais', '日元', 'Yen japonés', 'Iene japonês', 'Japanischer Yen', 'ين ياباني', 'Японская иена'), symbol: '¥', country: 'JP' },
  { code: 'KRW', name: t('South Korean won', 'Won sud-coréen', '韩元', 'Won surcoreano', 'Won sul-coreano', 'Südkoreanischer Won', 'وون كوري جنوبي', 'Южнокорейская вона'), symbol: '₩', country: 'KR' },
];

type Named = { code: string; name: I18nText; description: I18nText };

export const categories: Named[] = [
  { code: 'sedan', name: t('Sedan', 'Berline', '轿车', 'Berlina', 'Sedã', 'Limousine', 'سيدان', 'Седан'), description: t('A car with a separate boot, four doors and room for five.', 'Une voiture à coffre séparé, quatre portes et cinq places.', '带独立行李箱的四门五座汽车。', 'Un coche con maletero separado, cuatro puertas y cinco plazas.', 'Um carro com porta-malas separado, quatro portas e cinco lugares.', 'Ein Auto mit separatem Kofferraum, vier Türen und fünf Plätzen.', 'سيارة بصندوق منفصل وأربعة أبواب وخمسة مقاعد.', 'Автомобиль с отдельным багажником, четырьмя дверями и пятью местами.') },
  { code: 'hatchback', name: t('Hatchback', 'Compacte', '两厢车', 'Compacto', 'Hatch', 'Schrägheck', 'هاتشباك', 'Хэтчбек'), description: t('A compact car with a rear door that opens the boot.', 'Une voiture compacte avec un hayon arrière.', '带后掀背门的紧凑型汽车。', 'Un coche compacto con portón trasero.', 'Um carro compacto com tampa traseira.', 'Ein kompaktes Auto mit Heckklappe.', 'سيارة صغيرة بباب خلفي يفتح الصندوق.', 'Компактный автомобиль с задней дверью багажника.') },
  { code: 'suv', name: t('SUV', 'SUV', 'SUV', 'SUV', 'SUV', 'SUV', 'سيارة رياضية متعددة الاستخدامات', 'Внедорожник'), description: t('A raised vehicle with a high driving position, often with four-wheel drive.', 'Un véhicule surélevé à position de conduite haute, souvent à quatre roues motrices.', '车身较高、驾驶位置高的车辆,常配四驱。', 'Un vehículo elevado con posición de conducción alta, a menudo con tracción total.', 'Um veículo elevado com posição de direção alta, muitas vezes com tração integral.', 'Ein erhöhtes Fahrzeug mit hoher Sitzposition, oft mit Allradantrieb.', 'مركبة مرتفعة بوضعية قيادة عالية وغالباً بدفع رباعي.', 'Высокий автомобиль с высокой посадкой, часто полноприводный.') },
  { code: 'estate', name: t('Estate', 'Break', '旅行车', 'Familiar', 'Perua', 'Kombi', 'ستيشن واغن', 'Универсал'), description: t('A car with a long roof and a large boot for luggage.', 'Une voiture au toit allongé et au grand coffre.', '车顶较长、行李箱宽大的汽车。', 'Un coche con techo largo y gran maletero.', 'Um carro com teto longo e porta-malas grande.', 'Ein Auto mit langem Dach und großem Kofferraum.', 'سيارة بسقف طويل وصندوق أمتعة كبير.', 'Автомобиль с длинной крышей и большим багажником.') },
  { code: 'coupe', name: t('Coupé', 'Coupé', '轿跑车', 'Cupé', 'Cupê', 'Coupé', 'كوبيه', 'Купе'), description: t('A sporty two-door car with a sloping roof.', 'Une voiture sportive à deux portes et toit fuyant.', '车顶倾斜的运动型两门车。', 'Un coche deportivo de dos puertas con techo inclinado.', 'Um carro esportivo de duas portas com teto inclinado.', 'Ein sportliches zweitüriges Auto mit abfallendem Dach.', 'سيارة رياضية ببابين وسقف مائل.', 'Спортивный двухдверный автомобиль с покатой крышей.') },
  { code: 'convertible', name: t('Convertible', 'Cabriolet', '敞篷车', 'Descapotable', 'Conversível', 'Cabrio', 'سيارة مكشوفة', 'Кабриолет'), description: t('A car whose roof folds away.', 'Une voiture dont le toit se replie.', '车顶可折叠收起的汽车。', 'Un coche cuyo techo se pliega.', 'Um carro cujo teto se recolhe.', 'Ein Auto mit Faltdach.', 'سيارة يُطوى سقفها.', 'Автомобиль со складной крышей.') },
  { code: 'mpv', name: t('MPV', 'Monospace', '多用途车', 'Monovolumen', 'Minivan', 'Van', 'سيارة عائلية', 'Минивэн'), description: t('A roomy family car, often with seven seats.', 'Une voiture familiale spacieuse, souvent à sept places.', '宽敞的家用车,常有七座。', 'Un coche familiar espacioso, a menudo de siete plazas.', 'Um carro familiar espaçoso, muitas vezes com sete lugares.', 'Ein geräumiges Familienauto, oft mit sieben Sitzen.', 'سيارة عائلية واسعة غالباً بسبعة مقاعد.', 'Просторный семейный автомобиль, часто семиместный.') },
  { code: 'pickup', name: t('Pickup', 'Pick-up', '皮卡', 'Pick-up', 'Picape', 'Pick-up', 'بيك أب', 'Пикап'), description: t('A cab with an open cargo bed behind it.', 'Une cabine suivie d’une benne ouverte.', '带开放式货厢的驾驶室车型。', 'Una cabina con caja de carga abierta detrás.', 'Uma cabine com caçamba aberta atrás.', 'Eine Kabine mit offener Ladefläche dahinter.', 'مقصورة خلفها صندوق حمولة مكشوف.', 'Кабина с открытой грузовой платформой позади.') },
  { code: 'van', name: t('Van', 'Utilitaire', '厢式货车', 'Furgoneta', 'Furgão', 'Transporter', 'فان', 'Фургон'), description: t('A commercial vehicle for goods or many passengers.', 'Un véhicule utilitaire pour les marchandises ou de nombreux passagers.', '用于运货或载客的商用车。', 'Un vehículo comercial para mercancías o muchos pasajeros.', 'Um veículo comercial para carga ou muitos passageiros.', 'Ein Nutzfahrzeug für Waren oder viele Fahrgäste.', 'مركبة تجارية للبضائع أو لعدد كبير من الركاب.', 'Коммерческий автомобиль для грузов или пассажиров.') },
  { code: 'city_car', name: t('City car', 'Citadine', '城市小车', 'Urbano', 'Compacto urbano', 'Kleinstwagen', 'سيارة مدينة', 'Городской автомобиль'), description: t('A small, easy-to-park car for town.', 'Une petite voiture facile à garer en ville.', '便于在城市停放的小型车。', 'Un coche pequeño y fácil de aparcar en la ciudad.', 'Um carro pequeno e fácil de estacionar na cidade.', 'Ein kleines, leicht zu parkendes Stadtauto.', 'سيارة صغيرة سهلة الركن في المدينة.', 'Небольшой автомобиль, удобный для парковки в городе.') },
];

const d = (en: string, fr: string, zh: string, es: string, pt: string, de: string, ar: string, ru: string) => t(en, fr, zh, es, pt, de, ar, ru);

export const fuelTypes: Named[] = [
  { code: 'petrol', name: t('Petrol', 'Essence', '汽油', 'Gasolina', 'Gasolina', 'Benzin', 'بنزين', 'Бензин'), description: d('Runs on unleaded petrol.', 'Roule à l’essence sans plomb.', '使用无铅汽油。', 'Funciona con gasolina sin plomo.', 'Funciona com gasolina.', 'Fährt mit bleifreiem Benzin.', 'يعمل بالبنزين الخالي من الرصاص.', 'Работает на неэтилированном бензине.') },
  { code: 'diesel', name: t('Diesel', 'Diesel', '柴油', 'Diésel', 'Diesel', 'Diesel', 'ديزل', 'Дизель'), description: d('Runs on diesel fuel.', 'Roule au gazole.', '使用柴油。', 'Funciona con gasóleo.', 'Funciona com óleo diesel.', 'Fährt mit Dieselkraftstoff.', 'يعمل بوقود الديزل.', 'Работает на дизельном топливе.') },
  { code: 'hybrid', name: t('Hybrid', 'Hybride', '混合动力', 'Híbrido', 'Híbrido', 'Hybrid', 'هجين', 'Гибрид'), description: d('A combustion engine helped by an electric motor.', 'Un moteur thermique assisté d’un moteur électrique.', '由电动机辅助的内燃机。', 'Un motor de combustión ayudado por un motor eléctrico.', 'Um motor a combustão auxiliado por um motor elétrico.', 'Ein Verbrennungsmotor mit Unterstützung eines Elektromotors.', 'محرك احتراق يساعده محرك كهربائي.', 'Двигатель внутреннего сгорания с электромотором.') },
  { code: 'plug_in_hybrid', name: t('Plug-in hybrid', 'Hybride rechargeable', '插电式混合动力', 'Híbrido enchufable', 'Híbrido plug-in', 'Plug-in-Hybrid', 'هجين قابل للشحن', 'Подключаемый гибрид'), description: d('A hybrid whose battery charges from the mains.', 'Un hybride dont la batterie se recharge sur secteur.', '电池可外接充电的混合动力车。', 'Un híbrido cuya batería se carga en la red.', 'Um híbrido cuja bateria carrega na tomada.', 'Ein Hybrid, dessen Batterie am Netz lädt.', 'سيارة هجينة تُشحن بطاريتها من الشبكة.', 'Гибрид с аккумулятором, заряжаемым от сети.') },
  { code: 'electric', name: t('Electric', 'Électrique', '纯电动', 'Eléctrico', 'Elétrico', 'Elektro', 'كهربائي', 'Электро'), description: d('Runs on a battery only, with no exhaust.', 'Roule uniquement sur batterie, sans échappement.', '仅靠电池驱动,无尾气排放。', 'Funciona solo con batería, sin escape.', 'Funciona apenas com bateria, sem escapamento.', 'Fährt nur mit Batterie, ohne Abgase.', 'يعمل بالبطارية فقط دون عوادم.', 'Работает только от аккумулятора, без выхлопа.') },
  { code: 'lpg', name: t('LPG', 'GPL', '液化石油气', 'GLP', 'GLP', 'Autogas (LPG)', 'غاز البترول المسال', 'Газ (ГБО)'), description: d('Runs on liquefied petroleum gas as well as petrol.', 'Roule au gaz de pétrole liquéfié et à l’essence.', '可使用液化石油气和汽油。', 'Funciona con gas licuado y gasolina.', 'Funciona com gás liquefeito e gasolina.', 'Fährt mit Flüssiggas und Benzin.', 'يعمل بغاز البترول المسال والبنزين.', 'Работает на сжиженном газе и бензине.') },
  { code: 'hydrogen', name: t('Hydrogen', 'Hydrogène', '氢燃料', 'Hidrógeno', 'Hidrogênio', 'Wasserstoff', 'هيدروجين', 'Водород'), description: d('A fuel cell makes electricity from hydrogen.', 'Une pile à combustible produit l’électricité à partir d’hydrogène.', '燃料电池以氢气发电。', 'Una pila de combustible genera electricidad a partir de hidrógeno.', 'Uma célula de combustível gera eletricidade a partir do hidrogênio.', 'Eine Brennstoffzelle erzeugt Strom aus Wasserstoff.', 'خلية وقود تولد الكهرباء من الهيدروجين.', 'Топливный элемент вырабатывает электричество из водорода.') },
];

export const transmissions: Named[] = [
  { code: 'manual', name: t('Manual', 'Manuelle', '手动挡', 'Manual', 'Manual', 'Schaltgetriebe', 'يدوي', 'Механика'), description: d('The driver changes gear with a clutch pedal.', 'Le conducteur change de vitesse avec un embrayage.', '驾驶员用离合器换挡。', 'El conductor cambia de marcha con embrague.', 'O motorista troca de marcha com embreagem.', 'Der Fahrer schaltet mit Kupplungspedal.', 'يغير السائق السرعات بدواسة القابض.', 'Водитель переключает передачи с педалью сцепления.') },
  { code: 'automatic', name: t('Automatic', 'Automatique', '自动挡', 'Automático', 'Automático', 'Automatik', 'أوتوماتيكي', 'Автомат'), description: d('Gears change by themselves.', 'Les vitesses passent toutes seules.', '自动换挡。', 'Las marchas cambian solas.', 'As marchas trocam sozinhas.', 'Die Gänge wechseln von selbst.', 'تتغير السرعات تلقائياً.', 'Передачи переключаются сами.') },
  { code: 'semi_automatic', name: t('Semi-automatic', 'Semi-automatique', '半自动挡', 'Semiautomático', 'Semiautomático', 'Halbautomatik', 'نصف أوتوماتيكي', 'Робот'), description: d('Gears change with paddles, without a clutch pedal.', 'Les vitesses passent par palettes, sans pédale d’embrayage.', '通过拨片换挡,无离合踏板。', 'Las marchas se cambian con levas, sin pedal de embrague.', 'As marchas trocam por borboletas, sem pedal de embreagem.', 'Schalten per Wippen, ohne Kupplungspedal.', 'تتغير السرعات بالمجاديف دون دواسة قابض.', 'Передачи переключаются лепестками, без педали сцепления.') },
  { code: 'cvt', name: t('CVT', 'CVT', '无级变速', 'CVT', 'CVT', 'CVT', 'ناقل حركة متغير باستمرار', 'Вариатор'), description: d('A continuously variable transmission with no fixed gears.', 'Une transmission à variation continue, sans rapports fixes.', '没有固定挡位的无级变速器。', 'Una transmisión de variación continua, sin marchas fijas.', 'Uma transmissão continuamente variável, sem marchas fixas.', 'Ein stufenloses Getriebe ohne feste Gänge.', 'ناقل حركة متغير باستمرار بدون سرعات ثابتة.', 'Бесступенчатая трансмиссия без фиксированных передач.') },
];

export const types: Named[] = [
  { code: 'sale', name: t('For sale', 'À vendre', '出售', 'En venta', 'À venda', 'Zu verkaufen', 'للبيع', 'Продажа'), description: d('The vehicle is sold; the price is the full price.', 'Le véhicule est vendu ; le prix est le prix total.', '车辆出售,价格为全价。', 'El vehículo se vende; el precio es el precio total.', 'O veículo é vendido; o preço é o valor total.', 'Das Fahrzeug wird verkauft; der Preis ist der Gesamtpreis.', 'المركبة للبيع؛ السعر هو السعر الكامل.', 'Автомобиль продаётся; цена — полная стоимость.') },
  { code: 'rent_day', name: t('For rent (per day)', 'À louer (par jour)', '出租(按天)', 'En alquiler (por día)', 'Para alugar (por dia)', 'Zu vermieten (pro Tag)', 'للإيجار (يومياً)', 'Аренда (посуточно)'), description: d('Rented by the day; the price is per day.', 'Loué à la journée ; le prix est par jour.', '按天出租,价格为每日价格。', 'Se alquila por días; el precio es por día.', 'Alugado por dia; o preço é diário.', 'Tageweise vermietet; der Preis gilt pro Tag.', 'يُؤجر باليوم؛ السعر لكل يوم.', 'Сдаётся посуточно; цена указана за день.') },
  { code: 'rent_month', name: t('For rent (per month)', 'À louer (par mois)', '出租(按月)', 'En alquiler (por mes)', 'Para alugar (por mês)', 'Zu vermieten (pro Monat)', 'للإيجار (شهرياً)', 'Аренда (помесячно)'), description: d('Rented by the month; the price is per month.', 'Loué au mois ; le prix est par mois.', '按月出租,价格为每月价格。', 'Se alquila por meses; el precio es por mes.', 'Alugado por mês; o preço é mensal.', 'Monatsweise vermietet; der Preis gilt pro Monat.', 'يُؤجر بالشهر؛ السعر لكل شهر.', 'Сдаётся помесячно; цена указана за месяц.') },
];

/** An equipment option: its name in each language, described the same way in each. */
const option = (code: string, en: string, fr: string, zh: string, es: string, pt: string, de: string, ar: string, ru: string): Named => ({
  code,
  name: t(en, fr, zh, es, pt, de, ar, ru),
  description: t(`Equipped with ${en.toLowerCase()}.`, `Équipé : ${fr.toLowerCase()}.`, `配备${zh}。`, `Equipado con ${es.toLowerCase()}.`, `Equipado com ${pt.toLowerCase()}.`, `Ausstattung: ${de}.`, `مجهزة بـ ${ar}.`, `Оснащение: ${ru.toLowerCase()}.`),
});

export const options: Named[] = [
  option('air_conditioning', 'Air conditioning', 'Climatisation', '空调', 'Aire acondicionado', 'Ar-condicionado', 'Klimaanlage', 'تكييف الهواء', 'Кондиционер'),
  option('climate_control', 'Automatic climate control', 'Climatisation automatique', '自动空调', 'Climatizador automático', 'Ar-condicionado automático', 'Klimaautomatik', 'تكييف أوتوماتيكي', 'Климат-контроль'),
  option('gps_navigation', 'GPS navigation', 'Navigation GPS', 'GPS导航', 'Navegador GPS', 'Navegação GPS', 'Navigationssystem', 'ملاحة GPS', 'GPS-навигация'),
  option('apple_carplay', 'Apple CarPlay', 'Apple CarPlay', 'Apple CarPlay 车载', 'Apple CarPlay integrado', 'Apple CarPlay integrado', 'Apple CarPlay-Anbindung', 'آبل كاربلاي', 'Apple CarPlay-интеграция'),
  option('android_auto', 'Android Auto', 'Android Auto', 'Android Auto 车载', 'Android Auto integrado', 'Android Auto integrado', 'Android Auto-Anbindung', 'أندرويد أوتو', 'Android Auto-интеграция'),
  option('bluetooth', 'Bluetooth', 'Bluetooth', '蓝牙', 'Bluetooth integrado', 'Bluetooth integrado', 'Bluetooth-Freisprechen', 'بلوتوث', 'Bluetooth-связь'),
  option('cruise_control', 'Cruise control', 'Régulateur de vitesse', '定速巡航', 'Control de crucero', 'Piloto automático', 'Tempomat', 'مثبت السرعة', 'Круиз-контроль'),
  option('adaptive_cruise_control', 'Adaptive cruise control', 'Régulateur adaptatif', '自适应巡航', 'Control de crucero adaptativo', 'Piloto automático adaptativo', 'Abstandstempomat', 'مثبت سرعة تكيفي', 'Адаптивный круиз-контроль'),
  option('parking_sensors', 'Parking sensors', 'Radars de stationnement', '倒车雷达', 'Sensores de aparcamiento', 'Sensores de estacionamento', 'Einparkhilfe', 'حساسات الركن', 'Парктроники'),
  option('rear_camera', 'Rear-view camera', 'Caméra de recul', '倒车影像', 'Cámara trasera', 'Câmera de ré', 'Rückfahrkamera', 'كاميرا خلفية', 'Камера заднего вида'),
  option('camera_360', '360° camera', 'Caméra 360°', '360°全景影像', 'Cámara 360°', 'Câmera 360°', '360°-Kamera', 'كاميرا 360 درجة', 'Камера кругового обзора'),
  option('heated_seats', 'Heated seats', 'Sièges chauffants', '座椅加热', 'Asientos calefactados', 'Bancos aquecidos', 'Sitzheizung', 'مقاعد مدفأة', 'Подогрев сидений'),
  option('ventilated_seats', 'Ventilated seats', 'Sièges ventilés', '座椅通风', 'Asientos ventilados', 'Bancos ventilados', 'Sitzbelüftung', 'مقاعد مهواة', 'Вентиляция сидений'),
  option('leather_seats', 'Leather seats', 'Sièges en cuir', '真皮座椅', 'Asientos de cuero', 'Bancos de couro', 'Ledersitze', 'مقاعد جلدية', 'Кожаные сиденья'),
  option('electric_seats', 'Power seats', 'Sièges électriques', '电动座椅', 'Asientos eléctricos', 'Bancos elétricos', 'Elektrisch verstellbare Sitze', 'مقاعد كهربائية', 'Электрорегулировка сидений'),
  option('sunroof', 'Sunroof', 'Toit ouvrant', '天窗', 'Techo solar', 'Teto solar', 'Schiebedach', 'فتحة سقف', 'Люк'),
  option('panoramic_roof', 'Panoramic roof', 'Toit panoramique', '全景天窗', 'Techo panorámico', 'Teto panorâmico', 'Panoramadach', 'سقف بانورامي', 'Панорамная крыша'),
  option('alloy_wheels', 'Alloy wheels', 'Jantes alliage', '铝合金轮毂', 'Llantas de aleación', 'Rodas de liga leve', 'Leichtmetallfelgen', 'جنوط ألمنيوم', 'Легкосплавные диски'),
  option('led_headlights', 'LED headlights', 'Phares LED', 'LED大灯', 'Faros LED', 'Faróis de LED', 'LED-Scheinwerfer', 'مصابيح LED أمامية', 'Светодиодные фары'),
  option('keyless_entry', 'Keyless entry and start', 'Accès et démarrage sans clé', '无钥匙进入与启动', 'Acceso y arranque sin llave', 'Acesso e partida sem chave', 'Schlüsselloses Schließ- und Startsystem', 'دخول وتشغيل بدون مفتاح', 'Бесключевой доступ и запуск'),
  option('lane_assist', 'Lane keeping assist', 'Aide au maintien de voie', '车道保持辅助', 'Asistente de mantenimiento de carril', 'Assistente de permanência em faixa', 'Spurhalteassistent', 'مساعد البقاء في المسار', 'Удержание в полосе'),
  option('blind_spot_monitor', 'Blind spot monitor', 'Surveillance des angles morts', '盲点监测', 'Detector de ángulo muerto', 'Monitor de ponto cego', 'Totwinkelassistent', 'مراقبة النقطة العمياء', 'Контроль слепых зон'),
  option('emergency_braking', 'Automatic emergency braking', 'Freinage d’urgence automatique', '自动紧急制动', 'Frenada de emergencia automática', 'Frenagem automática de emergência', 'Notbremsassistent', 'فرملة طوارئ تلقائية', 'Автоматическое экстренное торможение'),
  option('tow_bar', 'Tow bar', 'Attelage', '拖车钩', 'Enganche de remolque', 'Engate de reboque', 'Anhängerkupplung', 'خطاف قطر', 'Фаркоп'),
  option('isofix', 'Isofix child seat anchors', 'Fixations Isofix', 'Isofix儿童座椅接口', 'Anclajes Isofix', 'Fixação Isofix', 'Isofix-Halterungen', 'مثبتات إيزوفكس لمقعد الطفل', 'Крепления Isofix'),
  option('heads_up_display', 'Head-up display', 'Affichage tête haute', '抬头显示', 'Head-up display', 'Head-up display', 'Head-up-Display', 'شاشة عرض أمامية', 'Проекционный дисплей'),
  option('digital_cockpit', 'Digital instrument cluster', 'Combiné numérique', '全液晶仪表', 'Cuadro digital', 'Painel digital', 'Digitales Kombiinstrument', 'لوحة عدادات رقمية', 'Цифровая приборная панель'),
  option('wireless_charging', 'Wireless phone charging', 'Recharge sans fil', '无线充电', 'Carga inalámbrica', 'Carregador sem fio', 'Induktives Laden', 'شحن لاسلكي للهاتف', 'Беспроводная зарядка'),
  option('premium_audio', 'Premium sound system', 'Système audio haut de gamme', '高级音响', 'Equipo de sonido premium', 'Sistema de som premium', 'Premium-Soundsystem', 'نظام صوت فاخر', 'Премиальная аудиосистема'),
  option('heated_steering_wheel', 'Heated steering wheel', 'Volant chauffant', '方向盘加热', 'Volante calefactado', 'Volante aquecido', 'Lenkradheizung', 'مقود مدفأ', 'Подогрев руля'),
  option('electric_tailgate', 'Power tailgate', 'Hayon électrique', '电动尾门', 'Portón eléctrico', 'Tampa traseira elétrica', 'Elektrische Heckklappe', 'باب خلفي كهربائي', 'Электропривод багажника'),
  option('four_wheel_drive', 'Four-wheel drive', 'Quatre roues motrices', '四驱', 'Tracción total', 'Tração integral', 'Allradantrieb', 'دفع رباعي', 'Полный привод'),
  option('roof_rails', 'Roof rails', 'Barres de toit', '车顶行李架', 'Barras de techo', 'Rack de teto', 'Dachreling', 'قضبان السقف', 'Рейлинги'),
  option('tinted_windows', 'Tinted rear windows', 'Vitres arrière surteintées', '后窗隐私玻璃', 'Lunas traseras tintadas', 'Vidros traseiros escurecidos', 'Getönte Scheiben hinten', 'نوافذ خلفية مظللة', 'Тонированные задние стёкла'),
];

export const colors: { code: string; name: I18nText; hex: string }[] = [
  { code: 'black', name: t('Black', 'Noir', '黑色', 'Negro', 'Preto', 'Schwarz', 'أسود', 'Чёрный'), hex: '#15171a' },
  { code: 'white', name: t('White', 'Blanc', '白色', 'Blanco', 'Branco', 'Weiß', 'أبيض', 'Белый'), hex: '#f2f2ef' },
  { code: 'silver', name: t('Silver', 'Argent', '银色', 'Plata', 'Prata', 'Silber', 'فضي', 'Серебристый'), hex: '#b9bcc0' },
  { code: 'grey', name: t('Grey', 'Gris', '灰色', 'Gris', 'Cinza', 'Grau', 'رمادي', 'Серый'), hex: '#6b6f75' },
  { code: 'blue', name: t('Blue', 'Bleu', '蓝色', 'Azul', 'Azul', 'Blau', 'أزرق', 'Синий'), hex: '#1f4e8c' },
  { code: 'navy', name: t('Navy blue', 'Bleu marine', '深蓝色', 'Azul marino', 'Azul-marinho', 'Marineblau', 'كحلي', 'Тёмно-синий'), hex: '#1b2a4a' },
  { code: 'red', name: t('Red', 'Rouge', '红色', 'Rojo', 'Vermelho', 'Rot', 'أحمر', 'Красный'), hex: '#b3261e' },
  { code: 'burgundy', name: t('Burgundy', 'Bordeaux', '酒红色', 'Burdeos', 'Bordô', 'Weinrot', 'خمري', 'Бордовый'), hex: '#6d1f2b' },
  { code: 'green', name: t('Green', 'Vert', '绿色', 'Verde', 'Verde', 'Grün', 'أخضر', 'Зелёный'), hex: '#2f6b3a' },
  { code: 'beige', name: t('Beige', 'Beige', '米色', 'Beis', 'Bege', 'Beige-Ton', 'بيج', 'Бежевый'), hex: '#d8c8a8' },
  { code: 'brown', name: t('Brown', 'Marron', '棕色', 'Marrón', 'Marrom', 'Braun', 'بني', 'Коричневый'), hex: '#5b3a29' },
  { code: 'yellow', name: t('Yellow', 'Jaune', '黄色', 'Amarillo', 'Amarelo', 'Gelb', 'أصفر', 'Жёлтый'), hex: '#e8b923' },
  { code: 'orange', name: t('Orange', 'Orange', '橙色', 'Naranja', 'Laranja', 'Orange', 'برتقالي', 'Оранжевый'), hex: '#e36414' },
  { code: 'gold', name: t('Gold', 'Or', '金色', 'Dorado', 'Dourado', 'Gold', 'ذهبي', 'Золотистый'), hex: '#b08d3c' },
  { code: 'purple', name: t('Purple', 'Violet', '紫色', 'Morado', 'Roxo', 'Lila', 'بنفسجي', 'Фиолетовый'), hex: '#5a3d7a' },
  { code: 'bronze', name: t('Bronze', 'Bronze', '古铜色', 'Bronce', 'Bronze', 'Bronze', 'برونزي', 'Бронзовый'), hex: '#8c5a32' },
];

export const languages: { code: string; name: string; description: I18nText }[] = [
  { code: 'en_US', name: 'English', description: t('English (United States)', 'Anglais (États-Unis)', '英语(美国)', 'Inglés (Estados Unidos)', 'Inglês (Estados Unidos)', 'Englisch (USA)', 'الإنجليزية (الولايات المتحدة)', 'Английский (США)') },
  { code: 'fr_FR', name: 'Français', description: t('French (France)', 'Français (France)', '法语(法国)', 'Francés (Francia)', 'Francês (França)', 'Französisch (Frankreich)', 'الفرنسية (فرنسا)', 'Французский (Франция)') },
  { code: 'zh_CN', name: '中文', description: t('Chinese (China)', 'Chinois (Chine)', '中文(中国)', 'Chino (China)', 'Chinês (China)', 'Chinesisch (China)', 'الصينية (الصين)', 'Китайский (Китай)') },
  { code: 'es_ES', name: 'Español', description: t('Spanish (Spain)', 'Espagnol (Espagne)', '西班牙语(西班牙)', 'Español (España)', 'Espanhol (Espanha)', 'Spanisch (Spanien)', 'الإسبانية (إسبانيا)', 'Испанский (Испания)') },
  { code: 'pt_BR', name: 'Português', description: t('Portuguese (Brazil)', 'Portugais (Brésil)', '葡萄牙语(巴西)', 'Portugués (Brasil)', 'Português (Brasil)', 'Portugiesisch (Brasilien)', 'البرتغالية (البرازيل)', 'Португальский (Бразилия)') },
  { code: 'de_DE', name: 'Deutsch', description: t('German (Germany)', 'Allemand (Allemagne)', '德语(德国)', 'Alemán (Alemania)', 'Alemão (Alemanha)', 'Deutsch (Deutschland)', 'الألمانية (ألمانيا)', 'Немецкий (Германия)') },
  { code: 'ar_SA', name: 'العربية', description: t('Arabic (Saudi Arabia)', 'Arabe (Arabie saoudite)', '阿拉伯语(沙特阿拉伯)', 'Árabe (Arabia Saudí)', 'Árabe (Arábia Saudita)', 'Arabisch (Saudi-Arabien)', 'العربية (المملكة العربية السعودية)', 'Арабский (Саудовская Аравия)') },
  { code: 'ru_RU', name: 'Русский', description: t('Russian (Russia)', 'Russe (Russie)', '俄语(俄罗斯)', 'Ruso (Rusia)', 'Russo (Rússia)', 'Russisch (Russland)', 'الروسية (روسيا)', 'Русский (Россия)') },
];

export const themes: { code: 'light' | 'dark' | 'system'; name: I18nText; description: I18nText }[] = [
  { code: 'light', name: t('Light', 'Clair', '浅色', 'Claro', 'Claro', 'Hell', 'فاتح', 'Светлая'), description: t('Dark text on a light background.', 'Texte sombre sur fond clair.', '浅色背景上的深色文字。', 'Texto oscuro sobre fondo claro.', 'Texto escuro em fundo claro.', 'Dunkler Text auf hellem Grund.', 'نص داكن على خلفية فاتحة.', 'Тёмный текст на светлом фоне.') },
  { code: 'dark', name: t('Dark', 'Sombre', '深色', 'Oscuro', 'Escuro', 'Dunkel', 'داكن', 'Тёмная'), description: t('Light text on a dark background, easier at night.', 'Texte clair sur fond sombre, plus reposant le soir.', '深色背景上的浅色文字,夜间更舒适。', 'Texto claro sobre fondo oscuro, más cómodo de noche.', 'Texto claro em fundo escuro, mais confortável à noite.', 'Heller Text auf dunklem Grund, angenehmer bei Nacht.', 'نص فاتح على خلفية داكنة، أريح ليلاً.', 'Светлый текст на тёмном фоне, удобнее ночью.') },
  { code: 'system', name: t('System', 'Système', '跟随系统', 'Sistema', 'Sistema', 'System', 'النظام', 'Системная'), description: t('Follows the setting of your device.', 'Suit le réglage de votre appareil.', '跟随设备的设置。', 'Sigue la configuración de tu dispositivo.', 'Segue a configuração do seu dispositivo.', 'Folgt der Einstellung Ihres Geräts.', 'يتبع إعداد جهازك.', 'Следует настройке устройства.') },
];

export const providers: { code: string; name: I18nText; description: I18nText }[] = [
  { code: 'email', name: t('Email', 'E-mail', '电子邮件', 'Correo electrónico', 'E-mail', 'E-Mail', 'البريد الإلكتروني', 'Эл. почта'), description: t('Messages by email.', 'Messages par e-mail.', '通过电子邮件发送消息。', 'Mensajes por correo electrónico.', 'Mensagens por e-mail.', 'Nachrichten per E-Mail.', 'رسائل عبر البريد الإلكتروني.', 'Сообщения по электронной почте.') },
  { code: 'sms', name: t('SMS', 'SMS', '短信', 'SMS', 'SMS', 'SMS', 'رسائل SMS', 'SMS'), description: t('Text messages to your phone.', 'SMS sur votre téléphone.', '发送到手机的短信。', 'Mensajes de texto a tu teléfono.', 'Mensagens de texto no seu celular.', 'SMS auf Ihr Telefon.', 'رسائل نصية إلى هاتفك.', 'SMS на ваш телефон.') },
  { code: 'whatsapp', name: t('WhatsApp', 'WhatsApp', 'WhatsApp', 'WhatsApp', 'WhatsApp', 'WhatsApp', 'واتساب', 'WhatsApp'), description: t('Messages on WhatsApp.', 'Messages sur WhatsApp.', '通过 WhatsApp 发送消息。', 'Mensajes por WhatsApp.', 'Mensagens pelo WhatsApp.', 'Nachrichten über WhatsApp.', 'رسائل عبر واتساب.', 'Сообщения в WhatsApp.') },
  { code: 'telegram', name: t('Telegram', 'Telegram', 'Telegram', 'Telegram', 'Telegram', 'Telegram', 'تيليجرام', 'Telegram'), description: t('Messages on Telegram.', 'Messages sur Telegram.', '通过 Telegram 发送消息。', 'Mensajes por Telegram.', 'Mensagens pelo Telegram.', 'Nachrichten über Telegram.', 'رسائل عبر تيليجرام.', 'Сообщения в Telegram.') },
];
