import { BOOKING_ACTORS, BOOKING_STATES } from '@autoroute/contract/rentals';
import { formatTagOf } from '@autoroute/locales/meta';
import { Chip } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatMoney } from '../resources/fields.tsx';

export const STATE_CHOICES = BOOKING_STATES.map((id) => ({ id, name: `backoffice.bookings.states.${id}` }));
export const ACTOR_CHOICES = BOOKING_ACTORS.map((id) => ({ id, name: `backoffice.bookings.actors.${id}` }));

// Colours of enough contrast on the light theme (WCAG AA): none of MUI's warning or info.
const STATE_COLOR = {
  requested: 'secondary',
  accepted: 'primary',
  active: 'success',
  completed: 'default',
  declined: 'default',
  expired: 'default',
  cancelled: 'error',
} as const;

/** A booking's state as a chip: those still to happen or under way filled, the closed ones outlined. */
export function BookingStateField(_: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record?.state) return null;
  const state = String(record.state) as keyof typeof STATE_COLOR;
  return (
    <Chip
      size="small"
      color={STATE_COLOR[state] ?? 'default'}
      variant={state === 'requested' || state === 'accepted' || state === 'active' ? 'filled' : 'outlined'}
      label={translate(`backoffice.bookings.states.${state}`, { _: state })}
    />
  );
}

/** An amount of the record in the record's currency (`currency`: a code). */
export function BookingMoneyField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  const amount = record?.[source] as number | null | undefined;
  if (amount == null) return null;
  return <span>{formatMoney(amount, record?.currency as string | undefined, locale)}</span>;
}

/** A day of the listing (YYYY-MM-DD) written the console's way, without shifting it by the reader's zone. */
export function formatDay(day: string, tag: string): string {
  return new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** The booked days: from the pickup day to the return day. */
export function DaysField(_: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record?.start) return null;
  const tag = formatTagOf(locale);
  return <span>{translate('backoffice.bookings.range', { from: formatDay(record.start, tag), to: formatDay(record.end, tag) })}</span>;
}
