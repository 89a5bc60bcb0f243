import { formatTagOf } from '@autoroute/locales/meta';
import EventBusy from '@mui/icons-material/EventBusy';
import OpenInNew from '@mui/icons-material/OpenInNew';
import {
  Box,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import {
  Button,
  HttpError,
  type RaRecord,
  Show,
  TopToolbar,
  useCanAccess,
  useDataProvider,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { BackofficeDataProvider } from '../dataProvider.ts';
import { DEFINITIONS, formatMoney, LocalDateField } from '../resources/fields.tsx';
import { BookingStateField, formatDay } from './fields.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'grid', gap: 1, alignContent: 'start', minInlineSize: 0 }}>
      <Typography id={id} component="h2" variant="h6">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A name isolated from the text around it, or a dash. */
const person = (name: unknown) => (name ? <bdi>{String(name)}</bdi> : '—');

function useMoney() {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  return (amount: number | null | undefined) => (amount == null ? '—' : formatMoney(amount, record?.currency as string, locale));
}

/** The listing, both sides, the days and the instants of pickup and return, the policy. */
function Summary() {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return null;
  const label = (field: string) => translate(`resources.bookings.fields.${field}`);
  const tag = formatTagOf(locale);
  return (
    <div>
      <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
        {translate('backoffice.bookings.title', { id: record.id })}: <bdi>{record.title}</bdi>
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <BookingStateField source="state" />
        {record.instant && <Chip size="small" variant="outlined" label={translate('backoffice.bookings.instant')} />}
        <Link href={`/vehicles/${record.vehicleId}`} target="_blank" rel="noopener" sx={{ display: 'inline-flex', gap: 0.5 }}>
          {translate('backoffice.bookings.openListing')}
          <OpenInNew fontSize="small" aria-hidden />
        </Link>
      </Stack>
      <Box component="dl" sx={{ ...DEFINITIONS, mt: 2 }}>
        <dt>{label('ownerName')}</dt>
        <dd>
          {person(record.ownerName)} · <bdi>{record.ownerEmail}</bdi>
        </dd>
        <dt>{label('renterName')}</dt>
        <dd>
          {record.renterName ? (
            <>
              {person(record.renterName)} · <bdi>{record.renterEmail}</bdi>
            </>
          ) : (
            translate('backoffice.bookings.deletedAccount')
          )}
        </dd>
        <dt>{label('start')}</dt>
        <dd>
          {translate('backoffice.bookings.range', { from: formatDay(record.start, tag), to: formatDay(record.end, tag) })} ·{' '}
          {translate('backoffice.bookings.days', { count: record.days })}
        </dd>
        <dt>{label('startAt')}</dt>
        <dd>
          <LocalDateField source="startAt" showTime />
        </dd>
        <dt>{label('endAt')}</dt>
        <dd>
          <LocalDateField source="endAt" showTime />
        </dd>
        <dt>{label('timeZone')}</dt>
        <dd>
          <bdi dir="ltr">{record.timeZone}</bdi>
        </dd>
        <dt>{label('cancellation')}</dt>
        <dd>{translate(`backoffice.bookings.policies.${record.cancellation}`, { _: record.cancellation })}</dd>
        <dt>{label('createdAt')}</dt>
        <dd>
          <LocalDateField source="createdAt" showTime />
        </dd>
        {record.expiresAt && record.state === 'requested' && (
          <>
            <dt>{label('expiresAt')}</dt>
            <dd>
              <LocalDateField source="expiresAt" showTime />
            </dd>
          </>
        )}
      </Box>
      {record.message && (
        <Typography component="blockquote" dir="auto" sx={{ m: 0, mt: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {record.message}
        </Typography>
      )}
    </div>
  );
}

/** The price as the renter saw it, line by line. */
function Price() {
  const record = useRecordContext();
  const translate = useTranslate();
  const money = useMoney();
  const lines = (record?.lines ?? []) as { kind: string; days?: number; rate?: number; percent?: number; amount: number }[];
  const what = (l: (typeof lines)[number]) => {
    if (l.kind === 'rent' && l.days !== undefined && l.rate !== undefined)
      return translate('backoffice.bookings.lines.rentDetail', { count: l.days, rate: money(l.rate) });
    if (l.kind === 'discount' && l.percent !== undefined)
      return translate('backoffice.bookings.lines.discountDetail', { percent: l.percent });
    return translate(`backoffice.bookings.lines.${l.kind}`, { _: l.kind });
  };
  return (
    <Section id="booking-price" title={translate('backoffice.bookings.price')}>
      <Table size="small" sx={{ maxInlineSize: 480 }}>
        <TableBody>
          {lines.map((l) => (
            <TableRow key={`${l.kind}-${l.days ?? ''}-${l.percent ?? ''}`}>
              <TableCell component="th" scope="row" sx={l.kind === 'total' ? { fontWeight: 'bold' } : undefined}>
                {what(l)}
              </TableCell>
              <TableCell align="right" sx={l.kind === 'total' ? { fontWeight: 'bold' } : undefined}>
                {money(l.amount)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

/** Where the payment and the deposit stand, and the cancellation if there was one. */
function Payment() {
  const record = useRecordContext();
  const translate = useTranslate();
  const money = useMoney();
  if (!record) return null;
  const label = (field: string) => translate(`resources.bookings.fields.${field}`);
  return (
    <Section id="booking-payment" title={translate('backoffice.bookings.payment')}>
      <Box component="dl" sx={DEFINITIONS}>
        <dt>{label('total')}</dt>
        <dd>{money(record.total)}</dd>
        <dt>{label('paymentState')}</dt>
        <dd>{translate(`backoffice.bookings.paymentStates.${record.paymentState}`, { _: record.paymentState })}</dd>
        {record.refund !== null && (
          <>
            <dt>{label('refund')}</dt>
            <dd>{money(record.refund)}</dd>
          </>
        )}
        <dt>{label('deposit')}</dt>
        <dd>{money(record.deposit)}</dd>
        <dt>{label('depositState')}</dt>
        <dd>{translate(`backoffice.bookings.depositStates.${record.depositState}`, { _: record.depositState })}</dd>
        {record.depositReleaseAt && (
          <>
            <dt>{label('depositReleaseAt')}</dt>
            <dd>
              <LocalDateField source="depositReleaseAt" showTime />
            </dd>
          </>
        )}
      </Box>
      {record.cancelledBy && (
        <Box sx={{ mt: 1, p: 1.5, borderInlineStart: 3, borderColor: 'error.main', bgcolor: 'action.hover' }}>
          <Typography component="p" variant="subtitle2">
            {translate('backoffice.bookings.cancelledBy', { who: translate(`backoffice.bookings.actors.${record.cancelledBy}`) })}
          </Typography>
          {record.cancelReason && (
            <Typography component="p" variant="body2" dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {record.cancelReason}
            </Typography>
          )}
        </Box>
      )}
    </Section>
  );
}

/** Every transition: what it became, who made it and when, and the reason that came with it. */
function Timeline() {
  const record = useRecordContext();
  const translate = useTranslate();
  const events = (record?.events ?? []) as RaRecord[];
  return (
    <Section id="booking-events" title={translate('backoffice.bookings.history')}>
      <Box component="ol" sx={{ display: 'grid', gap: 1.5, p: 0, m: 0, listStyle: 'none' }}>
        {events.map((e) => {
          const reason = (e.detail as { reason?: unknown } | null)?.reason;
          return (
            <Box component="li" key={e.id} sx={{ borderInlineStart: 3, borderColor: 'divider', paddingInlineStart: 1.5 }}>
              <Typography variant="subtitle2" component="p">
                {translate(`backoffice.bookings.states.${e.toState}`, { _: e.toState })}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {translate(`backoffice.bookings.actors.${e.actor}`)}
                {e.actorName && <> · {person(e.actorName)}</>} ·{' '}
                <bdi>
                  <LocalDateField source="at" record={e} showTime />
                </bdi>
              </Typography>
              {typeof reason === 'string' && reason && (
                <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {reason}
                </Typography>
              )}
            </Box>
          );
        })}
      </Box>
    </Section>
  );
}

/** The pickup and return reports of each side. */
function Handovers() {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const handovers = (record?.handovers ?? []) as RaRecord[];
  const number = (n: number) => new Intl.NumberFormat(formatTagOf(locale)).format(n);
  const col = (key: string) => (
    <TableCell component="th" scope="col">
      {translate(`backoffice.bookings.handover.${key}`)}
    </TableCell>
  );
  return (
    <Section id="booking-handovers" title={translate('backoffice.bookings.handovers')}>
      {handovers.length === 0 ? (
        <Typography color="text.secondary">{translate('backoffice.bookings.noHandover')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {col('stage')}
                {col('author')}
                {col('odometer')}
                {col('fuel')}
                {col('damage')}
                {col('pictures')}
                {col('date')}
              </TableRow>
            </TableHead>
            <TableBody>
              {handovers.map((h) => (
                <TableRow key={h.id}>
                  <TableCell>{translate(`backoffice.bookings.handover.${h.stage}`)}</TableCell>
                  <TableCell>
                    {translate(`backoffice.bookings.actors.${h.side}`)} · {person(h.authorName)}
                  </TableCell>
                  <TableCell>{translate('backoffice.bookings.handover.km', { km: number(h.odometer) })}</TableCell>
                  <TableCell>{translate('backoffice.bookings.handover.percent', { percent: number(h.fuel) })}</TableCell>
                  <TableCell sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxInlineSize: 320 }}>
                    {h.damage ? <bdi dir="auto">{h.damage}</bdi> : '—'}
                  </TableCell>
                  <TableCell>{number(h.pictures)}</TableCell>
                  <TableCell>
                    <LocalDateField source="createdAt" record={h} showTime />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Section>
  );
}

/** Notices about the listing or its owner since the booking, linked to their moderation case. */
function Reports() {
  const record = useRecordContext();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'moderation-cases', action: 'show' });
  const reports = (record?.reports ?? []) as RaRecord[];
  if (!reports.length) return null;
  return (
    <Section id="booking-reports" title={translate('backoffice.bookings.reports')}>
      <Box component="ul" sx={{ display: 'grid', gap: 1, p: 0, m: 0, listStyle: 'none' }}>
        {reports.map((r) => (
          <li key={r.id}>
            {translate(`backoffice.moderation.reasons.${r.reason}`, { _: r.reason })} ·{' '}
            {translate(`backoffice.moderation.targets.${r.targetKind}`, { _: r.targetKind })} ·{' '}
            <LocalDateField source="createdAt" record={r} />
            {r.caseId && canAccess && (
              <>
                {' · '}
                <Link component={RouterLink} to={`/moderation-cases/${r.caseId}/show`}>
                  {translate('backoffice.moderation.caseTitle', { id: r.caseId })}
                </Link>
              </>
            )}
          </li>
        ))}
      </Box>
    </Section>
  );
}

/** Cancels the booking with a reason, after a confirmation that says what it does. */
function CancelButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'bookings', action: 'edit' });
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const titleId = useId();
  const { mutate, isPending } = useMutation<RaRecord, Error, string>({
    mutationFn: (text) => dataProvider.cancelBooking(record!.id, text),
    onSuccess: () => {
      setOpen(false);
      setReason('');
      notify('backoffice.bookings.cancelled', { type: 'success', messageArgs: { id: record?.id } });
      refresh();
    },
    onError: (e) => {
      const fields = e instanceof HttpError ? (e.body as { errors?: Record<string, string> } | undefined)?.errors : undefined;
      if (fields?.reason) setError(fields.reason);
      notify(e.message, { type: 'error', messageArgs: { _: e.message } });
    },
  });
  if (!record || !canAccess || !record.cancellable) return null;
  const submit = () => {
    if (!reason.trim()) {
      setError(translate('api.admin.cancelReasonRequired'));
      return;
    }
    mutate(reason.trim());
  };
  return (
    <>
      <Button label="backoffice.bookings.cancel" onClick={() => setOpen(true)} color="error">
        <EventBusy />
      </Button>
      <Dialog open={open} onClose={() => !isPending && setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <DialogTitle id={titleId}>{translate('backoffice.bookings.cancelTitle', { id: record.id })}</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            <DialogContentText>{translate('backoffice.bookings.cancelContent')}</DialogContentText>
            <TextField
              autoFocus
              required
              multiline
              minRows={3}
              label={translate('resources.bookings.fields.cancelReason')}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setError(undefined);
              }}
              error={Boolean(error)}
              helperText={error ?? translate('backoffice.bookings.cancelHelp')}
              slotProps={{ htmlInput: { maxLength: 1000, dir: 'auto' } }}
            />
          </DialogContent>
          <DialogActions>
            <Button label="backoffice.bookings.keep" onClick={() => setOpen(false)} disabled={isPending} />
            <Button type="submit" variant="contained" color="error" label="backoffice.bookings.confirmCancel" disabled={isPending}>
              <EventBusy />
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
}

function Booking() {
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 3 }}>
      <Summary />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { lg: '1fr 1fr' } }}>
        <Price />
        <Payment />
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { lg: '1fr 2fr' } }}>
        <Timeline />
        <Handovers />
      </Box>
      <Reports />
    </Box>
  );
}

function Actions() {
  return (
    <TopToolbar>
      <CancelButton />
    </TopToolbar>
  );
}

/** One booking: the listing and both sides, the price, payment and deposit, every transition and who made it, the handover reports. */
export function BookingShow() {
  return (
    <Show actions={<Actions />}>
      <Booking />
    </Show>
  );
}
