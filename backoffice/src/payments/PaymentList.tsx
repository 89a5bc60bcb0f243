import { List, SelectInput, TextField, TextInput, useLocaleState, useRecordContext } from 'react-admin';
import { formatMoney, LocalDateField } from '../resources/fields.tsx';
import { ScreenDatagrid } from '../resources/ScreenDatagrid.tsx';
import { BillingStatusField, MemberField, PAYMENT_STATUSES } from '../subscriptions/fields.tsx';

const filters = [
  <SelectInput key="status" source="status" choices={PAYMENT_STATUSES} alwaysOn />,
  <TextInput key="paidMonth" source="paidMonth" type="month" alwaysOn />,
  <TextInput key="currency" source="currency" alwaysOn />,
];

function AmountField(_: { source: string; label?: string }) {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  if (record?.amount == null) return null;
  return <>{formatMoney(record.amount, record.currency, locale)}</>;
}

/** Plan payments, newest first (read only; issue 13 item 9): a month of the revenue chart is a filter here. */
export function PaymentList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false}>
      <ScreenDatagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="id" />
        <MemberField source="username" sortable={false} />
        <TextField source="plan" sortable={false} />
        <AmountField source="amount" />
        <BillingStatusField source="status" />
        <TextField source="provider" sortable={false} />
        <LocalDateField source="paidAt" showTime />
        <LocalDateField source="createdAt" showTime />
      </ScreenDatagrid>
    </List>
  );
}
