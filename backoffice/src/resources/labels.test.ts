import { RESOURCE_NAMES, RESOURCES } from '@autoroute/contract/resources';
import { LOCALES, resources } from '@autoroute/locales';
import { describe, expect, it } from 'vitest';
import { fieldLabelKey } from './labels.ts';

type Tree = { [key: string]: string | Tree };
const at = (tree: Tree, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);

// A generated screen labels each field by its locale key: a key left out shows as its own name
// ("resources.cities.fields.nameI18n") on the form.
describe('generated screens', () => {
  it.each(LOCALES)('label every field of every resource in %s', (locale) => {
    const console = (resources[locale] as unknown as { backoffice: Tree }).backoffice;
    const missing = RESOURCE_NAMES.flatMap((name) =>
      RESOURCES[name].fields.map((f) => fieldLabelKey(name, f.source)).filter((key) => typeof at(console, key) !== 'string'),
    );
    expect(missing).toEqual([]);
  });
});
