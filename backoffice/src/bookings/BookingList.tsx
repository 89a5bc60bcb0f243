import { DateInput, FunctionField, List, NumberField, type RaRecord, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { LocalDateField } from '../resources/fields.tsx';
import { ScreenDatagrid } from '../resources/ScreenDatagrid.tsx';
import { ACTOR_CHOICES, BookingMoneyField, BookingStateField, DaysField, STATE_CHOICES } from './fields.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="state" source="state" choices={STATE_CHOICES} alwaysOn />,
  <DateInput key="from" source="from" alwaysOn />,
  <DateInput key="to" source="to" alwaysOn />,
  <SelectInput key="cancelledBy" source="cancelledBy" choices={ACTOR_CHOICES} />,
];

/** A person's name, isolated from the text around it (a Latin name in an Arabic row). */
const person = (name: unknown, fallback: string) => (name ? <bdi>{String(name)}</bdi> : fallback);

/**
 * Every booking, newest first: its state, days, listing, both sides and total; a row opens the
 * booking. The search finds a listing's title and either side's name or address; the owner's,
 * renter's and listing's own filters (`ownerId`, `renterId`, `vehicleId`) come from the links that
 * open the list (an owner's cancellation record, the dashboard).
 */
export function BookingList() {
  const translate = useTranslate();
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false}>
      <ScreenDatagrid rowClick="show" bulkActionButtons={false}>
        <NumberField source="id" />
        <BookingStateField source="state" />
        <DaysField source="start" />
        <FunctionField source="title" sortable={false} render={(r: RaRecord) => <bdi>{r.title}</bdi>} />
        <FunctionField source="ownerName" sortable={false} render={(r: RaRecord) => person(r.ownerName, '—')} />
        <FunctionField
          source="renterName"
          sortable={false}
          render={(r: RaRecord) => person(r.renterName, translate('backoffice.bookings.deletedAccount'))}
        />
        <BookingMoneyField source="total" />
        <LocalDateField source="createdAt" showTime />
      </ScreenDatagrid>
    </List>
  );
}
