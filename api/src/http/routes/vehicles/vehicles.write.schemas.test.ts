import { lastYear, VEHICLE_FIELDS, type VehicleFieldName } from '@autoroute/contract/vehicle-fields';
import { describe, expect, it } from 'vitest';
import { VehicleInput } from './vehicles.write.schemas.ts';

/** The API's VehicleInput and the rules the seller form reads (@autoroute/contract/vehicle-fields) are one set of rules. */
describe('VehicleInput and the contract’s vehicle field rules', () => {
  const names = Object.keys(VEHICLE_FIELDS) as VehicleFieldName[];
  const accepts = (name: VehicleFieldName, value: unknown) => VehicleInput.shape[name].safeParse(value).success;

  it('has every field the rules name, and only options and pictures besides', () => {
    expect(Object.keys(VehicleInput.shape).sort()).toEqual([...names, 'options', 'pictures', 'sold', 'soldPrice'].sort());
  });

  it.each(names)('%s: required as the rules say, within their bounds', (name) => {
    const rule = VEHICLE_FIELDS[name];
    expect(accepts(name, undefined), 'missing').toBe(!rule.required);
    if (rule.kind === 'text' || rule.kind === 'longtext') {
      const max = rule.max;
      // A VIN has its own pattern of exactly 17: its bound is that length.
      const fill = (n: number) => (name === 'vin' ? 'VF1RJA00567123456'.padEnd(n, '1').slice(0, n) : 'x'.repeat(n));
      expect(accepts(name, fill(max)), `${max} characters`).toBe(true);
      expect(accepts(name, fill(max + 1)), `${max + 1} characters`).toBe(false);
    }
    if (rule.kind === 'int' || rule.kind === 'number') {
      const max = name === 'year' ? lastYear() : (rule as { max: number }).max;
      const low = name === 'price' ? 0.01 : rule.min;
      expect(accepts(name, low), `at ${low}`).toBe(true);
      expect(accepts(name, max), `at ${max}`).toBe(true);
      expect(accepts(name, (name === 'price' ? 0 : rule.min) - 1), `below ${rule.min}`).toBe(false);
      expect(accepts(name, max + 1), `above ${max}`).toBe(false);
    }
  });
});
