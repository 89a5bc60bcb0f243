/**
 * Where each seeded city is (latitude, longitude in degrees, WGS 84, to about a kilometre), by its
 * English name as `countries[].cities` lists it: the distance search measures from them (issue 17).
 */
export const cityCoordinates: Record<string, readonly [number, number]> = {
  // France
  Paris: [48.8566, 2.3522], Marseille: [43.2965, 5.3698], Lyon: [45.764, 4.8357], Toulouse: [43.6047, 1.4442], Nice: [43.7102, 7.262],
  Nantes: [47.2184, -1.5536], Strasbourg: [48.5734, 7.7521], Montpellier: [43.6108, 3.8767], Bordeaux: [44.8378, -0.5792], Lille: [50.6292, 3.0573],
  // Germany
  Berlin: [52.52, 13.405], Hamburg: [53.5511, 9.9937], Munich: [48.1351, 11.582], Cologne: [50.9375, 6.9603], Frankfurt: [50.1109, 8.6821],
  Stuttgart: [48.7758, 9.1829], Düsseldorf: [51.2277, 6.7735], Leipzig: [51.3397, 12.3731],
  // Spain
  Madrid: [40.4168, -3.7038], Barcelona: [41.3874, 2.1686], Valencia: [39.4699, -0.3763], Seville: [37.3891, -5.9845], Zaragoza: [41.6488, -0.8891],
  Málaga: [36.7213, -4.4214], Bilbao: [43.263, -2.935], Palma: [39.5696, 2.6502],
  // Italy
  Rome: [41.9028, 12.4964], Milan: [45.4642, 9.19], Naples: [40.8518, 14.2681], Turin: [45.0703, 7.6869], Palermo: [38.1157, 13.3615],
  Genoa: [44.4056, 8.9463], Bologna: [44.4949, 11.3426], Florence: [43.7696, 11.2558],
  // Portugal
  Lisbon: [38.7223, -9.1393], Porto: [41.1579, -8.6291], Braga: [41.5454, -8.4265], Coimbra: [40.2033, -8.4103], Faro: [37.0194, -7.9322], Aveiro: [40.6405, -8.6538],
  // Belgium
  Brussels: [50.8503, 4.3517], Antwerp: [51.2194, 4.4025], Ghent: [51.0543, 3.7174], Charleroi: [50.4108, 4.4446], Liège: [50.6326, 5.5797], Bruges: [51.2093, 3.2247],
  // Netherlands
  Amsterdam: [52.3676, 4.9041], Rotterdam: [51.9244, 4.4777], 'The Hague': [52.0705, 4.3007], Utrecht: [52.0907, 5.1214], Eindhoven: [51.4416, 5.4697],
  Groningen: [53.2194, 6.5665],
  // Luxembourg
  Luxembourg: [49.6116, 6.1319], 'Esch-sur-Alzette': [49.4958, 5.9806], Differdange: [49.5244, 5.8914], Dudelange: [49.4806, 6.0875], Ettelbruck: [49.8475, 6.1042],
  Diekirch: [49.8672, 6.1597],
  // Austria
  Vienna: [48.2082, 16.3738], Graz: [47.0707, 15.4395], Linz: [48.3069, 14.2858], Salzburg: [47.8095, 13.055], Innsbruck: [47.2692, 11.4041], Klagenfurt: [46.6247, 14.3053],
  // Ireland
  Dublin: [53.3498, -6.2603], Cork: [51.8985, -8.4756], Limerick: [52.6638, -8.6267], Galway: [53.2707, -9.0568], Waterford: [52.2593, -7.1101], Kilkenny: [52.6541, -7.2448],
  // United Kingdom
  London: [51.5072, -0.1276], Birmingham: [52.4862, -1.8904], Manchester: [53.4808, -2.2426], Glasgow: [55.8642, -4.2518], Liverpool: [53.4084, -2.9916],
  Leeds: [53.8008, -1.5491], Edinburgh: [55.9533, -3.1883], Bristol: [51.4545, -2.5879],
  // Switzerland
  Zurich: [47.3769, 8.5417], Geneva: [46.2044, 6.1432], Basel: [47.5596, 7.5886], Lausanne: [46.5197, 6.6323], Bern: [46.948, 7.4474], Lucerne: [47.0502, 8.3093],
  // Sweden
  Stockholm: [59.3293, 18.0686], Gothenburg: [57.7089, 11.9746], Malmö: [55.605, 13.0038], Uppsala: [59.8586, 17.6389], Västerås: [59.6099, 16.5448], Örebro: [59.2753, 15.2134],
  // Norway
  Oslo: [59.9139, 10.7522], Bergen: [60.3913, 5.3221], Trondheim: [63.4305, 10.3951], Stavanger: [58.97, 5.7331], Drammen: [59.7439, 10.2045], Tromsø: [69.6492, 18.9553],
  // Denmark
  Copenhagen: [55.6761, 12.5683], Aarhus: [56.1629, 10.2039], Odense: [55.4038, 10.4024], Aalborg: [57.0488, 9.9217], Esbjerg: [55.4765, 8.4594], Randers: [56.4607, 10.0364],
  // Poland
  Warsaw: [52.2297, 21.0122], Kraków: [50.0647, 19.945], Łódź: [51.7592, 19.456], Wrocław: [51.1079, 17.0385], Poznań: [52.4064, 16.9252], Gdańsk: [54.352, 18.6466],
  // Czechia
  Prague: [50.0755, 14.4378], Brno: [49.1951, 16.6068], Ostrava: [49.8209, 18.2625], Plzeň: [49.7384, 13.3736], Liberec: [50.7663, 15.0543], Olomouc: [49.5938, 17.2509],
  // Romania
  Bucharest: [44.4268, 26.1025], 'Cluj-Napoca': [46.7712, 23.6236], Timișoara: [45.7489, 21.2087], Iași: [47.1585, 27.6014], Constanța: [44.1598, 28.6348], Brașov: [45.6427, 25.5887],
  // Türkiye
  Istanbul: [41.0082, 28.9784], Ankara: [39.9334, 32.8597], Izmir: [38.4237, 27.1428], Bursa: [40.1885, 29.061], Antalya: [36.8969, 30.7133], Adana: [37.0, 35.3213],
  // Russia
  Moscow: [55.7558, 37.6173], 'Saint Petersburg': [59.9311, 30.3609], Novosibirsk: [55.0084, 82.9357], Yekaterinburg: [56.8389, 60.6057], Kazan: [55.7961, 49.1064],
  'Nizhny Novgorod': [56.2965, 43.9361],
  // United States
  'New York': [40.7128, -74.006], 'Los Angeles': [34.0522, -118.2437], Chicago: [41.8781, -87.6298], Houston: [29.7604, -95.3698], Phoenix: [33.4484, -112.074],
  Miami: [25.7617, -80.1918], 'San Francisco': [37.7749, -122.4194], Seattle: [47.6062, -122.3321],
  // Canada
  Toronto: [43.6532, -79.3832], Montreal: [45.5017, -73.5673], Vancouver: [49.2827, -123.1207], Calgary: [51.0447, -114.0719], Ottawa: [45.4215, -75.6972],
  'Quebec City': [46.8139, -71.208],
  // Mexico
  'Mexico City': [19.4326, -99.1332], Guadalajara: [20.6597, -103.3496], Monterrey: [25.6866, -100.3161], Puebla: [19.0414, -98.2063], Tijuana: [32.5149, -117.0382],
  Mérida: [20.9674, -89.5926],
  // Brazil
  'São Paulo': [-23.5505, -46.6333], 'Rio de Janeiro': [-22.9068, -43.1729], Brasília: [-15.7975, -47.8919], Salvador: [-12.9777, -38.5016], Fortaleza: [-3.7319, -38.5267],
  'Belo Horizonte': [-19.9167, -43.9345], Curitiba: [-25.4284, -49.2733], 'Porto Alegre': [-30.0346, -51.2177],
  // Argentina
  'Buenos Aires': [-34.6037, -58.3816], Córdoba: [-31.4201, -64.1888], Rosario: [-32.9442, -60.6505], Mendoza: [-32.8895, -68.8458], 'La Plata': [-34.9214, -57.9545],
  'Mar del Plata': [-38.0055, -57.5426],
  // Morocco
  Casablanca: [33.5731, -7.5898], Rabat: [34.0209, -6.8416], Marrakesh: [31.6295, -7.9811], Fez: [34.0181, -5.0078], Tangier: [35.7595, -5.834], Agadir: [30.4278, -9.5981],
  // Algeria
  Algiers: [36.7538, 3.0588], Oran: [35.6971, -0.6308], Constantine: [36.365, 6.6147], Annaba: [36.9, 7.7667], Blida: [36.47, 2.8277], Sétif: [36.19, 5.41],
  // Tunisia
  Tunis: [36.8065, 10.1815], Sfax: [34.7406, 10.7603], Sousse: [35.8256, 10.6084], Kairouan: [35.6781, 10.0963], Bizerte: [37.2744, 9.8739], Gabès: [33.8815, 10.0982],
  // Egypt
  Cairo: [30.0444, 31.2357], Alexandria: [31.2001, 29.9187], Giza: [30.0131, 31.2089], 'Port Said': [31.2653, 32.3019], Suez: [29.9668, 32.5498], Luxor: [25.6872, 32.6396],
  // Saudi Arabia
  Riyadh: [24.7136, 46.6753], Jeddah: [21.4858, 39.1925], Mecca: [21.3891, 39.8579], Medina: [24.5247, 39.5692], Dammam: [26.4207, 50.0888], Khobar: [26.2172, 50.1971],
  // United Arab Emirates
  Dubai: [25.2048, 55.2708], 'Abu Dhabi': [24.4539, 54.3773], Sharjah: [25.3463, 55.4209], 'Al Ain': [24.2075, 55.7447], Ajman: [25.4052, 55.5136],
  'Ras Al Khaimah': [25.8007, 55.9762],
  // China
  Shanghai: [31.2304, 121.4737], Beijing: [39.9042, 116.4074], Shenzhen: [22.5431, 114.0579], Guangzhou: [23.1291, 113.2644], Chengdu: [30.5728, 104.0668],
  Hangzhou: [30.2741, 120.1551], Wuhan: [30.5928, 114.3055], 'Xi’an': [34.3416, 108.9398],
  // Japan
  Tokyo: [35.6762, 139.6503], Osaka: [34.6937, 135.5023], Yokohama: [35.4437, 139.638], Nagoya: [35.1815, 136.9066], Sapporo: [43.0618, 141.3545], Fukuoka: [33.5904, 130.4017],
  // South Korea
  Seoul: [37.5665, 126.978], Busan: [35.1796, 129.0756], Incheon: [37.4563, 126.7052], Daegu: [35.8714, 128.6014], Daejeon: [36.3504, 127.3845], Gwangju: [35.1595, 126.8526],
};
