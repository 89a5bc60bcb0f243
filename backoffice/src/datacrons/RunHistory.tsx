import { formatTagOf } from '@autoroute/locales/meta';
import { Alert, Box, Chip, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useState } from 'react';
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

function OutcomeField(_: { source: string; sortable?: boolean }) {
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

/** What a run did; a fold of successful runs says how many and from when to when ("142 successful runs, 10:02–12:24"). */
function SummaryField(_: { source: string; sortable?: boolean }) {
  const run = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!run) return null;
  const runs = Number(run.runs ?? 1);
  if (runs > 1 && run.firstStartedAt) {
    const time = new Intl.DateTimeFormat(formatTagOf(locale), { hour: '2-digit', minute: '2-digit' });
    return (
      <Typography component="span" variant="body2">
        {translate('backoffice.datacrons.folded', {
          count: runs,
          from: time.format(new Date(String(run.firstStartedAt))),
          to: time.format(new Date(String(run.startedAt))),
        })}
      </Typography>
    );
  }
  return (
    <Typography component="span" variant="body2">
      {String(run.error ?? run.summary ?? '')}
    </Typography>
  );
}

/**
 * A job's runs, newest first (GET /admin/datacron-runs?filter={"datacronId":…}): consecutive successful
 * runs folded into one row, so a job that runs every minute does not bury its failures, which always
 * show alone; or its failed runs only.
 */
export function RunHistory() {
  const translate = useTranslate();
  const [failedOnly, setFailedOnly] = useState(false);
  return (
    <Box component="section" aria-labelledby="run-history-title" sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography id="run-history-title" component="h2" variant="h6" gutterBottom>
          {translate('backoffice.datacrons.history')}
        </Typography>
        <FormControlLabel
          control={<Switch checked={failedOnly} onChange={(event) => setFailedOnly(event.target.checked)} />}
          label={translate('backoffice.datacrons.failedOnly')}
        />
      </Stack>
      <ReferenceManyField
        reference="datacron-runs"
        target="datacronId"
        filter={failedOnly ? { outcome: 'error' } : { folded: true }}
        sort={{ field: 'startedAt', order: 'DESC' }}
        perPage={10}
        pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
        empty={<Typography color="text.secondary">{translate('backoffice.datacrons.noRuns')}</Typography>}
        error={<Alert severity="info">{translate('backoffice.datacrons.historyUnavailable')}</Alert>}
      >
        {/* Folded, the history is newest first whatever a header says: its headers do not sort. */}
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField
            source="trigger"
            sortable={failedOnly}
            render={(run: RaRecord) => translate(`backoffice.datacrons.trigger.${run.trigger}`, { _: String(run.trigger) })}
          />
          <LocalDateField source="startedAt" showTime sortable={failedOnly} />
          <DurationField source="finishedAt" label="backoffice.datacrons.duration" sortable={false} />
          <OutcomeField source="outcome" sortable={failedOnly} />
          <SummaryField source="summary" sortable={false} />
        </Datagrid>
      </ReferenceManyField>
    </Box>
  );
}
