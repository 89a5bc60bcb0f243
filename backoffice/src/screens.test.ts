import { RESOURCE_NAMES } from '@autoroute/contract/resources';
import { describe, expect, it } from 'vitest';
import { MENU_GROUPS, SCREENS } from './screens.ts';

describe('the console screens', () => {
  it('give every declared resource one screen, each in a menu section', () => {
    const names = SCREENS.map((screen) => screen.name);
    expect(new Set(names).size).toBe(names.length);
    for (const resource of RESOURCE_NAMES) expect(names, resource).toContain(resource);
    for (const screen of SCREENS) expect(MENU_GROUPS, screen.name).toContain(screen.group);
  });
});
