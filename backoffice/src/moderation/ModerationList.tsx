import { FunctionField, List, NumberField, type RaRecord, SearchInput, SelectInput, TopToolbar, useTranslate } from 'react-admin';
import { ScreenDatagrid } from '../resources/ScreenDatagrid.tsx';
import { AgeField, CaseStatusField, KIND_CHOICES, ReasonsField, STATUS_CHOICES, TargetField } from './fields.tsx';
import { TransparencyButton } from './Transparency.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
  <SelectInput key="targetKind" source="targetKind" choices={KIND_CHOICES} alwaysOn />,
];

function Actions() {
  return (
    <TopToolbar>
      <TransparencyButton />
    </TopToolbar>
  );
}

/**
 * The moderation queue (docs/decisions/057): open cases first, the riskiest, then the oldest (the
 * API's `queue` order); a row opens the case.
 */
export function ModerationList() {
  const translate = useTranslate();
  return (
    <List filters={filters} sort={{ field: 'queue', order: 'ASC' }} perPage={25} actions={<Actions />} exporter={false}>
      <ScreenDatagrid rowClick="show" bulkActionButtons={false}>
        <NumberField source="id" />
        <CaseStatusField source="status" />
        <TargetField source="targetLabel" sortable={false} />
        <NumberField source="risk" />
        <NumberField source="reporters" sortable={false} />
        <ReasonsField source="reasons" sortable={false} />
        <AgeField source="openedAt" />
        <FunctionField
          source="assigneeName"
          sortable={false}
          render={(record: RaRecord) =>
            record.assigneeName ? <bdi>{record.assigneeName}</bdi> : translate('backoffice.moderation.unassigned')
          }
        />
      </ScreenDatagrid>
    </List>
  );
}
