import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

export const TRADER_STATUSES = [
  { id: 'pending', name: 'backoffice.traders.statuses.pending' },
  { id: 'verified', name: 'backoffice.traders.statuses.verified' },
  { id: 'refused', name: 'backoffice.traders.statuses.refused' },
];

const COLOR = { pending: 'warning', verified: 'success', refused: 'error' } as const;

/** Where a trader's check stands, as a chip. */
export function TraderStatusField(_: { source: string; label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const status = record?.status as keyof typeof COLOR | undefined;
  if (!status) return null;
  return <Chip size="small" variant="outlined" color={COLOR[status]} label={translate(`backoffice.traders.statuses.${status}`)} />;
}
