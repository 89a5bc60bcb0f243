import { BulkDeleteButton, FunctionField, List, type RaRecord, SearchInput, TextField, useTranslate } from 'react-admin';
import { LocalNumberField } from '../resources/fields.tsx';
import { ScreenDatagrid } from '../resources/ScreenDatagrid.tsx';
import { RoleDescriptionField } from './RoleDescriptionField.tsx';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export function RoleList() {
  const translate = useTranslate();
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25}>
      <ScreenDatagrid rowClick="edit" bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
        <TextField source="name" />
        <RoleDescriptionField source="description" sortable={false} />
        <FunctionField
          source="permissions"
          sortable={false}
          render={(record: RaRecord) =>
            translate('backoffice.permissions.count', { count: (record.permissions as string[] | undefined)?.length ?? 0 })
          }
        />
        <LocalNumberField source="users" sortable={false} />
      </ScreenDatagrid>
    </List>
  );
}
