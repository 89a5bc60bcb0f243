import { CASE_STATUSES, CASE_TARGET_KINDS } from '@autoroute/contract/moderation';
import { formatTagOf } from '@autoroute/locales/meta';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Box, Chip, Link, Stack } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { age } from './rules.ts';

export const STATUS_CHOICES = CASE_STATUSES.map((id) => ({ id, name: `backoffice.moderation.status.${id}` }));
export const KIND_CHOICES = CASE_TARGET_KINDS.map((id) => ({ id, name: `backoffice.moderation.targets.${id}` }));

// Colours of enough contrast on the light theme (WCAG AA), filled or outlined: none of MUI's warning or info.
const STATUS_COLOR = { open: 'error', in_review: 'primary', decided: 'success', appealed: 'secondary', closed: 'default' } as const;

/** A case's status as a chip: open ones filled, the rest outlined. */
export function CaseStatusField(_: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record?.status) return null;
  const status = String(record.status) as keyof typeof STATUS_COLOR;
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status] ?? 'default'}
      variant={status === 'open' || status === 'appealed' ? 'filled' : 'outlined'}
      label={translate(`backoffice.moderation.status.${status}`, { _: status })}
    />
  );
}

/** A listing's state now (published, held, removed…), when the target is a listing still there. */
export function TargetStateChip({ state }: { state: string | null | undefined }) {
  const translate = useTranslate();
  if (!state) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={state === 'published' ? 'success' : state === 'held' ? 'secondary' : 'default'}
      label={translate(`backoffice.moderation.states.${state}`, { _: state })}
    />
  );
}

/** What a case is about: its kind, its label, and for a listing its public page (new tab) and its console view. */
export function TargetField(_: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const label = String(record.targetLabel ?? '');
  const listing = record.targetKind === 'listing';
  return (
    <Box sx={{ display: 'grid', gap: 0.25 }}>
      <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
        {translate(`backoffice.moderation.targets.${record.targetKind}`)} #{record.targetId}
      </Box>
      <Box component="span" sx={{ typography: 'body2', fontWeight: 500, overflowWrap: 'anywhere' }}>
        <bdi>{label}</bdi>
      </Box>
      {listing && (
        // Inside a row that opens the case: following a link is not opening it.
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }} onClick={(event) => event.stopPropagation()}>
          <ListingLinks id={record.targetId} label={label} />
        </Stack>
      )}
    </Box>
  );
}

export function ListingLinks({ id, label }: { id: number | string; label: string }) {
  const translate = useTranslate();
  return (
    <>
      <Link
        href={`/vehicles/${id}`}
        target="_blank"
        rel="noopener"
        variant="caption"
        aria-label={translate('backoffice.moderation.publicPage', { label })}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}
      >
        {translate('backoffice.moderation.publicPageShort')}
        <OpenInNew sx={{ fontSize: 14 }} aria-hidden />
      </Link>
      <Link
        component={RouterLink}
        to={`/vehicles/${id}/show`}
        variant="caption"
        aria-label={translate('backoffice.moderation.consoleView', { label })}
      >
        {translate('backoffice.moderation.consoleViewShort')}
      </Link>
    </>
  );
}

/** The reasons reported, translated, one chip each. */
export function ReasonsField(_: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const reasons = (record?.reasons ?? []) as string[];
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0, m: 0, listStyle: 'none' }}>
      {reasons.map((reason) => (
        <li key={reason}>
          <Chip size="small" variant="outlined" label={translate(`backoffice.moderation.reasons.${reason}`, { _: reason })} />
        </li>
      ))}
    </Box>
  );
}

/** How long the case has waited: "3 hours ago", in the console's language. */
export function AgeField(_: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  if (!record?.openedAt) return null;
  const { value, unit } = age(String(record.openedAt));
  const text = new Intl.RelativeTimeFormat(formatTagOf(locale), { numeric: 'auto' }).format(-value, unit);
  return (
    <time dateTime={String(record.openedAt)} title={new Date(String(record.openedAt)).toLocaleString(formatTagOf(locale))}>
      {text}
    </time>
  );
}
