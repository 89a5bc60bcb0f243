import { formatTagOf } from '@autoroute/locales/meta';
import Assessment from '@mui/icons-material/Assessment';
import Download from '@mui/icons-material/Download';
import {
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Button, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { BackofficeDataProvider } from '../dataProvider.ts';
import { yearToDate } from './rules.ts';

interface Report {
  reports: { reason: string; targetKind: string; count: number }[];
  decisions: { stage: string; action: string; ground: string | null; automated: boolean; count: number }[];
  appeals: number;
  decided: number;
  medianHoursToDecide: number | null;
}

function Figures({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  const translate = useTranslate();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      {/* The caption names the table above it (MUI puts captions below). */}
      <Table size="small" sx={{ '& caption': { captionSide: 'top', textAlign: 'start', color: 'text.primary', px: 0, pt: 0, pb: 0.5 } }}>
        <Typography component="caption" variant="subtitle2">
          {caption}
        </Typography>
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              <TableCell key={h} component="th" scope="col" align={i === head.length - 1 ? 'right' : 'left'}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={head.length}>{translate('backoffice.moderation.transparency.none')}</TableCell>
            </TableRow>
          )}
          {rows.map((cells, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the figures, in the API's order.
            <TableRow key={r}>
              {cells.map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells by position.
                <TableCell key={i} align={i === cells.length - 1 ? 'right' : 'left'}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The transparency report (DSA art. 15, 24) over a period: notices, decisions, appeals, time to decide; and its CSV. */
function TransparencyReport({ from, to }: { from: string; to: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const { data, error, isPending } = useQuery({
    queryKey: ['moderation-cases', 'transparency', from, to],
    queryFn: () => dataProvider.transparency(from, to, 'json') as Promise<Report>,
    enabled: valid,
  });
  const number = new Intl.NumberFormat(formatTagOf(locale), { maximumFractionDigits: 1 });
  const t = (key: string, options?: object) => translate(`backoffice.moderation.transparency.${key}`, options);
  if (!valid) return <Typography color="error">{t('badRange')}</Typography>;
  if (error) return <Typography color="error">{error.message}</Typography>;
  if (isPending || !data) return <Typography color="text.secondary">{translate('ra.page.loading')}</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content auto', columnGap: 2, rowGap: 0.5, m: 0 }}>
        <dt>{t('decided')}</dt>
        <dd style={{ margin: 0 }}>{number.format(data.decided)}</dd>
        <dt>{t('appeals')}</dt>
        <dd style={{ margin: 0 }}>{number.format(data.appeals)}</dd>
        <dt>{t('median')}</dt>
        <dd style={{ margin: 0 }}>
          {data.medianHoursToDecide === null ? '—' : t('hours', { value: number.format(data.medianHoursToDecide) })}
        </dd>
      </Box>
      <Figures
        caption={t('notices')}
        head={[t('reason'), t('target'), t('count')]}
        rows={data.reports.map((r) => [
          translate(`backoffice.moderation.reasons.${r.reason}`, { _: r.reason }),
          translate(`backoffice.moderation.targets.${r.targetKind}`, { _: r.targetKind }),
          number.format(r.count),
        ])}
      />
      <Figures
        caption={t('decisions')}
        head={[t('stage'), t('action'), t('ground'), t('automated'), t('count')]}
        rows={data.decisions.map((d) => [
          translate(`backoffice.moderation.stage.${d.stage}`, { _: d.stage }),
          translate(`backoffice.moderation.actions.${d.action}`, { _: d.action }),
          d.ground ? translate(`api.moderation.grounds.${d.ground}.label`, { _: d.ground }) : '—',
          translate(d.automated ? 'ra.boolean.true' : 'ra.boolean.false'),
          number.format(d.count),
        ])}
      />
    </Box>
  );
}

/** "Transparency report" on the queue: a period, its figures, and the CSV file to publish. */
export function TransparencyButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState(yearToDate);
  const titleId = useId();
  const download = async () => {
    try {
      const csv = (await dataProvider.transparency(range.from, range.to, 'csv')) as string;
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `transparency-${range.from}-${range.to}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      notify((error as Error).message, { type: 'error', messageArgs: { _: (error as Error).message } });
    }
  };
  return (
    <>
      <Button label="backoffice.moderation.transparency.title" onClick={() => setOpen(true)}>
        <Assessment />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="md">
        <DialogTitle id={titleId}>{translate('backoffice.moderation.transparency.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Stack direction="row" spacing={2} useFlexGap sx={{ pt: 1, flexWrap: 'wrap' }}>
            <TextField
              type="date"
              label={translate('backoffice.moderation.transparency.from')}
              value={range.from}
              onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              label={translate('backoffice.moderation.transparency.to')}
              value={range.to}
              onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
          <TransparencyReport from={range.from} to={range.to} />
        </DialogContent>
        <DialogActions>
          <Button label="backoffice.moderation.transparency.csv" onClick={download}>
            <Download />
          </Button>
          <Button label="ra.action.close" onClick={() => setOpen(false)} />
        </DialogActions>
      </Dialog>
    </>
  );
}
