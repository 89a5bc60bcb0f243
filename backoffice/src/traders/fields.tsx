import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

export const TRADER_STATUSES = [
  { id: 'pending', name: 'backoffice.traders.statuses.pending' },
  { id: 'verified', name: 'backoffice.traders.statuses.verified' },
  { id: 'refused', name: 'backoffice.traders.statuses.refused' },
];

/** Where a trader's check stands, as a chip. */
export function TraderStatusField(_: { source: string; label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const status = record?.status as string | undefined;
  if (!status) return null;
  // The theme's default colours: their contrast holds in both themes (the coloured chips' labels do not).
  return (
    <Chip size="small" variant={status === 'pending' ? 'filled' : 'outlined'} label={translate(`backoffice.traders.statuses.${status}`)} />
  );
}
