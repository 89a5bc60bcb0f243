import { APPEAL_OUTCOMES, type AppealOutcome, FACTS_MAX, MODERATION_GROUNDS } from '@autoroute/contract/moderation';
import AssignmentInd from '@mui/icons-material/AssignmentInd';
import Gavel from '@mui/icons-material/Gavel';
import {
  Box,
  Checkbox,
  Chip,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
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
  Confirm,
  HttpError,
  type RaRecord,
  Show,
  TopToolbar,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { BackofficeDataProvider } from '../dataProvider.ts';
import { DEFINITIONS, LocalDateField } from '../resources/fields.tsx';
import { CaseStatusField, ListingLinks, TargetStateChip } from './fields.tsx';
import { actionsFor, type DecisionDraft, decisionBody, isOpen, restricts } from './rules.ts';

type Step = 'take' | 'decision' | 'appeal-decision';
type FieldErrors = Partial<Record<string, string>>;

/** A step on the case through the API: success told and the case read again; the API's localized error told, its field errors returned. */
function useStep(onFieldErrors: (errors: FieldErrors) => void = () => {}) {
  const record = useRecordContext();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation<RaRecord, Error, { step: Step; body?: unknown; done: string }>({
    mutationFn: ({ step, body }) => dataProvider.moderate(record!.id, step, body),
    onSuccess: (_, { done }) => {
      onFieldErrors({});
      notify(done, { type: 'success', messageArgs: { id: record?.id } });
      refresh();
    },
    onError: (error) => {
      const errors = error instanceof HttpError ? (error.body as { errors?: FieldErrors } | undefined)?.errors : undefined;
      onFieldErrors(errors ?? {});
      notify(error.message, { type: 'error', messageArgs: { _: error.message } });
    },
  });
}

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

function TakeButton() {
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ resource: 'moderation-cases', action: 'edit' });
  const { mutate, isPending } = useStep();
  if (!record || !canAccess || !isOpen(record.status)) return null;
  return (
    <Button
      label="backoffice.moderation.take"
      disabled={isPending}
      onClick={() => mutate({ step: 'take', done: 'backoffice.moderation.taken' })}
    >
      <AssignmentInd />
    </Button>
  );
}

/** The target, its state now, whose it is and who handles the case. */
function Summary() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const label = (field: string) => translate(`resources.moderation-cases.fields.${field}`);
  return (
    <div>
      <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
        {translate('backoffice.moderation.caseTitle', { id: record.id })}: <bdi>{record.targetLabel}</bdi>
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <CaseStatusField source="status" />
        <TargetStateChip state={record.targetState} />
        {record.targetKind === 'listing' && <ListingLinks id={record.targetId} label={String(record.targetLabel)} />}
      </Stack>
      <Box component="dl" sx={{ ...DEFINITIONS, mt: 2 }}>
        <dt>{label('targetKind')}</dt>
        <dd>
          {translate(`backoffice.moderation.targets.${record.targetKind}`)} #{record.targetId}
        </dd>
        <dt>{label('subjectName')}</dt>
        <dd>{record.subjectName ? <bdi>{record.subjectName}</bdi> : '—'}</dd>
        <dt>{label('risk')}</dt>
        <dd>{record.risk}</dd>
        <dt>{label('assigneeName')}</dt>
        <dd>{record.assigneeName ? <bdi>{record.assigneeName}</bdi> : translate('backoffice.moderation.unassigned')}</dd>
        <dt>{label('openedAt')}</dt>
        <dd>
          <LocalDateField source="openedAt" showTime />
        </dd>
        {record.decidedAt && (
          <>
            <dt>{label('decidedAt')}</dt>
            <dd>
              <LocalDateField source="decidedAt" showTime />
            </dd>
          </>
        )}
      </Box>
    </div>
  );
}

function Reports() {
  const record = useRecordContext();
  const translate = useTranslate();
  const reports = (record?.reports ?? []) as RaRecord[];
  const col = (key: string) => (
    <TableCell component="th" scope="col">
      {translate(`backoffice.moderation.report.${key}`)}
    </TableCell>
  );
  return (
    <Section id="case-reports" title={`${translate('backoffice.moderation.reports')} (${reports.length})`}>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {col('reason')}
              {col('details')}
              {col('reporter')}
              {col('date')}
            </TableRow>
          </TableHead>
          <TableBody>
            {reports.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{translate(`backoffice.moderation.reasons.${r.reason}`, { _: r.reason })}</TableCell>
                <TableCell sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxInlineSize: 360 }}>
                  {r.details ? <bdi dir="auto">{r.details}</bdi> : '—'}
                </TableCell>
                <TableCell>
                  <bdi>{r.reporterName}</bdi>
                  <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
                    <bdi>{r.reporterEmail}</bdi> ·{' '}
                    {translate(r.member ? 'backoffice.moderation.report.member' : 'backoffice.moderation.report.guest')}
                  </Box>
                </TableCell>
                <TableCell>
                  <LocalDateField source="createdAt" record={r} showTime />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Section>
  );
}

const SEVERITY_COLOR = { high: 'error', medium: 'secondary', low: 'default' } as const;

function Signals() {
  const record = useRecordContext();
  const translate = useTranslate();
  const signals = (record?.signals ?? []) as { kind: string; severity: keyof typeof SEVERITY_COLOR; explanation: string }[];
  if (record?.targetKind !== 'listing') return null;
  return (
    <Section id="case-signals" title={translate('backoffice.moderation.signals')}>
      {signals.length === 0 ? (
        <Typography color="text.secondary">{translate('backoffice.moderation.noSignal')}</Typography>
      ) : (
        <Box component="ul" sx={{ display: 'grid', gap: 1, p: 0, m: 0, listStyle: 'none' }}>
          {signals.map((s) => (
            <Box component="li" key={s.kind} sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
              <Chip
                size="small"
                color={SEVERITY_COLOR[s.severity] ?? 'default'}
                label={translate(`backoffice.moderation.severity.${s.severity}`, { _: s.severity })}
              />
              {/* The API explains each signal in English, for the moderator. */}
              <Typography component="span" variant="body2" lang="en" dir="ltr">
                {s.explanation}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}

function History() {
  const record = useRecordContext();
  const translate = useTranslate();
  const decisions = (record?.decisions ?? []) as RaRecord[];
  return (
    <Section id="case-history" title={translate('backoffice.moderation.history')}>
      {decisions.length === 0 && <Typography color="text.secondary">{translate('backoffice.moderation.noDecision')}</Typography>}
      <Box component="ol" sx={{ display: 'grid', gap: 2, p: 0, m: 0, listStyle: 'none' }}>
        {decisions.map((d) => (
          <Box component="li" key={d.id} sx={{ borderInlineStart: 3, borderColor: 'divider', paddingInlineStart: 1.5 }}>
            <Typography variant="subtitle2" component="p">
              {translate(`backoffice.moderation.stage.${d.stage}`)} · {translate(`backoffice.moderation.actions.${d.action}`)}
              {d.ground && <> · {translate(`api.moderation.grounds.${d.ground}.label`)}</>}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {d.automated
                ? translate('backoffice.moderation.automated')
                : translate('backoffice.moderation.decidedBy', { name: `\u2068${d.decidedBy ?? '—'}\u2069` })}{' '}
              ·{' '}
              <bdi>
                <LocalDateField source="decidedAt" record={d} showTime />
              </bdi>
              {d.unfounded && <> · {translate('backoffice.moderation.unfoundedShort')}</>}
            </Typography>
            {d.facts && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
                <bdi dir="auto">{d.facts}</bdi>
              </Typography>
            )}
            {d.statement && (
              <Box component="details" sx={{ mt: 0.5, '& summary': { cursor: 'pointer', color: 'primary.main', typography: 'body2' } }}>
                <summary>{translate('backoffice.moderation.statement')}</summary>
                <Typography
                  component="div"
                  variant="body2"
                  dir="auto"
                  sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 1, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}
                >
                  {d.statement}
                </Typography>
              </Box>
            )}
          </Box>
        ))}
      </Box>
    </Section>
  );
}

function Appeal() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record?.appeal) return null;
  return (
    <Section id="case-appeal" title={translate('backoffice.moderation.appeal')}>
      <Typography variant="caption" color="text.secondary">
        <LocalDateField source="appealedAt" showTime />
      </Typography>
      <Typography component="blockquote" dir="auto" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {record.appeal}
      </Typography>
    </Section>
  );
}

/** The facts a decision rests on, with what is left of the limit. */
function FactsInput({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const translate = useTranslate();
  return (
    <TextField
      multiline
      minRows={3}
      required
      label={translate('backoffice.moderation.facts')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={
        <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <span>{error ? translate(error, { _: error }) : translate('backoffice.moderation.factsHelp')}</span>
          <span>{translate('backoffice.moderation.counter', { n: value.length, max: FACTS_MAX })}</span>
        </Box>
      }
      slotProps={{ htmlInput: { maxLength: FACTS_MAX, dir: 'auto' }, formHelperText: { component: 'div' } }}
    />
  );
}

const EMPTY: DecisionDraft = { action: '', ground: '', facts: '', unfounded: false };

function DecisionForm() {
  const record = useRecordContext();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'moderation-cases', action: 'edit' });
  const [draft, setDraft] = useState<DecisionDraft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const { mutate, isPending } = useStep(setErrors);
  const actionLabel = useId();
  if (!record || !canAccess || !isOpen(record.status)) return null;
  // A field changed is checked again at the next submit: its old error goes.
  const set = (change: Partial<DecisionDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in change) && k !== 'root')));
  };
  const checked = decisionBody(record.targetKind, draft);
  const send = () => {
    if (!checked.ok) return;
    setConfirming(false);
    mutate({ step: 'decision', body: checked.body, done: 'backoffice.moderation.decided' }, { onSuccess: () => setDraft(EMPTY) });
  };
  const submit = () => {
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    if (restricts(draft.action)) setConfirming(true);
    else send();
  };
  const actionText = (a: string) => translate(`backoffice.moderation.actions.${a}`);
  return (
    <Section id="case-decide" title={translate('backoffice.moderation.decide')}>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        sx={{ display: 'grid', gap: 2, maxInlineSize: 720 }}
      >
        <FormControl error={Boolean(errors.action)} required>
          <FormLabel id={actionLabel}>{translate('backoffice.moderation.action')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={actionLabel}
            value={draft.action}
            onChange={(e) => set({ action: e.target.value as DecisionDraft['action'] })}
          >
            {actionsFor(record.targetKind).map((a) => (
              <FormControlLabel key={a} value={a} control={<Radio />} label={actionText(a)} />
            ))}
          </RadioGroup>
          {errors.action && <FormHelperText>{translate(errors.action, { _: errors.action })}</FormHelperText>}
        </FormControl>
        {restricts(draft.action) && (
          <TextField
            select
            required
            label={translate('backoffice.moderation.ground')}
            value={draft.ground}
            onChange={(e) => set({ ground: e.target.value })}
            error={Boolean(errors.ground)}
            helperText={errors.ground ? translate(errors.ground, { _: errors.ground }) : translate('backoffice.moderation.groundHelp')}
          >
            {MODERATION_GROUNDS.map((g) => (
              <MenuItem key={g} value={g}>
                {translate(`api.moderation.grounds.${g}.label`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <FactsInput value={draft.facts} onChange={(facts) => set({ facts })} error={errors.facts} />
        {draft.action === 'no_action' && (
          <FormControlLabel
            control={<Checkbox checked={draft.unfounded} onChange={(e) => set({ unfounded: e.target.checked })} />}
            label={translate('backoffice.moderation.unfounded')}
          />
        )}
        <div>
          <Button type="submit" variant="contained" label="backoffice.moderation.send" disabled={isPending}>
            <Gavel />
          </Button>
        </div>
      </Box>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title="backoffice.moderation.confirmTitle"
        content="backoffice.moderation.confirmContent"
        translateOptions={{
          action: draft.action ? actionText(draft.action) : '',
          label: String(record.targetLabel),
        }}
        confirm="backoffice.moderation.send"
        onConfirm={send}
        onClose={() => setConfirming(false)}
      />
    </Section>
  );
}

function AppealForm() {
  const record = useRecordContext();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'moderation-cases', action: 'edit' });
  const [outcome, setOutcome] = useState<AppealOutcome | ''>('');
  const [facts, setFacts] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { mutate, isPending } = useStep(setErrors);
  const outcomeLabel = useId();
  if (!record || !canAccess || record.status !== 'appealed') return null;
  const submit = () => {
    const wrong: FieldErrors = {};
    if (!outcome) wrong.outcome = 'api.moderation.outcomeInvalid';
    if (!facts.trim()) wrong.facts = 'api.moderation.factsRequired';
    setErrors(wrong);
    if (Object.keys(wrong).length) return;
    mutate({ step: 'appeal-decision', body: { outcome, facts: facts.trim() }, done: 'backoffice.moderation.answered' });
  };
  return (
    <Section id="case-answer" title={translate('backoffice.moderation.answer')}>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        sx={{ display: 'grid', gap: 2, maxInlineSize: 720 }}
      >
        <FormControl error={Boolean(errors.outcome)} required>
          <FormLabel id={outcomeLabel}>{translate('backoffice.moderation.outcome')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={outcomeLabel}
            value={outcome}
            onChange={(e) => {
              setOutcome(e.target.value as AppealOutcome);
              setErrors(({ outcome: _, ...rest }) => rest);
            }}
          >
            {APPEAL_OUTCOMES.map((o) => (
              <FormControlLabel key={o} value={o} control={<Radio />} label={translate(`backoffice.moderation.outcomes.${o}`)} />
            ))}
          </RadioGroup>
          {errors.outcome && <FormHelperText>{translate(errors.outcome, { _: errors.outcome })}</FormHelperText>}
        </FormControl>
        <FactsInput
          value={facts}
          onChange={(value) => {
            setFacts(value);
            setErrors(({ facts: _, ...rest }) => rest);
          }}
          error={errors.facts}
        />
        <div>
          <Button type="submit" variant="contained" label="backoffice.moderation.sendAnswer" disabled={isPending}>
            <Gavel />
          </Button>
        </div>
      </Box>
    </Section>
  );
}

function Case() {
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 3 }}>
      <Summary />
      <Appeal />
      <AppealForm />
      <DecisionForm />
      <Reports />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { lg: '1fr 1fr' } }}>
        <Signals />
        <History />
      </Box>
    </Box>
  );
}

function Actions() {
  return (
    <TopToolbar>
      <TakeButton />
    </TopToolbar>
  );
}

/** One case: the target and its state, the reports, the signals, the decisions and their statements; take, decide, answer an appeal. */
export function ModerationShow() {
  return (
    <Show actions={<Actions />}>
      <Case />
    </Show>
  );
}
