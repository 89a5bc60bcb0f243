import { ALL_PERMISSIONS, BUILT_IN_ROLE_DESCRIPTIONS, ROLE_PERMISSIONS, ROLES } from '@autoroute/contract/permissions';
import type { Kysely } from 'kysely';
import { defaultDatacrons } from '../jobs.ts';
import type { Database } from '../schema.ts';
import { EUR_RATES } from './catalogue.ts';
import { cityNames } from './data/cities.ts';
import { cityCoordinates } from './data/coordinates.ts';
import { makes } from './data/makes.ts';
import { pages } from './data/pages.ts';
import { cartText, detailText, planGroups, plans } from './data/plans.ts';
import * as ref from './data/reference.ts';
import type { I18nText } from './data/types.ts';
import { count, insertMany, json } from './insert.ts';

type Db = Kysely<Database>;

/** Reference data, roles and permissions, plans, jobs and settings: once, on an empty database. */
export async function seedReference(db: Db): Promise<boolean> {
  if ((await count(db, 'languages')) > 0) return false;
  await db.transaction().execute(async (tx) => {
    await insertMany(
      tx,
      'languages',
      ref.languages.map((l) => ({ code: l.code, name: l.name, description: l.description.en_US, description_i18n: json(l.description) })),
    );
    const named = (items: { code: string; name: I18nText; description: I18nText }[]) =>
      items.map((i) => ({
        code: i.code,
        name: i.name.en_US,
        name_i18n: json(i.name),
        description: i.description.en_US,
        description_i18n: json(i.description),
      }));
    await insertMany(tx, 'themes', named(ref.themes));
    await insertMany(tx, 'categories', named(ref.categories));
    await insertMany(tx, 'fuel_types', named(ref.fuelTypes));
    await insertMany(tx, 'transmissions', named(ref.transmissions));
    await insertMany(tx, 'types', named(ref.types));
    await insertMany(tx, 'options', named(ref.options));
    await insertMany(
      tx,
      'providers',
      ref.providers.map((p) => ({
        code: p.code,
        name: p.name.en_US,
        name_i18n: json(p.name),
        description: p.description.en_US,
        description_i18n: json(p.description),
      })),
    );
    await insertMany(
      tx,
      'colors',
      ref.colors.map((c) => ({ code: c.code, name: c.name.en_US, name_i18n: json(c.name), hex: c.hex })),
    );

    const countryIds = await insertMany(
      tx,
      'countries',
      ref.countries.map((c) => ({ code: c.code, name: c.name.en_US, name_i18n: json(c.name) })),
      true,
    );
    const countryByCode = new Map(ref.countries.map((c, i) => [c.code, countryIds[i]!]));
    await insertMany(
      tx,
      'cities',
      ref.countries.flatMap((c) =>
        [...new Set(c.cities)].map((name) => ({
          name,
          name_i18n: json(cityNames[name]!),
          country_id: countryByCode.get(c.code)!,
          latitude: cityCoordinates[name]?.[0] ?? null,
          longitude: cityCoordinates[name]?.[1] ?? null,
        })),
      ),
    );
    await insertMany(
      tx,
      'currencies',
      ref.currencies.map((c) => ({
        code: c.code,
        name: c.name.en_US,
        name_i18n: json(c.name),
        symbol: c.symbol,
        minor_units: ['JPY', 'KRW', 'CLP', 'ISK'].includes(c.code) ? 0 : 2,
        country_id: countryByCode.get(c.country) ?? countryIds[0]!,
        rate: EUR_RATES[c.code] ?? 1,
      })),
    );

    const categoryIds = new Map((await tx.selectFrom('categories').select(['id', 'code']).execute()).map((c) => [c.code, c.id]));
    const makeIds = await insertMany(
      tx,
      'makes',
      makes.map((m) => ({ name: m.name, country_id: countryByCode.get(m.country) ?? null })),
      true,
    );
    await insertMany(
      tx,
      'models',
      makes.flatMap((m, i) =>
        [...new Map(m.models.map((x) => [x.name, x])).values()].map((model) => ({
          make_id: makeIds[i]!,
          name: model.name,
          category_id: categoryIds.get(model.category) ?? null,
          segment: model.segment,
        })),
      ),
    );

    const pageIds = await insertMany(
      tx,
      'pages',
      pages.map((p) => ({ slug: p.slug, section: p.section, name: p.name, description: p.translations.en_US.summary })),
      true,
    );
    await insertMany(
      tx,
      'page_translations',
      pages.flatMap((p, i) =>
        Object.entries(p.translations).map(([locale, t]) => ({
          page_id: pageIds[i]!,
          locale,
          title: t.title,
          summary: t.summary,
          body: t.body,
        })),
      ),
    );

    const permissionIds = await insertMany(
      tx,
      'permissions',
      ALL_PERMISSIONS.map((name) => ({ name })),
      true,
    );
    const permissionByName = new Map(ALL_PERMISSIONS.map((name, i) => [name, permissionIds[i]!]));
    const roleIds = await insertMany(
      tx,
      'roles',
      ROLES.map((name) => ({ name, description: BUILT_IN_ROLE_DESCRIPTIONS[name] })),
      true,
    );
    await insertMany(
      tx,
      'role_permissions',
      ROLES.flatMap((role, i) => ROLE_PERMISSIONS[role].map((p) => ({ role_id: roleIds[i]!, permission_id: permissionByName.get(p)! }))),
    );

    await seedPlans(tx);
    await insertMany(
      tx,
      'datacrons',
      defaultDatacrons().map((j) => ({ ...j, active: 1 })),
    );
    await insertMany(tx, 'settings', [
      { key: 'maintenance_message', value: json(null) },
      { key: 'maintenance_enabled', value: json(false) },
    ]);
  });
  return true;
}

async function seedPlans(db: Db): Promise<void> {
  const eur = await db.selectFrom('currencies').select('id').where('code', '=', 'EUR').executeTakeFirst();
  if (!eur) return;
  const groupIds = await insertMany(
    db,
    'cart_groups',
    planGroups.map((g) => ({
      name: g.name.en_US,
      name_i18n: json(g.name),
      description: g.description.en_US,
      description_i18n: json(g.description),
    })),
    true,
  );
  const groupOf = new Map(planGroups.map((g, i) => [g.key, groupIds[i]!]));
  for (const plan of plans) {
    for (const period of ['monthly', 'yearly'] as const) {
      const months = period === 'monthly' ? 1 : 12;
      const price = months === 1 ? plan.monthly : Math.round(plan.monthly * 10); // two months free yearly
      const cart = cartText(plan, period);
      const [cartId] = await insertMany(
        db,
        'carts',
        [
          {
            name: cart.name.en_US,
            name_i18n: json(cart.name),
            price_minor: price,
            currency_id: eur.id,
            months,
            is_active: 1,
            description: cart.description.en_US,
            description_i18n: json(cart.description),
            group_id: groupOf.get(plan.group)!,
          },
        ],
        true,
      );
      const detail = detailText(plan);
      await insertMany(db, 'cart_details', [
        {
          name: detail.name.en_US,
          name_i18n: json(detail.name),
          description: detail.description.en_US,
          description_i18n: json(detail.description),
          cart_id: cartId!,
          vehicle_limit: plan.vehicles,
          photo_limit: plan.photos,
          contact_limit: plan.contacts,
          featured_listing: plan.featured,
          detailed_stats: plan.stats,
          priority_support: plan.support,
        },
      ]);
    }
  }
}
