import { ALL_PERMISSIONS } from '@autoroute/contract/permissions';
import { RESOURCE_NAMES, RESOURCES } from '@autoroute/contract/resources';
import { describe, expect, it } from 'vitest';
import { canDo, isAdmin, permissionFor } from './access.ts';

describe("the console's permission names (SPEC §6)", () => {
  it("maps react-admin's screen names to the permission resources, as the API guards them", () => {
    expect(permissionFor('fuel-types', 'list')).toBe('admin.fueltype.index');
    expect(permissionFor('cart-groups', 'create')).toBe('admin.cartgroup.create');
    expect(permissionFor('cart-details', 'edit')).toBe('admin.cartdetail.update');
    expect(permissionFor('users', 'delete')).toBe('admin.user.delete');
    expect(permissionFor('roles', 'list')).toBe('admin.role.index');
    expect(permissionFor('datacrons', 'run')).toBe('admin.datacron.update');
    expect(permissionFor('datacron-runs', 'list')).toBe('admin.datacron.index');
    // Reading a support request is seeing it; resolving or reopening it is updating it.
    expect(permissionFor('support-requests', 'show')).toBe('admin.support.index');
    expect(permissionFor('support-requests', 'edit')).toBe('admin.support.update');
    expect(permissionFor('support-requests', 'delete')).toBe('admin.support.delete');
  });

  it('takes every declared resource from its declaration, each naming a permission the vocabulary has', () => {
    for (const name of RESOURCE_NAMES) {
      for (const [action, verb] of [
        ['list', 'index'],
        ['create', 'create'],
        ['edit', 'update'],
        ['delete', 'delete'],
        ['export', 'index'],
      ]) {
        const needed = permissionFor(name, action!);
        expect(needed).toBe(`admin.${RESOURCES[name].permission}.${verb}`);
        expect(ALL_PERMISSIONS).toContain(needed);
      }
    }
  });

  it('asks delete_vehicle, not admin.vehicle.delete, to delete a vehicle', () => {
    expect(permissionFor('vehicles', 'delete')).toBe('delete_vehicle');
    expect(canDo(['admin.vehicle.delete'], 'vehicles', 'delete')).toBe(false);
    expect(canDo(['delete_vehicle'], 'vehicles', 'delete')).toBe(true);
    expect(permissionFor('vehicles', 'edit')).toBe('admin.vehicle.update');
  });

  it('denies what it does not know: another screen, another action', () => {
    expect(permissionFor('secrets', 'list')).toBeNull();
    expect(permissionFor('colors', 'launch')).toBeNull();
    expect(canDo(['admin.color.index'], 'colors', 'launch')).toBe(false);
    expect(canDo([], 'colors', 'list')).toBe(false);
  });

  it('lets in any admin permission (isAdmin), and nobody without one', () => {
    expect(isAdmin(['admin.city.index'])).toBe(true);
    expect(isAdmin(['delete_vehicle'])).toBe(true);
    expect(isAdmin([])).toBe(false);
    expect(isAdmin(['user.profile'])).toBe(false);
  });
});
