import { describe, expect, it } from 'vitest';
import { VIN as FIELD_VIN } from './vehicle-fields.ts';
import { checkDigitOf, decodeVin, isNorthAmerican, modelYearOf, VIN } from './vin.ts';

const decoded = (vin: string, latest = 2027) => {
  const result = decodeVin(vin, latest);
  if (!result.ok) throw new Error(`${vin} was refused: ${result.reason}`);
  return result.decoded;
};

describe('VIN structure (ISO 3779)', () => {
  it('takes 17 letters and digits in either case, spaces and dashes typed in it aside', () => {
    expect(decoded('1hgcm82633a004352').vin).toBe('1HGCM82633A004352');
    expect(decoded('1HGCM8 2633-A004352').vin).toBe('1HGCM82633A004352');
  });

  it('refuses I, O and Q, which read as 1 and 0', () => {
    for (const letter of ['I', 'O', 'Q', 'i', 'o', 'q'])
      expect(decodeVin(`1HGCM8263${letter}A004352`, 2027)).toEqual({ ok: false, reason: 'characters' });
    expect(decodeVin('1HGCM82633A00435!', 2027)).toEqual({ ok: false, reason: 'characters' });
  });

  it('refuses a VIN of another length', () => {
    expect(decodeVin('1HGCM82633A00435', 2027)).toEqual({ ok: false, reason: 'length' });
    expect(decodeVin('1HGCM82633A0043521', 2027)).toEqual({ ok: false, reason: 'length' });
    expect(decodeVin('', 2027)).toEqual({ ok: false, reason: 'length' });
  });

  it('is the rule the API checks a listing’s VIN with', () => {
    expect(FIELD_VIN).toBe(VIN);
    expect(VIN.test('1M8GDM9AXKP042788')).toBe(true);
    expect(VIN.test('1M8GDM9AXKP04278O')).toBe(false);
  });
});

describe('the North American check digit (position 9)', () => {
  it('computes the digits of real VINs, X for ten', () => {
    expect(checkDigitOf('1M8GDM9AXKP042788')).toBe('X');
    expect(checkDigitOf('1HGCM82633A004352')).toBe('3');
    expect(checkDigitOf('11111111111111111')).toBe('1');
  });

  it('says a North American VIN whose digit matches is valid', () => {
    expect(decoded('1M8GDM9AXKP042788').check).toBe('valid');
    expect(decoded('11111111111111111').check).toBe('valid');
    expect(decoded('1HGCM82633A004352')).toMatchObject({ check: 'valid', expectedCheckDigit: '3' });
  });

  it('flags a wrong digit, and the digit that was expected', () => {
    expect(decoded('1M8GDM9A1KP042788')).toMatchObject({ check: 'mismatch', expectedCheckDigit: 'X' });
    expect(decoded('1HGCM82643A004352')).toMatchObject({ check: 'mismatch' });
    // One character mistyped elsewhere changes the expected digit.
    expect(decoded('1HGCM82633A004353').check).toBe('mismatch');
  });

  it('leaves other regions unchecked: their position 9 is the maker’s', () => {
    expect(decoded('WP0ZZZ99ZTS392124')).toMatchObject({ check: 'unchecked', make: 'Porsche' });
    expect(decoded('VF1RFB00X56789012').check).toBe('unchecked');
    expect(isNorthAmerican('JTD')).toBe(false);
    expect(isNorthAmerican('2T1')).toBe(true);
    expect(isNorthAmerican('3VW')).toBe(true);
    expect(isNorthAmerican('7SA')).toBe(true);
  });
});

describe('the manufacturer (positions 1–3)', () => {
  it('names the make as the catalogue does', () => {
    expect(decoded('1HGCM82633A004352').make).toBe('Honda');
    expect(decoded('VF3ABCDEF12345678').make).toBe('Peugeot');
    expect(decoded('VF7ABCDEF12345678').make).toBe('Citroën');
    expect(decoded('WDD2050461F123456').make).toBe('Mercedes-Benz');
    expect(decoded('JTHBA30G255012345').make).toBe('Lexus');
    expect(decoded('JTDKB20U093123456').make).toBe('Toyota');
    expect(decoded('SALGA2BE0KA123456').make).toBe('Land Rover');
  });

  it('knows no make for an identifier it has not listed', () => {
    expect(decoded('1M8GDM9AXKP042788').make).toBeNull();
  });

  it('fills a model and fuel only where the maker encodes them: Tesla’s position 4', () => {
    expect(decoded('5YJ3E1EA5KF328931')).toMatchObject({ make: 'Tesla', model: 'Model 3', fuel: 'electric', check: 'valid', year: 2019 });
    expect(decoded('5YJYGDEE1MF123456')).toMatchObject({ model: 'Model Y', fuel: 'electric' });
    expect(decoded('1HGCM82633A004352')).toMatchObject({ model: null, fuel: null });
  });
});

describe('the model year (position 10)', () => {
  it('reads North American VINs in the cycle position 7 says: a digit before 2010, a letter since', () => {
    expect(decoded('1M8GDM9AXKP042788').year).toBe(1989);
    expect(decoded('1HGCM82633A004352').year).toBe(2003);
    expect(decoded('5YJ3E1EA5KF328931').year).toBe(2019);
  });

  it('takes the most recent year a code may mean, never after the latest model year', () => {
    expect(modelYearOf('K', 2027)).toBe(2019);
    expect(modelYearOf('T', 2027)).toBe(2026);
    expect(modelYearOf('W', 2027)).toBe(1998);
    expect(modelYearOf('V', 2027)).toBe(2027);
    expect(modelYearOf('V', 2026)).toBe(1997);
    expect(modelYearOf('9', 2027)).toBe(2009);
    expect(decoded('WP0ZZZ99ZTS392124').year).toBe(2026);
  });

  it('names no year for the codes ISO 3779 leaves out of position 10', () => {
    for (const code of ['0', 'U', 'Z']) expect(modelYearOf(code, 2027)).toBeNull();
    expect(decoded('WVWZZZ1KZ0W000001').year).toBeNull();
  });
});
