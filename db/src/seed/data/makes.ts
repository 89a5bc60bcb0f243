/** Real makes and their models, with specifications coherent enough to generate believable listings. */

/**
 * Where a model sits in the market: it sets how fast it loses value, how far it is driven a year and
 * what it rents for (catalogue.ts). Derived from the make, category and new price (segmentOf).
 */
export type Segment = 'economy' | 'family' | 'premium' | 'luxury' | 'sports' | 'supercar' | 'utility';

export interface ModelSpec {
  name: string;
  category: string;
  segment: Segment;
  years: [number, number];
  fuels: string[];
  /** Litres, smallest first. */
  engineSizes: number[];
  powerKw: [number, number];
  doors: number;
  seats: number;
  newPriceEur: number;
  battery?: { capacityKwh: number; rangeKm: number; consumptionKwh100: number; chargingTimeH: number };
  lengthM: number;
  widthM: number;
  heightM: number;
  weightKg: number;
  wheelbaseMm: number;
  trunkL: number;
}
export interface MakeSpec {
  name: string;
  country: string;
  models: ModelSpec[];
}
type Model = Omit<ModelSpec, 'segment'>;

type Size = [lengthM: number, widthM: number, heightM: number, weightKg: number, wheelbaseMm: number, trunkL: number];
const dims = ([lengthM, widthM, heightM, weightKg, wheelbaseMm, trunkL]: Size) => ({ lengthM, widthM, heightM, weightKg, wheelbaseMm, trunkL });

/** A combustion or hybrid model. */
const ice = (name: string, category: string, years: [number, number], fuels: string[], engineSizes: number[], powerKw: [number, number], price: number, size: Size, doors = 5, seats = 5): Model => ({
  name, category, years, fuels, engineSizes, powerKw, doors, seats, newPriceEur: price, ...dims(size),
  ...(fuels.includes('plug_in_hybrid') ? { battery: { capacityKwh: 13, rangeKm: 55, consumptionKwh100: 17, chargingTimeH: 4 } } : {}),
});

/** A battery-electric model. */
const ev = (name: string, category: string, years: [number, number], powerKw: [number, number], price: number, kwh: number, rangeKm: number, size: Size, doors = 5, seats = 5): Model => ({
  name, category, years, fuels: ['electric'], engineSizes: [], powerKw, doors, seats, newPriceEur: price,
  battery: { capacityKwh: kwh, rangeKm, consumptionKwh100: Math.round((kwh / rangeKm) * 1000) / 10, chargingTimeH: Math.round((kwh / 11) * 10) / 10 },
  ...dims(size),
});

const CITY: Size = [3.7, 1.66, 1.5, 1000, 2420, 250];
const SMALL: Size = [4.06, 1.75, 1.45, 1150, 2540, 310];
const COMPACT: Size = [4.3, 1.8, 1.46, 1300, 2640, 380];
const SEDAN: Size = [4.75, 1.83, 1.45, 1500, 2840, 480];
const LARGE: Size = [5.05, 1.9, 1.48, 1850, 3000, 530];
const ESTATE: Size = [4.65, 1.8, 1.5, 1450, 2700, 560];
const SUV_S: Size = [4.2, 1.78, 1.58, 1300, 2600, 420];
const SUV_M: Size = [4.5, 1.85, 1.65, 1600, 2700, 520];
const SUV_L: Size = [4.9, 1.98, 1.76, 2100, 2950, 650];
const COUPE: Size = [4.5, 1.9, 1.3, 1500, 2450, 250];
const ROADSTER: Size = [4.0, 1.75, 1.25, 1100, 2310, 130];
const MPV: Size = [4.6, 1.84, 1.7, 1600, 2780, 640];
const VAN: Size = [4.9, 1.98, 1.9, 1900, 3000, 3500];
const PICKUP: Size = [5.35, 1.92, 1.82, 2100, 3220, 1000];

const P = ['petrol'];
const PD = ['petrol', 'diesel'];
const PH = ['petrol', 'hybrid'];
const D = ['diesel'];

const catalogue: { name: string; country: string; models: Model[] }[] = [
  { name: 'Renault', country: 'FR', models: [ice('Clio', 'hatchback', [2005, 2026], ['petrol', 'diesel', 'hybrid', 'lpg'], [1.0, 1.2, 1.5, 1.6], [55, 105], 19500, SMALL), ice('Captur', 'suv', [2013, 2026], ['petrol', 'diesel', 'hybrid', 'plug_in_hybrid'], [1.0, 1.3, 1.5], [67, 117], 25000, SUV_S), ice('Megane', 'hatchback', [2005, 2023], PD, [1.2, 1.3, 1.5, 1.6], [85, 150], 26000, COMPACT), ev('Megane E-Tech', 'suv', [2022, 2026], [96, 160], 38000, 60, 450, SUV_S), ice('Kangoo', 'van', [2008, 2026], PD, [1.3, 1.5], [70, 96], 24000, VAN), ev('Zoe', 'city_car', [2013, 2024], [65, 100], 33000, 52, 390, CITY)] },
  { name: 'Peugeot', country: 'FR', models: [ice('208', 'hatchback', [2012, 2026], ['petrol', 'diesel'], [1.2, 1.5, 1.6], [55, 96], 20500, SMALL), ev('e-208', 'hatchback', [2019, 2026], [100, 115], 33000, 50, 360, SMALL), ice('308', 'hatchback', [2007, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [1.2, 1.5, 1.6], [81, 165], 29000, COMPACT), ice('3008', 'suv', [2009, 2026], ['petrol', 'diesel', 'hybrid', 'plug_in_hybrid'], [1.2, 1.5, 1.6, 2.0], [96, 220], 36000, SUV_M), ice('5008', 'suv', [2017, 2026], PD, [1.2, 1.5, 2.0], [96, 132], 39000, SUV_L, 5, 7), ice('Partner', 'van', [2008, 2026], D, [1.5, 1.6], [55, 96], 23000, VAN)] },
  { name: 'Citroën', country: 'FR', models: [ice('C3', 'hatchback', [2005, 2026], PD, [1.2, 1.5, 1.6], [50, 81], 17500, SMALL), ice('C4', 'hatchback', [2005, 2026], PD, [1.2, 1.5, 1.6], [81, 114], 25000, COMPACT), ev('ë-C4', 'hatchback', [2020, 2026], [100, 115], 34000, 50, 350, COMPACT), ice('C5 Aircross', 'suv', [2018, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [1.2, 1.5, 1.6], [96, 165], 33000, SUV_M), ice('Berlingo', 'mpv', [2008, 2026], PD, [1.2, 1.5], [81, 96], 25000, MPV)] },
  { name: 'Dacia', country: 'RO', models: [ice('Sandero', 'hatchback', [2008, 2026], ['petrol', 'lpg'], [1.0, 1.2], [49, 74], 12500, SMALL), ice('Duster', 'suv', [2010, 2026], ['petrol', 'diesel', 'lpg', 'hybrid'], [1.0, 1.2, 1.5, 1.6], [74, 104], 18500, SUV_M), ice('Jogger', 'estate', [2022, 2026], ['petrol', 'lpg', 'hybrid'], [1.0, 1.6], [74, 103], 17500, ESTATE, 5, 7), ev('Spring', 'city_car', [2021, 2026], [33, 48], 17000, 27, 220, CITY), ice('Logan', 'sedan', [2005, 2022], ['petrol', 'diesel', 'lpg'], [1.0, 1.4, 1.5], [55, 74], 11000, SEDAN)] },
  { name: 'DS', country: 'FR', models: [ice('DS 3', 'suv', [2019, 2026], PD, [1.2, 1.5], [74, 114], 30000, SUV_S), ice('DS 7', 'suv', [2018, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [1.5, 1.6, 2.0], [96, 265], 45000, SUV_M)] },
  { name: 'Volkswagen', country: 'DE', models: [ice('Polo', 'hatchback', [2005, 2026], PD, [1.0, 1.2, 1.4, 1.6], [55, 152], 21000, SMALL), ice('Golf', 'hatchback', [2005, 2026], ['petrol', 'diesel', 'hybrid', 'plug_in_hybrid'], [1.0, 1.4, 1.5, 2.0], [66, 245], 30000, COMPACT), ice('Passat', 'estate', [2005, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [1.4, 1.5, 2.0], [88, 200], 42000, ESTATE), ice('Tiguan', 'suv', [2007, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [1.4, 1.5, 2.0], [96, 180], 40000, SUV_M), ev('ID.3', 'hatchback', [2020, 2026], [107, 170], 37000, 58, 420, COMPACT), ev('ID.4', 'suv', [2021, 2026], [109, 220], 43000, 77, 520, SUV_M), ice('Transporter', 'van', [2005, 2026], D, [2.0], [75, 150], 40000, VAN, 4, 3)] },
  { name: 'Audi', country: 'DE', models: [ice('A1', 'hatchback', [2010, 2026], P, [1.0, 1.4, 1.5], [70, 110], 24000, SMALL, 5), ice('A3', 'hatchback', [2005, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [1.0, 1.4, 1.5, 2.0], [81, 228], 33000, COMPACT), ice('A4', 'sedan', [2005, 2026], PD, [1.8, 2.0, 3.0], [110, 260], 44000, SEDAN, 4), ice('A6', 'estate', [2005, 2026], PD, [2.0, 3.0], [150, 250], 60000, ESTATE), ice('Q3', 'suv', [2011, 2026], PD, [1.4, 1.5, 2.0], [110, 180], 40000, SUV_M), ice('Q5', 'suv', [2008, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [2.0, 3.0], [120, 270], 55000, SUV_M), ev('Q4 e-tron', 'suv', [2021, 2026], [125, 220], 50000, 77, 520, SUV_M)] },
  { name: 'BMW', country: 'DE', models: [ice('1 Series', 'hatchback', [2005, 2026], PD, [1.5, 2.0], [80, 225], 32000, COMPACT), ice('3 Series', 'sedan', [2005, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [2.0, 3.0], [110, 275], 46000, SEDAN, 4), ice('5 Series', 'sedan', [2005, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [2.0, 3.0], [140, 390], 60000, LARGE, 4), ice('X1', 'suv', [2009, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [1.5, 2.0], [100, 230], 42000, SUV_M), ice('X5', 'suv', [2005, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [3.0, 4.4], [210, 390], 80000, SUV_L), ev('i4', 'sedan', [2021, 2026], [210, 400], 57000, 81, 520, SEDAN, 5), ev('iX3', 'suv', [2020, 2026], [210, 210], 66000, 80, 460, SUV_M)] },
  { name: 'Mercedes-Benz', country: 'DE', models: [ice('A-Class', 'hatchback', [2005, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [1.3, 1.5, 2.0], [80, 165], 35000, COMPACT), ice('C-Class', 'sedan', [2005, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [1.5, 2.0], [120, 300], 50000, SEDAN, 4), ice('E-Class', 'sedan', [2005, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [2.0, 3.0], [145, 330], 65000, LARGE, 4), ice('GLC', 'suv', [2015, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [2.0], [145, 280], 60000, SUV_M), ev('EQA', 'suv', [2021, 2026], [140, 215], 50000, 67, 430, SUV_S), ice('Vito', 'van', [2005, 2026], D, [2.0, 2.1], [75, 175], 42000, VAN, 4, 8)] },
  { name: 'Opel', country: 'DE', models: [ice('Corsa', 'hatchback', [2006, 2026], PD, [1.2, 1.4, 1.5], [55, 96], 19000, SMALL), ev('Corsa Electric', 'hatchback', [2020, 2026], [100, 115], 32000, 50, 350, SMALL), ice('Astra', 'hatchback', [2005, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [1.2, 1.4, 1.5, 1.6], [81, 165], 27000, COMPACT), ice('Mokka', 'suv', [2012, 2026], PD, [1.2, 1.4, 1.5], [74, 100], 26000, SUV_S)] },
  { name: 'Porsche', country: 'DE', models: [ice('911', 'coupe', [2005, 2026], P, [3.0, 3.6, 3.8, 4.0], [257, 478], 130000, COUPE, 2, 4), ice('Cayenne', 'suv', [2005, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [3.0, 4.0], [250, 500], 95000, SUV_L), ice('Macan', 'suv', [2014, 2024], P, [2.0, 2.9], [195, 324], 70000, SUV_M), ev('Taycan', 'sedan', [2019, 2026], [300, 560], 105000, 93, 500, LARGE, 4, 4)] },
  { name: 'Skoda', country: 'CZ', models: [ice('Fabia', 'hatchback', [2005, 2026], PD, [1.0, 1.2, 1.4], [44, 110], 18000, SMALL), ice('Octavia', 'estate', [2005, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [1.0, 1.4, 1.5, 2.0], [81, 180], 30000, ESTATE), ice('Kodiaq', 'suv', [2016, 2026], PD, [1.5, 2.0], [110, 180], 40000, SUV_L, 5, 7), ev('Enyaq', 'suv', [2021, 2026], [109, 220], 44000, 77, 530, SUV_M)] },
  { name: 'SEAT', country: 'ES', models: [ice('Ibiza', 'hatchback', [2005, 2026], PD, [1.0, 1.2, 1.4, 1.6], [55, 110], 18000, SMALL), ice('Leon', 'hatchback', [2005, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [1.0, 1.4, 1.5, 2.0], [81, 180], 27000, COMPACT), ice('Arona', 'suv', [2017, 2026], P, [1.0, 1.5], [70, 110], 22000, SUV_S), ice('Ateca', 'suv', [2016, 2026], PD, [1.5, 2.0], [110, 140], 31000, SUV_M)] },
  { name: 'Cupra', country: 'ES', models: [ice('Formentor', 'suv', [2020, 2026], ['petrol', 'plug_in_hybrid'], [1.5, 2.0], [110, 245], 38000, SUV_M), ev('Born', 'hatchback', [2021, 2026], [110, 240], 38000, 58, 420, COMPACT)] },
  { name: 'Fiat', country: 'IT', models: [ice('500', 'city_car', [2007, 2026], ['petrol', 'hybrid'], [0.9, 1.0, 1.2], [51, 77], 16500, CITY, 3, 4), ev('500e', 'city_car', [2020, 2026], [70, 87], 30000, 42, 320, CITY, 3, 4), ice('Panda', 'city_car', [2005, 2026], ['petrol', 'hybrid', 'lpg'], [1.0, 1.2], [44, 51], 14000, CITY), ice('Tipo', 'sedan', [2015, 2026], PD, [1.0, 1.4, 1.6], [70, 96], 19000, SEDAN, 4), ice('Ducato', 'van', [2006, 2026], D, [2.2, 2.3], [88, 132], 38000, VAN, 4, 3)] },
  { name: 'Alfa Romeo', country: 'IT', models: [ice('Giulia', 'sedan', [2016, 2026], PD, [2.0, 2.2, 2.9], [118, 375], 47000, SEDAN, 4), ice('Stelvio', 'suv', [2017, 2026], PD, [2.0, 2.2], [140, 206], 52000, SUV_M), ice('Tonale', 'suv', [2022, 2026], ['hybrid', 'plug_in_hybrid'], [1.3, 1.5], [96, 206], 37000, SUV_M)] },
  { name: 'Ferrari', country: 'IT', models: [ice('Roma', 'coupe', [2020, 2026], P, [3.9], [456, 456], 220000, COUPE, 2, 4), ice('F8 Tributo', 'coupe', [2019, 2023], P, [3.9], [530, 530], 250000, COUPE, 2, 2), ice('Portofino', 'convertible', [2018, 2023], P, [3.9], [441, 456], 210000, COUPE, 2, 4), ice('296 GTB', 'coupe', [2022, 2026], ['plug_in_hybrid'], [3.0], [610, 610], 270000, COUPE, 2, 2)] },
  { name: 'Lamborghini', country: 'IT', models: [ice('Huracán', 'coupe', [2014, 2024], P, [5.2], [449, 470], 230000, COUPE, 2, 2), ice('Urus', 'suv', [2018, 2026], ['petrol', 'plug_in_hybrid'], [4.0], [478, 588], 240000, SUV_L)] },
  { name: 'Maserati', country: 'IT', models: [ice('Ghibli', 'sedan', [2013, 2024], PD, [2.0, 3.0], [243, 426], 80000, LARGE, 4), ice('Levante', 'suv', [2016, 2024], PD, [2.0, 3.0], [243, 426], 90000, SUV_L), ice('Grecale', 'suv', [2022, 2026], ['petrol', 'hybrid'], [2.0, 3.0], [221, 390], 75000, SUV_M)] },
  { name: 'Toyota', country: 'JP', models: [ice('Yaris', 'hatchback', [2005, 2026], ['petrol', 'hybrid'], [1.0, 1.33, 1.5], [51, 92], 21000, SMALL), ice('Corolla', 'hatchback', [2005, 2026], ['petrol', 'hybrid'], [1.6, 1.8, 2.0], [90, 144], 28000, COMPACT), ice('C-HR', 'suv', [2016, 2026], ['hybrid', 'plug_in_hybrid'], [1.8, 2.0], [90, 164], 32000, SUV_S), ice('RAV4', 'suv', [2005, 2026], ['petrol', 'diesel', 'hybrid', 'plug_in_hybrid'], [2.0, 2.2, 2.5], [110, 225], 40000, SUV_M), ice('Hilux', 'pickup', [2005, 2026], D, [2.4, 2.8], [110, 150], 40000, PICKUP, 4), ice('Mirai', 'sedan', [2015, 2026], ['hydrogen'], [], [113, 134], 66000, LARGE, 4)] },
  { name: 'Lexus', country: 'JP', models: [ice('UX', 'suv', [2018, 2026], ['hybrid'], [2.0], [135, 146], 38000, SUV_S), ice('NX', 'suv', [2014, 2026], ['hybrid', 'plug_in_hybrid'], [2.5], [143, 227], 55000, SUV_M), ice('RX', 'suv', [2005, 2026], ['hybrid'], [2.5, 3.5], [183, 273], 75000, SUV_L)] },
  { name: 'Honda', country: 'JP', models: [ice('Jazz', 'hatchback', [2005, 2026], ['petrol', 'hybrid'], [1.2, 1.3, 1.5], [66, 90], 22000, SMALL), ice('Civic', 'hatchback', [2005, 2026], ['petrol', 'diesel', 'hybrid'], [1.0, 1.5, 1.6, 2.0], [95, 135], 30000, COMPACT), ice('CR-V', 'suv', [2005, 2026], ['petrol', 'diesel', 'hybrid'], [1.5, 1.6, 2.0], [113, 135], 40000, SUV_M), ev('e:Ny1', 'suv', [2023, 2026], [150, 150], 47000, 69, 410, SUV_S)] },
  { name: 'Nissan', country: 'JP', models: [ice('Micra', 'hatchback', [2005, 2023], P, [0.9, 1.0, 1.2], [52, 86], 17000, SMALL), ice('Juke', 'suv', [2010, 2026], ['petrol', 'hybrid'], [1.0, 1.6], [84, 105], 24000, SUV_S), ice('Qashqai', 'suv', [2007, 2026], ['petrol', 'diesel', 'hybrid'], [1.2, 1.3, 1.5, 1.6], [85, 140], 31000, SUV_M), ev('Leaf', 'hatchback', [2011, 2026], [80, 160], 33000, 40, 270, COMPACT), ice('Navara', 'pickup', [2005, 2024], D, [2.3, 2.5], [120, 140], 38000, PICKUP, 4)] },
  { name: 'Mazda', country: 'JP', models: [ice('Mazda2', 'hatchback', [2007, 2026], ['petrol', 'hybrid'], [1.5], [55, 85], 19000, SMALL), ice('Mazda3', 'hatchback', [2005, 2026], PD, [1.5, 2.0, 2.2], [88, 137], 27000, COMPACT), ice('CX-5', 'suv', [2012, 2026], PD, [2.0, 2.2, 2.5], [121, 143], 35000, SUV_M), ice('MX-5', 'convertible', [2005, 2026], P, [1.5, 1.8, 2.0], [81, 135], 30000, ROADSTER, 2, 2)] },
  { name: 'Mitsubishi', country: 'JP', models: [ice('Space Star', 'city_car', [2013, 2026], P, [1.0, 1.2], [52, 59], 14000, CITY), ice('Outlander', 'suv', [2006, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [2.0, 2.2, 2.4], [110, 225], 42000, SUV_L, 5, 7), ice('L200', 'pickup', [2006, 2024], D, [2.2, 2.4], [110, 135], 36000, PICKUP, 4)] },
  { name: 'Subaru', country: 'JP', models: [ice('Impreza', 'hatchback', [2005, 2026], ['petrol', 'hybrid'], [1.6, 2.0], [84, 110], 27000, COMPACT), ice('Forester', 'suv', [2005, 2026], ['petrol', 'hybrid', 'diesel'], [2.0, 2.5], [110, 125], 38000, SUV_M), ice('Outback', 'estate', [2005, 2026], PD, [2.0, 2.5], [110, 129], 42000, ESTATE)] },
  { name: 'Suzuki', country: 'JP', models: [ice('Swift', 'hatchback', [2005, 2026], ['petrol', 'hybrid'], [1.0, 1.2, 1.4], [61, 103], 17000, SMALL), ice('Vitara', 'suv', [2015, 2026], ['petrol', 'hybrid'], [1.0, 1.4, 1.6], [82, 103], 25000, SUV_S), ice('Jimny', 'suv', [2005, 2026], P, [1.3, 1.5], [63, 75], 22000, CITY, 3, 4)] },
  { name: 'Hyundai', country: 'KR', models: [ice('i10', 'city_car', [2008, 2026], P, [1.0, 1.2], [49, 62], 14000, CITY), ice('i20', 'hatchback', [2008, 2026], ['petrol', 'hybrid'], [1.0, 1.2], [62, 88], 19000, SMALL), ice('Tucson', 'suv', [2005, 2026], ['petrol', 'diesel', 'hybrid', 'plug_in_hybrid'], [1.6, 2.0], [85, 195], 35000, SUV_M), ev('Kona Electric', 'suv', [2018, 2026], [100, 160], 37000, 64, 480, SUV_S), ev('Ioniq 5', 'suv', [2021, 2026], [125, 239], 46000, 77, 500, SUV_M)] },
  { name: 'Kia', country: 'KR', models: [ice('Picanto', 'city_car', [2005, 2026], P, [1.0, 1.2], [49, 74], 13500, CITY), ice('Ceed', 'hatchback', [2007, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [1.0, 1.4, 1.5, 1.6], [74, 150], 25000, COMPACT), ice('Sportage', 'suv', [2005, 2026], ['petrol', 'diesel', 'hybrid', 'plug_in_hybrid'], [1.6, 2.0], [85, 195], 34000, SUV_M), ev('EV6', 'suv', [2021, 2026], [125, 239], 48000, 77, 520, SUV_M), ice('Niro', 'suv', [2016, 2026], ['hybrid', 'plug_in_hybrid'], [1.6], [104, 134], 32000, SUV_S)] },
  { name: 'Ford', country: 'US', models: [ice('Fiesta', 'hatchback', [2005, 2023], PD, [1.0, 1.1, 1.25, 1.5], [55, 147], 18000, SMALL), ice('Focus', 'hatchback', [2005, 2025], PD, [1.0, 1.5, 1.6, 2.0], [74, 206], 26000, COMPACT), ice('Kuga', 'suv', [2008, 2026], ['petrol', 'diesel', 'hybrid', 'plug_in_hybrid'], [1.5, 2.0, 2.5], [88, 165], 36000, SUV_M), ice('Mustang', 'coupe', [2005, 2026], P, [2.3, 5.0], [233, 353], 55000, COUPE, 2, 4), ev('Mustang Mach-E', 'suv', [2021, 2026], [198, 358], 52000, 91, 550, SUV_M), ice('Ranger', 'pickup', [2005, 2026], D, [2.0, 2.2, 3.0], [96, 177], 42000, PICKUP, 4), ice('Transit', 'van', [2005, 2026], D, [2.0, 2.2], [77, 136], 40000, VAN, 4, 3)] },
  { name: 'Chevrolet', country: 'US', models: [ice('Spark', 'city_car', [2010, 2022], P, [1.0, 1.2], [50, 60], 12000, CITY), ice('Camaro', 'coupe', [2010, 2024], P, [2.0, 3.6, 6.2], [205, 484], 45000, COUPE, 2, 4), ev('Bolt EV', 'hatchback', [2017, 2023], [150, 150], 33000, 65, 415, COMPACT), ice('Silverado', 'pickup', [2005, 2026], ['petrol', 'diesel'], [2.7, 5.3, 6.2], [230, 313], 48000, PICKUP, 4)] },
  { name: 'Tesla', country: 'US', models: [ev('Model 3', 'sedan', [2019, 2026], [208, 393], 42000, 75, 560, SEDAN, 4), ev('Model Y', 'suv', [2021, 2026], [220, 393], 46000, 75, 530, SUV_M), ev('Model S', 'sedan', [2013, 2026], [310, 760], 95000, 100, 630, LARGE, 5), ev('Model X', 'suv', [2016, 2026], [500, 750], 110000, 100, 560, SUV_L, 5, 7)] },
  { name: 'Jeep', country: 'US', models: [ice('Renegade', 'suv', [2014, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [1.0, 1.3, 1.6], [88, 177], 28000, SUV_S), ice('Compass', 'suv', [2007, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [1.3, 1.6, 2.0], [96, 177], 35000, SUV_M), ice('Wrangler', 'suv', [2007, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [2.0, 2.2, 3.6], [147, 280], 60000, SUV_M, 5, 5)] },
  { name: 'Dodge', country: 'US', models: [ice('Challenger', 'coupe', [2008, 2023], P, [3.6, 5.7, 6.4], [227, 527], 45000, COUPE, 2, 5), ice('Durango', 'suv', [2011, 2026], P, [3.6, 5.7], [218, 267], 50000, SUV_L, 5, 7), ice('RAM 1500', 'pickup', [2009, 2026], P, [3.6, 5.7], [227, 295], 50000, PICKUP, 4)] },
  { name: 'Volvo', country: 'SE', models: [ice('XC40', 'suv', [2018, 2026], ['petrol', 'diesel', 'hybrid', 'plug_in_hybrid'], [1.5, 2.0], [95, 192], 40000, SUV_S), ice('XC60', 'suv', [2008, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [2.0], [145, 340], 55000, SUV_M), ice('XC90', 'suv', [2005, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [2.0], [173, 340], 75000, SUV_L, 5, 7), ice('V60', 'estate', [2010, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [2.0], [120, 340], 46000, ESTATE), ev('EX30', 'suv', [2023, 2026], [200, 315], 37000, 64, 470, SUV_S)] },
  { name: 'Polestar', country: 'SE', models: [ev('Polestar 2', 'sedan', [2020, 2026], [165, 350], 50000, 78, 550, SEDAN, 5), ev('Polestar 4', 'suv', [2024, 2026], [200, 400], 63000, 100, 600, SUV_M)] },
  { name: 'Land Rover', country: 'GB', models: [ice('Defender', 'suv', [2005, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [2.0, 3.0, 5.0], [147, 386], 65000, SUV_L), ice('Range Rover Evoque', 'suv', [2011, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [1.5, 2.0], [120, 221], 48000, SUV_M), ice('Discovery Sport', 'suv', [2015, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [1.5, 2.0], [120, 227], 48000, SUV_M, 5, 7)] },
  { name: 'Jaguar', country: 'GB', models: [ice('XE', 'sedan', [2015, 2024], PD, [2.0], [120, 221], 45000, SEDAN, 4), ice('F-Pace', 'suv', [2016, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [2.0, 3.0], [150, 294], 60000, SUV_M), ev('I-Pace', 'suv', [2018, 2024], [294, 294], 80000, 90, 470, SUV_M)] },
  { name: 'Mini', country: 'GB', models: [ice('Cooper', 'hatchback', [2005, 2026], PD, [1.5, 1.6, 2.0], [75, 170], 25000, CITY, 3, 4), ice('Countryman', 'suv', [2010, 2026], ['petrol', 'diesel', 'plug_in_hybrid'], [1.5, 2.0], [100, 233], 35000, SUV_S), ev('Cooper SE', 'hatchback', [2020, 2026], [135, 160], 35000, 41, 300, CITY, 3, 4)] },
  { name: 'BYD', country: 'CN', models: [ev('Dolphin', 'hatchback', [2022, 2026], [70, 150], 30000, 60, 427, COMPACT), ev('Atto 3', 'suv', [2022, 2026], [150, 150], 38000, 60, 420, SUV_M), ev('Seal', 'sedan', [2023, 2026], [230, 390], 45000, 82, 570, SEDAN, 4), ice('Seal U DM-i', 'suv', [2024, 2026], ['plug_in_hybrid'], [1.5], [160, 238], 40000, SUV_M)] },
  { name: 'MG', country: 'CN', models: [ev('MG4', 'hatchback', [2022, 2026], [125, 320], 30000, 64, 450, COMPACT), ice('ZS', 'suv', [2017, 2026], ['petrol', 'hybrid'], [1.0, 1.5], [78, 145], 22000, SUV_S), ice('HS', 'suv', [2019, 2026], ['petrol', 'plug_in_hybrid'], [1.5], [119, 190], 30000, SUV_M)] },
  { name: 'Smart', country: 'DE', models: [ice('Fortwo', 'city_car', [2007, 2019], P, [0.9, 1.0], [52, 80], 13000, [2.7, 1.66, 1.55, 880, 1870, 260], 3, 2), ev('#1', 'suv', [2022, 2026], [200, 315], 38000, 66, 420, SUV_S)] },
];

/** Makes whose every model sells above the mainstream, whatever its size. */
const PREMIUM_MAKES = new Set(['Audi', 'BMW', 'Mercedes-Benz', 'Porsche', 'Lexus', 'Volvo', 'Polestar', 'Land Rover', 'Jaguar', 'DS', 'Alfa Romeo', 'Maserati', 'Tesla']);

/** A model's market segment, from its category, new price and make (first rule that applies). */
function segmentOf(make: string, model: Pick<ModelSpec, 'category' | 'newPriceEur'>): Segment {
  if (model.category === 'van' || model.category === 'pickup') return 'utility';
  if (model.newPriceEur >= 180_000) return 'supercar';
  if (model.category === 'coupe' || model.category === 'convertible') return 'sports';
  if (model.newPriceEur >= 75_000) return 'luxury';
  if (PREMIUM_MAKES.has(make) || model.newPriceEur >= 42_000) return 'premium';
  if (model.newPriceEur < 20_000) return 'economy';
  return 'family';
}

export const makes: MakeSpec[] = catalogue.map((make) => ({
  ...make,
  models: make.models.map((model) => ({
    ...model,
    engineSizes: [...model.engineSizes].sort((a, b) => a - b),
    segment: segmentOf(make.name, model),
  })),
}));
