import {
  type AdminPayment,
  PAYMENT_STATUSES as PAYMENT_STATUS_NAMES,
  SUBSCRIPTION_STATUSES as SUBSCRIPTION_STATUS_NAMES,
} from '@autoroute/contract/billing';
import { Chip, Link, Stack } from '@mui/material';
import { useCanAccess, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney } from '../resources/fields.tsx';

const choices = (statuses: readonly string[]) => statuses.map((id) => ({ id, name: `backoffice.billing.${id}` }));
export const SUBSCRIPTION_STATUSES = choices(SUBSCRIPTION_STATUS_NAMES);
export const PAYMENT_STATUSES = choices(PAYMENT_STATUS_NAMES);

const COLORS: Record<string, 'success' | 'default' | 'warning' | 'error'> = {
  active: 'success',
  paid: 'success',
  pending: 'warning',
  failed: 'error',
};

/** A subscription's or payment's status, as a chip. */
export function BillingStatusField(_: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record?.status) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[record.status] ?? 'default'}
      label={translate(`backoffice.billing.${record.status}`, { _: String(record.status) })}
    />
  );
}

/** The member a row belongs to, linked to their account for whoever may open it. */
export function MemberField({
  source = 'username',
  idSource = 'userId',
}: {
  source?: string;
  idSource?: string;
  label?: string;
  sortable?: boolean;
}) {
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'edit' });
  if (!record) return null;
  const name = <bdi>{String(record[source] ?? record[idSource])}</bdi>;
  return canAccess ? (
    <Link component={RouterLink} to={`/users/${record[idSource]}`} onClick={(event) => event.stopPropagation()}>
      {name}
    </Link>
  ) : (
    name
  );
}

/** The member's payments for the plan: amount and outcome of each, linked to the payments list when allowed. */
export function PaymentsField(_: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { canAccess } = useCanAccess({ resource: 'payments', action: 'list' });
  const payments = (record?.payments ?? []) as AdminPayment[];
  if (!payments.length) return <>—</>;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {payments.map((p) => {
        const label = `${formatMoney(p.amount, p.currency, locale)} · ${translate(`backoffice.billing.${p.status}`, { _: p.status })}`;
        return canAccess ? (
          <Chip
            key={p.id}
            size="small"
            variant="outlined"
            color={COLORS[p.status] ?? 'default'}
            label={label}
            component={RouterLink}
            to={`/payments?${new URLSearchParams({ filter: JSON.stringify({ id: p.id }) })}`}
            clickable
            onClick={(event: { stopPropagation(): void }) => event.stopPropagation()}
          />
        ) : (
          <Chip key={p.id} size="small" variant="outlined" color={COLORS[p.status] ?? 'default'} label={label} />
        );
      })}
    </Stack>
  );
}
