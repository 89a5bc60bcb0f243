import { formatTagOf } from '@autoroute/locales/meta';
import { Box, Typography } from '@mui/material';
import {
  DateField,
  type DateFieldProps,
  type Identifier,
  NumberField,
  type NumberFieldProps,
  useGetManyAggregate,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';

interface SourceProps {
  source: string;
  label?: string;
  sortable?: boolean;
}

/** A colour as a swatch beside its hex code. */
export function ColorField({ source }: SourceProps) {
  const record = useRecordContext();
  const hex = record?.[source] as string | undefined;
  if (!hex) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box
        component="span"
        aria-hidden
        sx={{ inlineSize: 20, blockSize: 20, borderRadius: '50%', bgcolor: hex, border: 1, borderColor: 'divider', flexShrink: 0 }}
      />
      <Typography component="span" variant="body2" dir="ltr" sx={{ fontFamily: 'monospace' }}>
        {hex}
      </Typography>
    </Box>
  );
}

/** A plan limit: its number, or "Unlimited" for null. */
export function LimitField({ source }: SourceProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record || record[source] === undefined) return null;
  const value = record[source] as number | null;
  return (
    <Typography component="span" variant="body2">
      {value === null ? translate('backoffice.limit.unlimited') : new Intl.NumberFormat(formatTagOf(locale)).format(value)}
    </Typography>
  );
}

/** An amount in its currency's major unit, written the locale's way (12 500,50 €). */
export function formatMoney(amount: number, currency: string | undefined, locale: string): string {
  const tag = formatTagOf(locale);
  if (!currency) return new Intl.NumberFormat(tag).format(amount);
  try {
    return new Intl.NumberFormat(tag, { style: 'currency', currency }).format(amount);
  } catch {
    return `${new Intl.NumberFormat(tag).format(amount)} ${currency}`;
  }
}

/** A money field with the code of the currency its record names (fetched once for the whole page). */
export function MoneyField({ source, currencySource }: SourceProps & { currencySource: string }) {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  const currencyId = record?.[currencySource] as Identifier | undefined;
  const { data } = useGetManyAggregate('currencies', { ids: currencyId != null ? [currencyId] : [] }, { enabled: currencyId != null });
  const amount = record?.[source] as number | null | undefined;
  if (amount == null) return null;
  return (
    <Typography component="span" variant="body2">
      {formatMoney(amount, data?.[0]?.code as string | undefined, locale)}
    </Typography>
  );
}

/** A number in the console language's digits, not the browser's (react-admin's default). */
export function LocalNumberField(props: NumberFieldProps) {
  const [locale] = useLocaleState();
  return <NumberField locales={formatTagOf(locale)} {...props} />;
}

/** A date (and time) written the console's way, not the browser's (react-admin's default). */
export function LocalDateField(props: DateFieldProps) {
  const [locale] = useLocaleState();
  return <DateField locales={formatTagOf(locale)} {...props} />;
}

/** A list of terms and their values, side by side (a `dl`'s `sx`): a listing's key facts, a support request's details. */
export const DEFINITIONS = {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: 2,
  rowGap: 1,
  m: 0,
  '& dt': { color: 'text.secondary' },
  '& dd': { m: 0, minInlineSize: 0, overflowWrap: 'anywhere' },
} as const;
