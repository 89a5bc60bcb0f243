import { formatTagOf } from '@autoroute/locales/meta';
import { Alert, Box, Chip, Typography } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  Pagination,
  type RaRecord,
  ReferenceManyField,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LocalDateField } from '../resources/fields.tsx';

const OUTCOME_COLOR = { running: 'info', success: 'success', error: 'error', skipped: 'default' } as const;

function OutcomeField(_: { source: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record?.outcome) return null;
  const outcome = String(record.outcome) as keyof typeof OUTCOME_COLOR;
  return (
    <Chip
      size="small"
      color={OUTCOME_COLOR[outcome] ?? 'default'}
      variant={outcome === 'error' ? 'filled' : 'outlined'}
      label={translate(`backoffice.datacrons.outcome.${outcome}`, { _: outcome })}
    />
  );
}

/** How long a run took, in the locale's words ("2.4 s", "3 min"); nothing while it runs. */
function DurationField(_: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  if (!record?.startedAt || !record.finishedAt) return null;
  const ms = new Date(String(record.finishedAt)).getTime() - new Date(String(record.startedAt)).getTime();
  if (!Number.isFinite(ms) || ms < 0) return null;
  const tag = formatTagOf(locale);
  const [value, unit] = ms < 60_000 ? [ms / 1000, 'second'] : ms < 3_600_000 ? [ms / 60_000, 'minute'] : [ms / 3_600_000, 'hour'];
  return (
    <Typography component="span" variant="body2">
      {new Intl.NumberFormat(tag, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value)}
    </Typography>
  );
}

/** A job's runs, newest first (GET /admin/datacron-runs?filter={"datacronId":…}). */
export function RunHistory() {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="run-history-title" sx={{ p: 2 }}>
      <Typography id="run-history-title" component="h2" variant="h6" gutterBottom>
        {translate('backoffice.datacrons.history')}
      </Typography>
      <ReferenceManyField
        reference="datacron-runs"
        target="datacronId"
        sort={{ field: 'startedAt', order: 'DESC' }}
        perPage={10}
        pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
        empty={<Typography color="text.secondary">{translate('backoffice.datacrons.noRuns')}</Typography>}
        error={<Alert severity="info">{translate('backoffice.datacrons.historyUnavailable')}</Alert>}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField
            source="trigger"
            render={(run: RaRecord) => translate(`backoffice.datacrons.trigger.${run.trigger}`, { _: String(run.trigger) })}
          />
          <LocalDateField source="startedAt" showTime />
          <DurationField source="finishedAt" label="backoffice.datacrons.duration" sortable={false} />
          <OutcomeField source="outcome" />
          <FunctionField source="summary" sortable={false} render={(run: RaRecord) => run.error ?? run.summary ?? ''} />
        </Datagrid>
      </ReferenceManyField>
    </Box>
  );
}
