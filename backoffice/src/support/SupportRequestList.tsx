import { Box, Typography } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import {
  BulkDeleteButton,
  BulkExportButton,
  FunctionField,
  List,
  NullableBooleanInput,
  type RaRecord,
  SearchInput,
  SelectInput,
} from 'react-admin';
import { LocalDateField } from '../resources/fields.tsx';
import { ScreenDatagrid } from '../resources/ScreenDatagrid.tsx';
import { MemberLink, PriorityField, SUPPORT_STATUSES, SupportStatusField } from './fields.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={SUPPORT_STATUSES} alwaysOn />,
  <NullableBooleanInput key="priority" source="priority" alwaysOn />,
];

/**
 * The support queue: open before resolved, priority first, oldest first (the API's `triage` order);
 * a row opens the whole request.
 */
export function SupportRequestList() {
  const theme = useTheme();
  // The open priority requests stand out of the queue, besides coming first.
  const rowSx = (record: RaRecord) =>
    record.priority && record.status === 'open' ? { bgcolor: alpha(theme.palette.warning.main, 0.08) } : {};
  return (
    <List filters={filters} sort={{ field: 'triage', order: 'ASC' }} perPage={25}>
      <ScreenDatagrid
        rowClick="show"
        rowSx={rowSx}
        bulkActionButtons={
          <>
            <BulkExportButton />
            <BulkDeleteButton mutationMode="pessimistic" />
          </>
        }
      >
        <PriorityField source="priority" />
        <SupportStatusField source="status" />
        <FunctionField
          source="subject"
          render={(record: RaRecord) => (
            <Typography variant="body2" sx={{ fontWeight: record.status === 'open' ? 600 : 400 }}>
              {record.subject}
            </Typography>
          )}
        />
        <FunctionField
          source="requester"
          sortable={false}
          render={(record: RaRecord) => (
            <>
              <Typography variant="body2">
                <bdi>{record.name}</bdi>
              </Typography>
              <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
                <bdi>{record.email}</bdi> · <MemberLink />
              </Box>
            </>
          )}
        />
        <LocalDateField source="createdAt" showTime />
      </ScreenDatagrid>
    </List>
  );
}
