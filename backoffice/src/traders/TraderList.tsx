import { FunctionField, List, type RaRecord, SelectInput, TextField } from 'react-admin';
import { LocalDateField } from '../resources/fields.tsx';
import { ScreenDatagrid } from '../resources/ScreenDatagrid.tsx';
import { TRADER_STATUSES, TraderStatusField } from './fields.tsx';

const filters = [<SelectInput key="status" source="status" choices={TRADER_STATUSES} alwaysOn />];

/** The traders waiting for a check first (filtered on `pending` when the screen opens), the oldest submitted first. */
export function TraderList() {
  return (
    <List filters={filters} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'queue', order: 'ASC' }} perPage={25}>
      <ScreenDatagrid rowClick="edit" bulkActionButtons={false}>
        <TraderStatusField source="status" />
        <TextField source="legalName" />
        <TextField source="registrationNumber" />
        <FunctionField source="accountName" sortable={false} render={(record: RaRecord) => <bdi>{record.accountName}</bdi>} />
        <LocalDateField source="submittedAt" showTime />
      </ScreenDatagrid>
    </List>
  );
}
