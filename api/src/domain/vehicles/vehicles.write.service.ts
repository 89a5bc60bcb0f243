import { DELETE_VEHICLE } from '@autoroute/contract/permissions';
import { ELECTRIC_REQUIRED, RECHARGEABLE_FUELS } from '@autoroute/contract/vehicle-fields';
import type { Vehicle } from '@autoroute/contract/vehicles';
import { nowIso, toFlag, WITHHELD } from '@autoroute/db';
import { DEFAULT_LOCALE, type Locale, matchLocale, numberFormat } from '@autoroute/locales';
import type { TFunction } from 'i18next';
import { AppError, type ErrorDetail, notFound, validationFailed } from '../../core/errors.ts';
import { translator } from '../../core/i18n.ts';
import { toMajor } from '../../core/reference.ts';
import type { Principal } from '../auth/principal.data.ts';
import { assertCanList, assertPhotos } from '../billing/billing.service.ts';
import type { DomainDeps } from '../deps.ts';
import { latestCases } from '../moderation/moderation.data.ts';
import { reviewIfRisky } from '../moderation/moderation.service.ts';
import { delivery } from '../notifications/topics.ts';
import type { PageQuery } from '../paging.ts';
import { findVehiclePictures } from '../pictures/pictures.data.ts';
import { removePictureFiles } from '../pictures/pictures.service.ts';
import { refreshSignals } from '../trust/signals.ts';
import { enqueueListingEvent } from './listing-events.data.ts';
import type { VehicleInput, VehiclePatch } from './vehicles.inputs.ts';
import { getVehicle, specification, specificationColumns, textOrNull, toSummary, type Viewer } from './vehicles.service.ts';
import {
  attachPictures,
  type Db,
  deleteVehicleRow,
  existingIds,
  findCity,
  findCurrency,
  findFuelType,
  findPictures,
  findPriceWatchers,
  findVehicleRow,
  insertNotifications,
  insertVehicle,
  listMakesWithModels,
  listOwnVehicles,
  type ReferenceTable,
  recordPriceChange,
  replaceOptions,
  updateVehicle,
  type VehicleColumns,
} from './vehicles.write.data.ts';

/** The signed-in caller as the vehicle rules see them (routes guard with requireUser first). */
export function viewerOf(principal: Principal | null): Viewer {
  if (!principal) throw new AppError(401, 'UNAUTHORIZED');
  return { id: principal.userId, permissions: principal.permissions };
}

/** Each reference field, the table its id must exist in. */
const REFERENCES: [keyof VehicleInput, ReferenceTable][] = [
  ['currencyId', 'currencies'],
  ['countryId', 'countries'],
  ['cityId', 'cities'],
  ['categoryId', 'categories'],
  ['colorId', 'colors'],
  ['fuelTypeId', 'fuel_types'],
  ['typeId', 'types'],
  ['transmissionId', 'transmissions'],
  ['originCountryId', 'countries'],
  ['firstRegistrationCountryId', 'countries'],
];

/** Decimal places of a number as written (12500.5 → 1, 1e-7 → 7). */
function decimals(n: number): number {
  const [mantissa = '', exponent = '0'] = String(n).split('e');
  return Math.max(0, (mantissa.split('.')[1]?.length ?? 0) - Number(exponent));
}
const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

interface Checked {
  columns: VehicleColumns;
  optionIds: number[];
  /** The final price given with `soldPrice` in minor units, null to forget it; undefined when not given. */
  soldPriceMinor: number | null | undefined;
}

/**
 * The rules zod cannot know: references exist, the city is in the country, the price fits its
 * currency, an electric drive has its battery facts, the model belongs to a known brand, and the
 * pictures are the owner's and free. Every failure is collected, then answered at once as a 422.
 */
async function check(
  db: Db,
  input: VehicleInput,
  scope: { ownerId: number; vehicleId: number | null; catalogue: boolean; options: boolean; pictures: boolean; sold: boolean },
  t: TFunction,
): Promise<Checked> {
  const details: ErrorDetail[] = [];
  const fail = (path: string, key: string) => details.push({ path, message: t(key) });

  for (const [field, table] of REFERENCES) {
    const id = input[field] as number | null | undefined;
    if (id && !(await existingIds(db, table, [id])).has(id)) fail(field, 'vehicle.unknownReference');
  }

  const city = await findCity(db, input.cityId);
  if (city && !details.some((d) => d.path === 'countryId') && city.country_id !== input.countryId) fail('cityId', 'vehicle.cityCountry');

  let priceMinor = 0;
  const currency = await findCurrency(db, input.currencyId);
  if (currency) {
    priceMinor = Math.round(input.price * 10 ** currency.minor_units);
    if (decimals(input.price) > currency.minor_units) fail('price', 'vehicle.priceDecimals');
  }
  // The final price goes with a sold listing only, in the listing's currency.
  let soldPriceMinor: number | null | undefined = input.soldPrice === null ? null : undefined;
  if (input.soldPrice !== undefined && input.soldPrice !== null) {
    if (!scope.sold) fail('soldPrice', 'vehicle.soldPriceUnsold');
    else if (currency && decimals(input.soldPrice) > currency.minor_units) fail('soldPrice', 'vehicle.priceDecimals');
    else if (currency) soldPriceMinor = Math.round(input.soldPrice * 10 ** currency.minor_units);
  }

  const fuel = await findFuelType(db, input.fuelTypeId);
  if (fuel?.code && RECHARGEABLE_FUELS.includes(fuel.code)) {
    for (const field of ELECTRIC_REQUIRED) {
      if (input[field] === null || input[field] === undefined) fail(field, `vehicle.required.${field}`);
    }
  }

  // A brand the catalogue knows must come with one of its models; another brand is taken as written.
  let brand = input.brand;
  let model = input.model;
  const make = scope.catalogue ? (await listMakesWithModels(db)).find((m) => same(m.name, input.brand)) : undefined;
  if (make) {
    brand = make.name;
    const known = make.models.find((name) => same(name, input.model));
    if (known) model = known;
    else fail('model', 'vehicle.modelOfBrand');
  }

  const optionIds = [...new Set(input.options)];
  if (scope.options) {
    const found = await existingIds(db, 'options', optionIds);
    input.options.forEach((id, i) => {
      if (!found.has(id)) fail(`options.${i}`, 'vehicle.unknownReference');
    });
  }

  if (scope.pictures) {
    const rows = new Map((await findPictures(db, input.pictures)).map((p) => [p.id, p]));
    input.pictures.forEach((id, i) => {
      const picture = rows.get(id);
      if (input.pictures.indexOf(id) !== i) fail(`pictures.${i}`, 'vehicle.duplicatePicture');
      else if (!picture || picture.owner_id !== scope.ownerId) fail(`pictures.${i}`, 'vehicle.pictureNotYours');
      else if (picture.vehicle_id !== null && picture.vehicle_id !== scope.vehicleId) fail(`pictures.${i}`, 'vehicle.pictureInUse');
    });
  }

  if (details.length) throw validationFailed(details);

  return {
    optionIds,
    soldPriceMinor,
    columns: vehicleColumns(input, { brand, model, priceMinor }),
  };
}

/**
 * The row of a listing's form, once checked: the catalogue's spelling of the brand and model, the
 * price in the currency's minor units, and the specification as `specificationColumns` stores it.
 * Every writer (publish, replace, change) stores a listing through here.
 */
function vehicleColumns(input: VehicleInput, checked: { brand: string; model: string; priceMinor: number }): VehicleColumns {
  return {
    ...specificationColumns(input),
    title: input.title,
    brand: checked.brand,
    model: checked.model,
    register: textOrNull(input.register),
    year: input.year,
    price_minor: checked.priceMinor,
    currency_id: input.currencyId,
    country_id: input.countryId,
    city_id: input.cityId,
    category_id: input.categoryId,
    color_id: input.colorId,
    mileage: input.mileage,
    fuel_type_id: input.fuelTypeId,
    type_id: input.typeId,
    transmission_id: input.transmissionId,
    origin_country_id: input.originCountryId ?? null,
    first_registration_country_id: input.firstRegistrationCountryId ?? null,
  };
}

/** Attaches the pictures, or undoes the whole write when one was taken by another listing meanwhile. */
async function attach(db: Db, vehicleId: number, ownerId: number, pictureIds: number[], now: string, t: TFunction) {
  const refused = await attachPictures(db, vehicleId, ownerId, pictureIds, now);
  if (refused.length) {
    throw validationFailed(refused.map((id) => ({ path: `pictures.${pictureIds.indexOf(id)}`, message: t('vehicle.pictureInUse') })));
  }
}

/** The stored vehicle as the form would send it back, for a partial change to complete. */
function asInput(found: NonNullable<Awaited<ReturnType<typeof findVehicleRow>>>): VehicleInput {
  const v = found.row;
  return {
    ...specification(v),
    title: v.title,
    brand: v.brand,
    model: v.model,
    register: v.register,
    year: v.year,
    price: toMajor(Number(v.price_minor), found.minorUnits),
    currencyId: v.currency_id,
    countryId: v.country_id,
    cityId: v.city_id,
    categoryId: v.category_id,
    colorId: v.color_id,
    mileage: v.mileage,
    fuelTypeId: v.fuel_type_id,
    typeId: v.type_id,
    transmissionId: v.transmission_id,
    options: found.optionIds,
    pictures: found.pictureIds,
    originCountryId: v.origin_country_id,
    firstRegistrationCountryId: v.first_registration_country_id,
  };
}

/**
 * The sold flag and its date when the input changes it (SPEC §4: sold or not sold), and the final
 * price when given; back on sale, a listing forgets its final price.
 */
function soldChange(sold: boolean | undefined, row: StoredRow, soldPriceMinor: number | null | undefined, now: string) {
  const price = soldPriceMinor === undefined ? {} : { sold_price_minor: soldPriceMinor };
  if (sold === undefined || sold === isSold(row)) return price;
  // A listing withheld by moderation stays out of public reads (`sold` 2): only its date says sold.
  const flag = row.moderation === 'published' ? toFlag(sold) : WITHHELD;
  return sold ? { sold: flag, sold_at: now, ...price } : { sold: flag, sold_at: null, sold_price_minor: null };
}

/** Whether the owner marked it sold: `sold` is 1, or 2 (withheld by moderation, docs/decisions/057) with a date. */
const isSold = (row: Pick<StoredRow, 'sold' | 'sold_at'>) => row.sold === 1 || (row.sold === WITHHELD && row.sold_at !== null);

type StoredRow = NonNullable<Awaited<ReturnType<typeof findVehicleRow>>>['row'];

/** An amount in a currency as the member reads it. */
const money = (minor: number, currency: { code: string; minor_units: number }, locale: Locale) =>
  numberFormat(locale, { style: 'currency', currency: currency.code }).format(toMajor(minor, currency.minor_units));

/**
 * A lower price in the same currency tells whoever liked or saved the listing (issue 17), once per
 * change, in their own language: the inbox row now, in the seller's transaction; the mail later, by
 * the send-notification-mail job, for those who take mail. Members who turned notifications off get
 * neither.
 */
async function announcePriceDrop(db: Db, before: StoredRow, after: { price_minor: number; currency_id: number; title: string }) {
  if (after.currency_id !== before.currency_id || after.price_minor >= Number(before.price_minor)) return;
  const currency = await findCurrency(db, after.currency_id);
  if (!currency?.code) return;
  const code = { code: currency.code, minor_units: currency.minor_units };
  const watchers = await findPriceWatchers(db, before.id, before.owner_id);
  await insertNotifications(
    db,
    watchers
      .filter((w) => delivery(w).inbox)
      .map((w) => {
        const locale = matchLocale(w.language) ?? DEFAULT_LOCALE;
        const t = translator(locale);
        return {
          user_id: w.id,
          vehicle_id: before.id,
          kind: 'price_drop',
          from_name: t('common:appName'),
          message: t('priceDrop.message', {
            title: after.title,
            before: money(Number(before.price_minor), code, locale),
            after: money(after.price_minor, code, locale),
          }),
          mail_pending: delivery(w).mail ? (1 as const) : (0 as const),
        };
      }),
  );
}

/**
 * A new price on a listing for sale is queued for the alert worker (docs/decisions/042), in the
 * seller's transaction: it may now match instant saved searches, and the price drop's mails go out
 * in seconds. Other edits are found by the per-minute job, as before. Answers whether one was queued.
 */
async function queueReprice(tx: Db, id: number, repriced: boolean, sold: boolean): Promise<boolean> {
  if (!repriced || sold) return false;
  await enqueueListingEvent(tx, id, 'repriced');
  return true;
}

/** The listing, when the viewer owns it: 404 VEHICLE_NOT_FOUND, else 403 FORBIDDEN. */
export async function ownedVehicle(db: Db, id: number, viewer: Viewer) {
  const found = await findVehicleRow(db, id);
  if (!found) throw notFound('VEHICLE_NOT_FOUND');
  if (found.row.owner_id !== viewer.id) throw new AppError(403, 'FORBIDDEN');
  return found;
}

/** Publishes a listing for the caller: the row, its options and its pictures in one transaction. */
export async function createVehicle(deps: DomainDeps, viewer: Viewer, input: VehicleInput, locale: Locale): Promise<Vehicle> {
  const t = translator(locale);
  const created = await deps.db.transaction().execute(async (tx) => {
    const { columns, optionIds, soldPriceMinor } = await check(
      tx,
      input,
      { ownerId: viewer.id, vehicleId: null, catalogue: true, options: true, pictures: true, sold: input.sold ?? false },
      t,
    );
    // The plan's limits (docs/decisions/011-plans-and-payments.md): a sold listing takes no room.
    const limits = input.sold ? null : await assertCanList(tx, viewer.id, locale);
    await assertPhotos(tx, viewer.id, input.pictures.length, locale);
    const now = nowIso();
    const vehicleId = await insertVehicle(tx, {
      ...columns,
      owner_id: viewer.id,
      plan_featured: toFlag(limits?.featuredListing ?? false),
      sold: toFlag(input.sold ?? false),
      sold_at: input.sold ? now : null,
      sold_price_minor: soldPriceMinor ?? null,
      created_at: now,
      updated_at: now,
    });
    await replaceOptions(tx, vehicleId, optionIds);
    await attach(tx, vehicleId, viewer.id, input.pictures, now, t);
    // Its fraud signals with it (docs/decisions/052).
    await refreshSignals(tx, deps.config.trust, vehicleId);
    // A high one keeps it for a moderator (docs/decisions/057): no alert for a listing nobody sees yet.
    const pending = await reviewIfRisky(tx, vehicleId);
    // The instant alerts are owed with the listing (docs/decisions/042): queued in its transaction.
    if (!input.sold && !pending) await enqueueListingEvent(tx, vehicleId, 'published');
    return { vehicleId, pending };
  });
  const { vehicleId: id, pending } = created;
  if (!input.sold && !pending) deps.listingChanged();
  return getVehicle(deps, id, locale, viewer);
}

/** PUT: every field replaced; options and pictures are the lists given. `sold` is kept when omitted. */
export async function replaceVehicle(deps: DomainDeps, viewer: Viewer, id: number, input: VehicleInput, locale: Locale): Promise<Vehicle> {
  const t = translator(locale);
  const queued = await deps.db.transaction().execute(async (tx) => {
    const found = await ownedVehicle(tx, id, viewer);
    const sold = input.sold ?? isSold(found.row);
    const { columns, optionIds, soldPriceMinor } = await check(
      tx,
      input,
      { ownerId: viewer.id, vehicleId: id, catalogue: true, options: true, pictures: true, sold },
      t,
    );
    if (input.sold === false && isSold(found.row)) await assertCanList(tx, viewer.id, locale, id);
    await assertPhotos(tx, viewer.id, input.pictures.length, locale);
    const now = nowIso();
    await updateVehicle(tx, id, { ...columns, ...soldChange(input.sold, found.row, soldPriceMinor, now), updated_at: now });
    const repriced = await recordPriceChange(tx, found.row, columns, now);
    if (repriced) await announcePriceDrop(tx, found.row, columns);
    await replaceOptions(tx, id, optionIds);
    await attach(tx, id, viewer.id, input.pictures, now, t);
    await refreshSignals(tx, deps.config.trust, id);
    return queueReprice(tx, id, repriced, sold);
  });
  if (queued) deps.listingChanged();
  return getVehicle(deps, id, locale, viewer);
}

/** PATCH: the fields given, checked together with the stored ones; options and pictures only when given. */
export async function patchVehicle(deps: DomainDeps, viewer: Viewer, id: number, patch: VehiclePatch, locale: Locale): Promise<Vehicle> {
  const t = translator(locale);
  const queued = await deps.db.transaction().execute(async (tx) => {
    const found = await ownedVehicle(tx, id, viewer);
    const merged: VehicleInput = { ...asInput(found), ...patch };
    // A listing stays editable (e.g. marked sold) when the catalogue changed since: brand and model are checked when given.
    const scope = {
      ownerId: viewer.id,
      vehicleId: id,
      catalogue: patch.brand !== undefined || patch.model !== undefined,
      options: patch.options !== undefined,
      pictures: patch.pictures !== undefined,
      sold: patch.sold ?? isSold(found.row),
    };
    const { columns, optionIds, soldPriceMinor } = await check(tx, merged, scope, t);
    if (patch.sold === false && isSold(found.row)) await assertCanList(tx, viewer.id, locale, id);
    if (scope.pictures) await assertPhotos(tx, viewer.id, merged.pictures.length, locale);
    const now = nowIso();
    await updateVehicle(tx, id, { ...columns, ...soldChange(patch.sold, found.row, soldPriceMinor, now), updated_at: now });
    const repriced = await recordPriceChange(tx, found.row, columns, now);
    if (repriced) await announcePriceDrop(tx, found.row, columns);
    if (scope.options) await replaceOptions(tx, id, optionIds);
    if (scope.pictures) await attach(tx, id, viewer.id, merged.pictures, now, t);
    await refreshSignals(tx, deps.config.trust, id);
    return queueReprice(tx, id, repriced, scope.sold);
  });
  if (queued) deps.listingChanged();
  return getVehicle(deps, id, locale, viewer);
}

/** Its owner, or an admin holding delete_vehicle (SPEC §3, §6), deletes a listing; options and pictures go with it. */
export async function deleteVehicle(deps: Pick<DomainDeps, 'db' | 'log' | 'media'>, viewer: Viewer, id: number): Promise<void> {
  const pictures = await deps.db.transaction().execute((tx) => deleteVehicleRows(tx, viewer, id));
  // The files once the rows are gone for good: a rolled-back delete keeps its pictures whole.
  await removePictureFiles(deps, pictures);
}

/**
 * The rows of a listing deletion, in the caller's transaction (the back office's audited delete):
 * answers the pictures whose files go once it commits.
 */
export async function deleteVehicleRows(tx: Db, viewer: Viewer, id: number) {
  const found = await findVehicleRow(tx, id);
  if (!found) throw notFound('VEHICLE_NOT_FOUND');
  if (found.row.owner_id !== viewer.id && !viewer.permissions.includes(DELETE_VEHICLE)) throw new AppError(403, 'FORBIDDEN');
  const attached = await findVehiclePictures(tx, id);
  await deleteVehicleRow(tx, id); // its options and picture rows go with it (ON DELETE CASCADE)
  return attached;
}

/** The caller's own listings, sold ones included, newest first. */
export async function listMyVehicles(deps: Pick<DomainDeps, 'db' | 'mediaUrl'>, viewer: Viewer, q: PageQuery, locale: Locale) {
  const { rows, total } = await listOwnVehicles(deps.db, viewer.id, q.page, q.perPage);
  const withheld = rows.filter((r) => r.moderation !== 'published').map((r) => r.id);
  const cases = await latestCases(deps.db, 'listing', withheld);
  return {
    data: rows.map((r) => ({
      ...toSummary(r, locale, deps.mediaUrl),
      sold: isSold(r),
      soldPrice: r.sold_price_minor === null ? null : toMajor(Number(r.sold_price_minor), r.minor_units),
      moderation: r.moderation,
      caseId: cases.get(r.id) ?? null,
    })),
    meta: { total, page: q.page, perPage: q.perPage, pages: Math.ceil(total / q.perPage) },
  };
}
