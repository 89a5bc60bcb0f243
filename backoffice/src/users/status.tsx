import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/** SPEC §4: a user is active or suspended. */
export const USER_STATUSES = [
  { id: 'active', name: 'backoffice.users.status.active' },
  { id: 'suspended', name: 'backoffice.users.status.suspended' },
];

export function StatusField(_: { source: string; label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record?.status) return null;
  const suspended = record.status === 'suspended';
  return (
    <Chip
      size="small"
      variant={suspended ? 'filled' : 'outlined'}
      color={suspended ? 'error' : 'success'}
      label={translate(`backoffice.users.status.${record.status}`, { _: String(record.status) })}
    />
  );
}
