import { BUILT_IN_ROLE_DESCRIPTIONS, type RoleName } from '@autoroute/contract/permissions';
import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/**
 * A role's description in the console's language: a built-in role whose description is still the
 * seed's shows its translation (`resources.roles.builtIn.<role>`), on any installation, however old;
 * a description an administrator typed shows as typed.
 */
export function RoleDescriptionField(_: { source: 'description'; sortable?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record?.description) return null;
  const name = String(record.name) as RoleName;
  const seeded = Object.hasOwn(BUILT_IN_ROLE_DESCRIPTIONS, name) && BUILT_IN_ROLE_DESCRIPTIONS[name] === record.description;
  return (
    <Typography component="span" variant="body2">
      {seeded ? translate(`resources.roles.builtIn.${name}`, { _: String(record.description) }) : String(record.description)}
    </Typography>
  );
}
