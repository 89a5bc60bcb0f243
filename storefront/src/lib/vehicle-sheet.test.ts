import { describe, expect, it } from 'vitest';
import { translator } from './i18n.ts';
import { compareSheet, type SheetVehicle, vehicleSheet } from './vehicle-sheet.ts';

const empty: SheetVehicle = {
  battery_capacity: null,
  battery_type: null,
  battery_health: null,
  charging_time: null,
  fast_charging: null,
  battery_range: null,
  battery_consumption: null,
  range: null,
  fiscal_power: null,
  din_power: null,
  engine_power: null,
  torque: null,
  registration_date: null,
  number_of_owners: null,
  is_first_hand: null,
  emissions_standard: null,
  co2_emissions: null,
  euro_standard: null,
  critair: null,
  maintenance_history: null,
  accident_history: null,
  length: null,
  width: null,
  height: null,
  weight: null,
  wheelbase: null,
  trunk_volume: null,
  upholstery: null,
  origin: null,
  origin_country: null,
  import_status: null,
  imported: null,
  first_registration_country: null,
  vin: null,
  register: null,
  insurance_expiry_date: null,
};
const electric: SheetVehicle = {
  ...empty,
  battery_capacity: 77,
  battery_type: 'Lithium-ion NMC',
  battery_health: 94,
  fast_charging: true,
  battery_range: 1234,
  battery_consumption: 16.5,
  din_power: 148,
  critair: '1',
  engine_power: 109,
  torque: 310,
  registration_date: '2022-03-14',
  is_first_hand: false,
  co2_emissions: 0,
  length: 4.26,
  wheelbase: 2771,
  trunk_volume: 385,
  weight: 1680,
  imported: false,
  vin: 'WVWZZZE1ZNP012345',
};

/** The value shown under a group's heading beside a label, as the page reads. */
const sheetOf = (locale: Parameters<typeof translator>[0], v: SheetVehicle) => {
  const groups = vehicleSheet(v, locale, translator(locale));
  return (group: string, label: string) => groups.find((g) => g.title === group)?.rows.find((r) => r.label === label)?.value;
};
const nbsp = (s: string | undefined) => s?.replace(/[\u00a0\u202f]/g, ' ');

describe('the vehicle sheet (SPEC §3: electric and power, history, dimensions, origin)', () => {
  it('shows French units and digits: ch for horsepower, kWh, N·m, a comma for decimals and a space between thousands', () => {
    const at = sheetOf('fr_FR', electric);
    const power = (label: string) => at('Électrique et puissance', label);
    expect(nbsp(power('Puissance DIN'))).toBe('148 ch');
    expect(nbsp(power('Capacité de la batterie'))).toBe('77 kWh');
    expect(nbsp(power('Autonomie de la batterie'))).toBe('1 234 km');
    expect(nbsp(power('Consommation'))).toBe('16,5 kWh/100 km');
    expect(nbsp(power('Couple'))).toBe('310 N·m');
    expect(nbsp(power('État de la batterie'))).toBe('94 %');
    expect(power('Charge rapide')).toBe('Oui');
    expect(at('Historique et environnement', 'Première immatriculation')).toBe('14 mars 2022');
    expect(at('Historique et environnement', 'Première main')).toBe('Non');
    expect(nbsp(at('Dimensions', 'Longueur'))).toBe('4,26 m');
    expect(nbsp(at('Dimensions', 'Empattement'))).toBe('2 771 mm');
    expect(nbsp(at('Dimensions', 'Volume du coffre'))).toBe('385 l');
  });

  it('says hp, kWh and Yes/No in English', () => {
    const at = sheetOf('en_US', electric);
    expect(at('Electric and power', 'DIN power')).toBe('148 hp');
    expect(at('Electric and power', 'Battery range')).toBe('1,234 km');
    expect(at('Electric and power', 'Fast charging')).toBe('Yes');
    expect(at('History and environment', 'First registration')).toBe('March 14, 2022');
    expect(at('History and environment', 'CO₂ emissions')).toBe('0 g/km');
    expect(at('Origin', 'Imported')).toBe('No');
  });

  it('writes Western digits and Arabic words in Arabic, and the date in the Gregorian calendar', () => {
    // One digit system per locale (locales/meta.ts formatTag): titles, models and VINs are written
    // in Western digits, so the sheet is too.
    const at = sheetOf('ar_SA', electric);
    const power = (label: string) => at('الكهرباء والقوة', label);
    expect(power('قوة DIN')).toBe('148 حصان');
    expect(power('سعة البطارية')).toBe('77 كيلوواط ساعة');
    expect(power('الشحن السريع')).toBe('نعم');
    expect(at('السجل والبيئة', 'أول تسجيل')).toMatch(/^14 مارس 2022/);
    expect(at('السجل والبيئة', 'ملصق Crit’Air')).toBe('1');
    expect(
      vehicleSheet(electric, 'ar_SA', translator('ar_SA'))
        .flatMap((g) => g.rows.map((r) => r.value))
        .join(' '),
    ).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
  });

  it('hides empty values, and a group with no value at all', () => {
    const groups = vehicleSheet({ ...empty, battery_type: '  ', length: 4.2, upholstery: 'Leather' }, 'en_US', translator('en_US'));
    expect(groups.map((g) => g.key)).toEqual(['dimensions']);
    expect(groups[0]?.rows.map((r) => r.label)).toEqual(['Length', 'Upholstery']);
    expect(vehicleSheet(empty, 'en_US', translator('en_US'))).toEqual([]);
  });

  it('lines up vehicles for compare: a row any of them fills, marked where the values differ', () => {
    const other = { ...electric, din_power: 204, battery_type: null };
    const groups = compareSheet([electric, other], 'en_US', translator('en_US'));
    const rows = Object.fromEntries(groups.flatMap((g) => g.rows.map((r) => [r.key, r])));
    expect(rows.din_power).toMatchObject({ values: ['148 hp', '204 hp'], differs: true });
    expect(rows.battery_capacity).toMatchObject({ values: ['77 kWh', '77 kWh'], differs: false });
    expect(rows.battery_type).toMatchObject({ values: ['Lithium-ion NMC', null], differs: true });
    expect(rows.critair).toMatchObject({ values: ['1', '1'], differs: false });
    expect(rows.euro_standard).toBeUndefined();
    expect(
      compareSheet([electric], 'en_US', translator('en_US'))
        .flatMap((g) => g.rows)
        .some((r) => r.differs),
    ).toBe(false);
  });
});
