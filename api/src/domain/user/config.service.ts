import type { UserConfig } from '@autoroute/contract/site';
import type { Locale } from '@autoroute/locales';
import { LIMITS } from '../../core/limits.ts';
import { localName } from '../../core/reference.ts';
import type { DomainDeps } from '../deps.ts';

type Db = DomainDeps['db'];

import { readMaintenanceMessage } from '../site/site.data.ts';
import { loadReferenceLists } from './config.data.ts';

/** GET /user/config: the reference lists in the request language, the limits and the maintenance message. */
export async function userConfig(db: Db, locale: Locale): Promise<UserConfig> {
  const r = await loadReferenceLists(db);
  const localNames = (rows: { id: number; code: string | null; name: string; name_i18n: string | null }[]) =>
    rows.map((x) => ({ id: x.id, code: x.code, name: localName(x.name, x.name_i18n, locale) }));
  const modelsByMake = new Map<number, typeof r.models>();
  for (const m of r.models) modelsByMake.set(m.make_id, [...(modelsByMake.get(m.make_id) ?? []), m]);
  return {
    categories: localNames(r.categories),
    types: localNames(r.types),
    fuelTypes: localNames(r.fuelTypes),
    transmissions: localNames(r.transmissions),
    options: localNames(r.options).sort((a, b) => a.name.localeCompare(b.name, locale.replace('_', '-'))),
    themes: localNames(r.themes),
    providers: localNames(r.providers),
    colors: r.colors.map((x) => ({ id: x.id, code: x.code, name: localName(x.name, x.name_i18n, locale), hex: x.hex })),
    countries: r.countries
      .map((x) => ({ id: x.id, code: x.code, name: localName(x.name, x.name_i18n, locale) }))
      .sort((a, b) => a.name.localeCompare(b.name, locale.replace('_', '-'))),
    cities: r.cities
      .map((x) => ({ id: x.id, name: localName(x.name, x.name_i18n, locale), countryId: x.country_id }))
      .sort((a, b) => a.name.localeCompare(b.name, locale.replace('_', '-'))),
    currencies: r.currencies.map((x) => ({
      id: x.id,
      code: x.code,
      name: localName(x.name, x.name_i18n, locale),
      symbol: x.symbol,
      minorUnits: x.minor_units,
      countryId: x.country_id,
      rate: Number(x.rate),
    })),
    makes: r.makes.map((m) => ({
      id: m.id,
      name: m.name,
      models: (modelsByMake.get(m.id) ?? []).map((x) => ({ id: x.id, name: x.name, categoryId: x.category_id })),
    })),
    languages: r.languages,
    limits: {
      ...LIMITS,
      pictureTypes: [...LIMITS.pictureTypes],
      text: Object.fromEntries(Object.entries(LIMITS.text).map(([k, v]) => [k, [v[0], v[1]] as [number, number]])),
    },
    maintenanceMessage: await readMaintenanceMessage(db, locale),
  };
}
