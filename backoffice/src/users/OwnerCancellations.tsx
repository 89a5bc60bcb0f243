import { formatTagOf } from '@autoroute/locales/meta';
import { Card, CardContent, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { BackofficeDataProvider } from '../dataProvider.ts';

/** The owner's bookings list, filtered as the console's list reads it. */
const bookingsOf = (filter: object) => `/bookings?${new URLSearchParams({ filter: JSON.stringify(filter) })}`;

/**
 * An owner's cancellation record beside their account (issue 36): how many of their accepted
 * bookings they cancelled themselves, linked to those bookings; shown to whoever may read bookings.
 */
export function OwnerCancellations() {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'bookings', action: 'list' });
  const id = record?.id;
  const { data } = useQuery({
    queryKey: ['owner-cancellations', id],
    queryFn: () => dataProvider.ownerCancellations(id!),
    enabled: Boolean(canAccess && id),
  });
  if (!canAccess || !data) return null;
  const number = (n: number) => new Intl.NumberFormat(formatTagOf(locale)).format(n);
  return (
    <Card variant="outlined" component="section" aria-labelledby="owner-cancellations" sx={{ m: 2, maxInlineSize: 760 }}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography id="owner-cancellations" component="h2" variant="h6">
          {translate('backoffice.bookings.record.title')}
        </Typography>
        <Typography>
          {translate('backoffice.bookings.record.summary', {
            cancelled: number(data.cancelled),
            accepted: number(data.accepted),
            count: data.accepted,
          })}
        </Typography>
        {data.cancelled > 0 && (
          <Link component={RouterLink} to={bookingsOf({ ownerId: data.ownerId, cancelledBy: 'owner' })}>
            {translate('backoffice.bookings.record.cancelledList')}
          </Link>
        )}
        <Link component={RouterLink} to={bookingsOf({ ownerId: data.ownerId })}>
          {translate('backoffice.bookings.record.allList')}
        </Link>
      </CardContent>
    </Card>
  );
}
