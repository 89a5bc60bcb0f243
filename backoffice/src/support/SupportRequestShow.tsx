import Replay from '@mui/icons-material/Replay';
import Reply from '@mui/icons-material/Reply';
import TaskAlt from '@mui/icons-material/TaskAlt';
import { Box, Link, Stack, Typography } from '@mui/material';
import {
  Button,
  DeleteButton,
  type RaRecord,
  Show,
  TopToolbar,
  useCanAccess,
  useNotify,
  useRecordContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { DEFINITIONS, LocalDateField } from '../resources/fields.tsx';
import { MemberLink, PriorityField, SupportStatusField } from './fields.tsx';

/** A reply in the operator's mail program, to the requester, the subject quoting the request number. */
function useMailto(record: RaRecord | undefined): string | undefined {
  const translate = useTranslate();
  if (!record?.email) return undefined;
  const subject = translate('backoffice.support.replySubject', { id: record.id, subject: record.subject });
  return `mailto:${record.email}?subject=${encodeURIComponent(subject)}`;
}

/** "Mark as resolved" on an open request, "Reopen" on a resolved one, for whoever may update requests. */
function StatusButton() {
  const record = useRecordContext();
  const notify = useNotify();
  const { canAccess } = useCanAccess({ resource: 'support-requests', action: 'edit' });
  const [update, { isPending }] = useUpdate();
  if (!record || !canAccess) return null;
  const open = record.status === 'open';
  return (
    <Button
      label={open ? 'backoffice.support.resolve' : 'backoffice.support.reopen'}
      disabled={isPending}
      onClick={() =>
        update(
          'support-requests',
          { id: record.id, data: { status: open ? 'closed' : 'open' }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () =>
              notify(open ? 'backoffice.support.resolved' : 'backoffice.support.reopened', {
                type: 'success',
                messageArgs: { id: record.id },
              }),
            onError: (error) => notify((error as Error).message, { type: 'error', messageArgs: { _: (error as Error).message } }),
          },
        )
      }
    >
      {open ? <TaskAlt /> : <Replay />}
    </Button>
  );
}

function ReplyButton() {
  const mailto = useMailto(useRecordContext());
  if (!mailto) return null;
  return (
    <Button label="backoffice.support.reply" href={mailto}>
      <Reply />
    </Button>
  );
}

function Actions() {
  return (
    <TopToolbar>
      <StatusButton />
      <ReplyButton />
      {/* Shown only with admin.support.delete; asks first. */}
      <DeleteButton mutationMode="pessimistic" redirect="list" />
    </TopToolbar>
  );
}

/** The whole request: who wrote, when, and what, as they wrote it. */
function Request() {
  const record = useRecordContext();
  const translate = useTranslate();
  const mailto = useMailto(record);
  if (!record) return null;
  const label = (field: string) => translate(`resources.support-requests.fields.${field}`);
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <div>
        <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
          {record.subject}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <PriorityField source="priority" />
          <SupportStatusField source="status" />
        </Stack>
      </div>
      <Box component="dl" sx={DEFINITIONS}>
        <dt>{label('name')}</dt>
        <dd>
          <bdi>{record.name}</bdi>
        </dd>
        <dt>{label('email')}</dt>
        <dd>
          <Link href={mailto}>
            <bdi>{record.email}</bdi>
          </Link>
        </dd>
        <dt>{label('userId')}</dt>
        <dd>
          <MemberLink />
        </dd>
        <dt>{label('createdAt')}</dt>
        <dd>
          <LocalDateField source="createdAt" showTime />
        </dd>
        {record.closedAt && (
          <>
            <dt>{label('closedAt')}</dt>
            <dd>
              <LocalDateField source="closedAt" showTime />
            </dd>
          </>
        )}
      </Box>
      <Box component="section" aria-labelledby="support-message-title">
        <Typography id="support-message-title" component="h2" variant="h6" gutterBottom>
          {label('message')}
        </Typography>
        <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {record.message}
        </Typography>
      </Box>
    </Box>
  );
}

export function SupportRequestShow() {
  return (
    <Show actions={<Actions />}>
      <Request />
    </Show>
  );
}
