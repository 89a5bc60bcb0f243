import { Chip, Link } from '@mui/material';
import { useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

/** A request is open until someone marks it resolved (status `closed`). */
export const SUPPORT_STATUSES = [
  { id: 'open', name: 'backoffice.support.open' },
  { id: 'closed', name: 'backoffice.support.closed' },
];

/** "Priority" on the requests of members whose plan has priority support; nothing on the others. */
export function PriorityField(_: { source: string; label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record?.priority) return null;
  return <Chip size="small" color="warning" label={translate('backoffice.support.priority')} />;
}

export function SupportStatusField(_: { source: string; label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record?.status) return null;
  const open = record.status === 'open';
  return (
    <Chip
      size="small"
      variant={open ? 'filled' : 'outlined'}
      color={open ? 'info' : 'default'}
      label={translate(`backoffice.support.${record.status}`, { _: String(record.status) })}
    />
  );
}

/** The member's account, linked for whoever may open it; "Guest" when nobody was signed in (or the account is gone). */
export function MemberLink() {
  const record = useRecordContext();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'edit' });
  if (!record) return null;
  if (!record.userId) return translate('backoffice.support.guest');
  const label = translate('backoffice.support.member', { username: record.username ?? record.userId });
  return canAccess ? (
    <Link component={RouterLink} to={`/users/${record.userId}`} onClick={(event) => event.stopPropagation()}>
      {label}
    </Link>
  ) : (
    label
  );
}
