import { BooleanInput, List, SelectInput, TextField } from 'react-admin';
import { LocalDateField } from '../resources/fields.tsx';
import { ScreenDatagrid } from '../resources/ScreenDatagrid.tsx';
import { BillingStatusField, MemberField, PaymentsField, SUBSCRIPTION_STATUSES } from './fields.tsx';

const filters = [
  <SelectInput key="status" source="status" choices={SUBSCRIPTION_STATUSES} alwaysOn />,
  <BooleanInput key="active" source="active" format={(v) => v === true} parse={(v) => (v ? true : undefined)} alwaysOn />,
];

/** Members' plans, newest first, each with its payments (read only; issue 13 item 9). */
export function SubscriptionList() {
  return (
    <List filters={filters} sort={{ field: 'startedAt', order: 'DESC' }} perPage={25} exporter={false}>
      <ScreenDatagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="id" />
        <MemberField source="username" sortable={false} />
        <TextField source="plan" sortable={false} />
        <BillingStatusField source="status" />
        <LocalDateField source="startedAt" />
        <LocalDateField source="expiresAt" />
        <PaymentsField source="payments" sortable={false} />
      </ScreenDatagrid>
    </List>
  );
}
