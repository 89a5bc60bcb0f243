import type { Vehicle } from '@autoroute/contract/vehicles';
import { formatTagOf } from '@autoroute/locales/meta';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Box, Chip, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Show, TopToolbar, useCanAccess, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { DEFINITIONS, formatMoney, LocalDateField } from '../resources/fields.tsx';
import { FeaturedField, RemoveVehicleButton } from './fields.tsx';

/** The listing's sheet fields (SPEC §3), in the order of its public page; shown when the seller filled them. */
const SHEET = [
  'register',
  'vin',
  'insurance_expiry_date',
  'registration_date',
  'number_of_owners',
  'is_first_hand',
  'maintenance_history',
  'accident_history',
  'emissions_standard',
  'euro_standard',
  'co2_emissions',
  'critair',
  'fiscal_power',
  'din_power',
  'engine_power',
  'torque',
  'battery_capacity',
  'battery_type',
  'battery_health',
  'charging_time',
  'fast_charging',
  'battery_range',
  'battery_consumption',
  'range',
  'length',
  'width',
  'height',
  'weight',
  'wheelbase',
  'trunk_volume',
  'upholstery',
  'origin',
  'origin_country',
  'import_status',
  'imported',
  'first_registration_country',
] as const;

interface Row {
  field: string;
  value: ReactNode;
}

/** Label and value pairs as a description list; a row without a value is left out. */
function Facts({ rows }: { rows: Row[] }) {
  const translate = useTranslate();
  return (
    <Box component="dl" sx={DEFINITIONS}>
      {rows
        .filter((r) => r.value !== null && r.value !== undefined && r.value !== '')
        .map((r) => (
          <Box key={r.field} sx={{ display: 'contents' }}>
            <dt>{translate(`resources.vehicles.fields.${r.field}`, { _: r.field })}</dt>
            <dd>{r.value}</dd>
          </Box>
        ))}
    </Box>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'grid', gap: 1, alignContent: 'start' }}>
      <Typography id={id} component="h2" variant="h6">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A value of the sheet as text in the console's language: numbers its way, yes/no, a place by its name. */
function useValue() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const number = new Intl.NumberFormat(formatTagOf(locale), { maximumFractionDigits: 2 });
  return (value: unknown): ReactNode => {
    if (value === null || value === undefined || value === '') return null;
    if (typeof value === 'boolean') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
    if (typeof value === 'number') return number.format(value);
    if (typeof value === 'object' && 'name' in value) return <bdi>{String((value as { name: unknown }).name)}</bdi>;
    return <bdi>{String(value)}</bdi>;
  };
}

function Pictures({ listing }: { listing: Vehicle }) {
  const translate = useTranslate();
  if (!listing.pictures.length) return <Typography color="text.secondary">{translate('backoffice.vehicles.noPicture')}</Typography>;
  return (
    <Box
      component="ul"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 1, p: 0, m: 0, listStyle: 'none' }}
    >
      {listing.pictures.map((p, i) => {
        const small = [...p.renditions].sort((a, b) => a.width - b.width).find((r) => r.width >= 320) ?? p;
        const alt = translate('backoffice.vehicles.pictureOf', { n: i + 1, title: listing.title });
        return (
          <li key={p.id}>
            <Link href={p.url} target="_blank" rel="noopener" aria-label={alt}>
              <Box
                component="img"
                src={small.url}
                alt={alt}
                loading="lazy"
                sx={{ inlineSize: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1, display: 'block' }}
              />
            </Link>
          </li>
        );
      })}
    </Box>
  );
}

function Seller() {
  const record = useRecordContext();
  const translate = useTranslate();
  const { canAccess: canOpenUser } = useCanAccess({ resource: 'users', action: 'edit' });
  const seller = record?.seller;
  if (!seller) return null;
  const listings = `/vehicles?filter=${encodeURIComponent(JSON.stringify({ ownerId: [seller.id] }))}`;
  return (
    <Section id="vehicle-seller" title={translate('resources.vehicles.fields.seller')}>
      <Typography>
        <bdi>{seller.name}</bdi> (<bdi>{seller.username}</bdi>)
      </Typography>
      <Box component="dl" sx={DEFINITIONS}>
        <dt>{translate('backoffice.vehicles.sellerEmail')}</dt>
        <dd>
          <Link href={`mailto:${seller.email}`}>
            <bdi>{seller.email}</bdi>
          </Link>
        </dd>
        {seller.phone && (
          <>
            <dt>{translate('backoffice.vehicles.sellerPhone')}</dt>
            <dd>
              <Link href={`tel:${seller.phone}`} dir="ltr">
                {seller.phone}
              </Link>
            </dd>
          </>
        )}
      </Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={listings}>
          {translate('backoffice.vehicles.sellerListings', { count: seller.listings, smart_count: seller.listings })}
        </Link>
        {canOpenUser && (
          <Link component={RouterLink} to={`/users/${seller.id}`}>
            {translate('backoffice.vehicles.sellerAccount')}
          </Link>
        )}
      </Stack>
    </Section>
  );
}

/** The whole listing as its seller wrote it, its pictures and seller, and the ways on from it. */
function Listing() {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const value = useValue();
  const { canAccess: canReadAudit } = useCanAccess({ resource: 'audit', action: 'list' });
  const listing = record?.listing as Vehicle | undefined;
  if (!record || !listing) return null;
  const audit = `/audit?filter=${encodeURIComponent(JSON.stringify({ resource: 'vehicles', recordId: String(record.id) }))}`;
  const keyFacts: Row[] = [
    { field: 'brand', value: value(listing.brand) },
    { field: 'model', value: value(listing.model) },
    { field: 'year', value: <bdi>{listing.year}</bdi> },
    { field: 'price', value: formatMoney(listing.price, listing.currency.code, locale) },
    { field: 'type', value: value(listing.type) },
    { field: 'category', value: value(listing.category) },
    { field: 'fuel_type', value: value(listing.fuel_type) },
    { field: 'transmission', value: value(listing.transmission) },
    { field: 'color', value: value(listing.color) },
    { field: 'mileage', value: value(listing.mileage) },
    { field: 'engine_size', value: value(listing.engine_size) },
    { field: 'number_of_doors', value: value(listing.number_of_doors) },
    { field: 'number_of_seats', value: value(listing.number_of_seats) },
    { field: 'city', value: value(listing.city) },
    { field: 'country', value: value(listing.country) },
    { field: 'address', value: value(listing.address) },
    { field: 'postal_code', value: value(listing.postal_code) },
    { field: 'createdAt', value: <LocalDateField source="createdAt" record={listing} showTime /> },
    { field: 'updatedAt', value: <LocalDateField source="updatedAt" record={listing} showTime /> },
    { field: 'soldAt', value: listing.soldAt ? <LocalDateField source="soldAt" record={listing} showTime /> : null },
  ];
  const sheet = SHEET.map((field) => ({ field, value: value((listing as unknown as Record<string, unknown>)[field]) }));
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 3 }}>
      <div>
        <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
          <bdi>{listing.title}</bdi>
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip
            size="small"
            color={record.sold ? 'default' : 'success'}
            variant="outlined"
            label={translate(record.sold ? 'backoffice.vehicles.sold' : 'backoffice.vehicles.live')}
          />
          <Typography component="span" variant="body2" color="text.secondary">
            {translate('backoffice.vehicles.featuredBy')}
          </Typography>
          <FeaturedField source="featured" />
          <Link
            href={`/vehicles/${record.id}`}
            target="_blank"
            rel="noopener"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            {translate('backoffice.vehicles.publicPage', { title: listing.title })}
            <OpenInNew fontSize="small" aria-hidden />
          </Link>
          {canReadAudit && (
            <Link component={RouterLink} to={audit}>
              {translate('backoffice.vehicles.history')}
            </Link>
          )}
        </Stack>
      </div>
      <Section id="vehicle-pictures" title={translate('resources.vehicles.fields.pictures')}>
        <Pictures listing={listing} />
      </Section>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <Section id="vehicle-facts" title={translate('backoffice.vehicles.keyFacts')}>
          <Facts rows={keyFacts} />
        </Section>
        <Box sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
          <Seller />
          <Section id="vehicle-sheet" title={translate('backoffice.vehicles.specification')}>
            <Facts rows={sheet} />
          </Section>
        </Box>
      </Box>
      <Section id="vehicle-description" title={translate('resources.vehicles.fields.description')}>
        <Typography component="div" dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {listing.description}
        </Typography>
      </Section>
      {listing.options.length > 0 && (
        <Section id="vehicle-options" title={translate('resources.vehicles.fields.options')}>
          <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}>
            {listing.options.map((o) => (
              <li key={o.id}>
                <Chip size="small" label={o.name} />
              </li>
            ))}
          </Box>
        </Section>
      )}
    </Box>
  );
}

function Actions() {
  return (
    <TopToolbar>
      <RemoveVehicleButton redirect="list" />
    </TopToolbar>
  );
}

/** One listing for moderation (issue 33): everything the seller wrote, the seller, feature or remove it. */
export function VehicleShow() {
  return (
    <Show actions={<Actions />}>
      <Listing />
    </Show>
  );
}
