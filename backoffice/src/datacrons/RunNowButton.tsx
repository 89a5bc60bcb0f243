import PlayArrow from '@mui/icons-material/PlayArrow';
import { Button, CircularProgress } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useCanAccess, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { BackofficeDataProvider, DatacronRun } from '../dataProvider.ts';

/** Starts a job now (POST /admin/datacrons/{id}/run), for whoever may update jobs, and says how it went. */
export function RunNowButton(_: { label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'datacrons', action: 'run' });
  const { mutate, isPending } = useMutation<DatacronRun, Error>({
    mutationFn: () => dataProvider.runDatacron(record!.id),
    onSuccess: (run) => {
      const name = String(record?.name ?? '');
      if (run?.outcome === 'error') {
        notify('backoffice.datacrons.runFailed', { type: 'error', messageArgs: { name, error: run.error ?? '' } });
      } else if (run?.outcome === 'skipped') {
        notify('backoffice.datacrons.runSkipped', { type: 'info', messageArgs: { name, summary: run.summary ?? '' } });
      } else if (run?.outcome === 'running') {
        notify('backoffice.datacrons.runStarted', { type: 'info', messageArgs: { name } });
      } else {
        notify('backoffice.datacrons.runSucceeded', { type: 'success', messageArgs: { name, summary: run?.summary ?? '' } });
      }
      void queryClient.invalidateQueries({ queryKey: ['datacron-runs'] });
    },
    // 409 when it already runs: the server's message says so.
    onError: (error) => notify(error.message, { type: 'error', messageArgs: { _: error.message } }),
  });
  if (!record || !canAccess) return null;
  const text = translate('backoffice.datacrons.runNow');
  return (
    <Button
      size="small"
      startIcon={isPending ? <CircularProgress size={16} color="inherit" /> : <PlayArrow />}
      disabled={isPending}
      aria-label={`${text}: ${String(record.name ?? '')}`}
      onClick={(event: MouseEvent) => {
        // In a list row, the row's own click (open the form) must not fire too.
        event.stopPropagation();
        mutate();
      }}
    >
      {text}
    </Button>
  );
}
