import { ADMIN_RESOURCES, ALL_PERMISSIONS } from '@autoroute/contract/permissions';
import { describe, expect, it } from 'vitest';
import { ALL_NAMES, columnNames, coverage, rowNames, toggle } from './matrix.ts';

describe('the role permission matrix', () => {
  it('covers exactly the permission vocabulary: four actions per resource kind, and delete_vehicle', () => {
    expect([...ALL_NAMES].sort()).toEqual([...ALL_PERMISSIONS].sort());
    expect(rowNames('city')).toEqual(['admin.city.index', 'admin.city.create', 'admin.city.update', 'admin.city.delete']);
    expect(columnNames('delete')).toHaveLength(ADMIN_RESOURCES.length);
  });

  it('turns a whole row or column on and off, keeping the other permissions', () => {
    const start = ['admin.color.index', 'delete_vehicle'];
    const withCities = toggle(start, rowNames('city'), true);
    expect(coverage(withCities, rowNames('city'))).toBe('all');
    expect(withCities).toContain('delete_vehicle');
    expect(coverage(withCities, columnNames('index'))).toBe('some');
    const without = toggle(withCities, columnNames('index'), false);
    expect(without).not.toContain('admin.color.index');
    expect(coverage(without, rowNames('city'))).toBe('some');
    expect(coverage([], columnNames('create'))).toBe('none');
  });
});
