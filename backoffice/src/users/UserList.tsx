import { Chip, Stack } from '@mui/material';
import {
  BooleanField,
  BulkExportButton,
  CreateButton,
  EmailField,
  ExportButton,
  FunctionField,
  List,
  type RaRecord,
  ReferenceInput,
  SearchInput,
  SelectColumnsButton,
  SelectInput,
  TextField,
  TopToolbar,
  useListContext,
} from 'react-admin';
import { LocalDateField } from '../resources/fields.tsx';
import { ScreenDatagrid } from '../resources/ScreenDatagrid.tsx';
import { StatusField, USER_STATUSES } from './status.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={USER_STATUSES} alwaysOn />,
  <ReferenceInput key="roleId" source="roleId" reference="roles" alwaysOn>
    <SelectInput optionText="name" />
  </ReferenceInput>,
];

/** The columns shown until the user picks others: what tells one account from another fits 1366 px. */
const USER_COLUMNS_HIDDEN = { omit: ['isPremium', 'lastLoginAt'] };

function UserListActions() {
  const { total } = useListContext();
  return (
    <TopToolbar>
      <SelectColumnsButton />
      <CreateButton />
      <ExportButton disabled={total === 0} />
    </TopToolbar>
  );
}

/** Users: search, status and role filters, the status as a chip, columns to choose; newest first. */
export function UserList() {
  return (
    <List filters={filters} actions={<UserListActions />} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
      <ScreenDatagrid rowClick="edit" bulkActionButtons={<BulkExportButton />} configurable={USER_COLUMNS_HIDDEN}>
        <TextField source="username" />
        <EmailField source="email" />
        <FunctionField
          source="lastName"
          label="resources.users.fields.name"
          render={(record: RaRecord) => [record.firstName, record.lastName].filter(Boolean).join(' ')}
        />
        <FunctionField
          source="roles"
          sortable={false}
          render={(record: RaRecord) => (
            <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
              {((record.roles as string[] | undefined) ?? []).map((role) => (
                <Chip key={role} size="small" label={role} />
              ))}
            </Stack>
          )}
        />
        <StatusField source="status" />
        <BooleanField source="isPremium" sortable={false} />
        <LocalDateField source="createdAt" />
        <LocalDateField source="lastLoginAt" showTime />
      </ScreenDatagrid>
    </List>
  );
}
