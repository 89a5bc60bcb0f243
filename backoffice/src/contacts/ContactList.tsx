import { Box, Link, Typography } from '@mui/material';
import { FunctionField, List, type RaRecord, TextField } from 'react-admin';
import { LocalDateField } from '../resources/fields.tsx';
import { ScreenDatagrid } from '../resources/ScreenDatagrid.tsx';
import { MemberField } from '../subscriptions/fields.tsx';

/** Messages buyers sent to sellers, newest first (read only; issue 13 item 9). */
export function ContactList() {
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false}>
      <ScreenDatagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="id" />
        <LocalDateField source="createdAt" showTime />
        <MemberField source="seller" idSource="sellerId" sortable={false} />
        <FunctionField
          source="vehicleTitle"
          sortable={false}
          render={(record: RaRecord) =>
            record.vehicleId ? (
              <Link href={`/vehicles/${record.vehicleId}`} target="_blank" rel="noopener">
                {record.vehicleTitle ?? `#${record.vehicleId}`}
              </Link>
            ) : (
              '—'
            )
          }
        />
        <FunctionField
          source="fromName"
          sortable={false}
          render={(record: RaRecord) => (
            <>
              <Typography variant="body2">
                <bdi>{record.fromName ?? '—'}</bdi>
              </Typography>
              <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
                <bdi>{[record.email, record.phone].filter(Boolean).join(' · ')}</bdi>
              </Box>
            </>
          )}
        />
        <FunctionField
          source="message"
          sortable={false}
          render={(record: RaRecord) => (
            <Typography variant="body2" sx={{ maxInlineSize: '40ch', whiteSpace: 'pre-line' }}>
              <bdi>{record.message ?? '—'}</bdi>
            </Typography>
          )}
        />
      </ScreenDatagrid>
    </List>
  );
}
