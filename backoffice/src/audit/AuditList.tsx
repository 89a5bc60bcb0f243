import { RESOURCE_NAMES } from '@autoroute/contract/resources';
import { formatTagOf } from '@autoroute/locales/meta';
import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  DateInput,
  FunctionField,
  List,
  type RaRecord,
  SelectInput,
  TextInput,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LocalDateField } from '../resources/fields.tsx';
import { ScreenDatagrid } from '../resources/ScreenDatagrid.tsx';
import { fieldChanges, recordName, sinceDay, translations, untilDay } from './diff.ts';

/** The resources the admin API writes, as the log names them. */
const RESOURCES = [...RESOURCE_NAMES, 'users', 'roles', 'vehicles', 'support-requests', 'settings', 'moderation-cases'];
const ACTIONS = ['create', 'update', 'delete', 'run'] as const;

function useFilters() {
  const translate = useTranslate();
  const resources = RESOURCES.map((id) => ({ id, name: translate(`resources.${id}.name`, { smart_count: 2 }) })).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  return [
    <TextInput key="user" source="user" alwaysOn />,
    <SelectInput key="resource" source="resource" choices={resources} translateChoice={false} alwaysOn />,
    <SelectInput key="action" source="action" choices={ACTIONS.map((id) => ({ id, name: `backoffice.audit.actions.${id}` }))} alwaysOn />,
    <DateInput key="since" source="since" {...sinceDay} alwaysOn />,
    <DateInput key="until" source="until" {...untilDay} alwaysOn />,
    <TextInput key="recordId" source="recordId" alwaysOn />,
  ];
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A value of a snapshot as text: instants in the reader's way, lists and objects as compact JSON, nothing said in words. */
function Value({ value }: { value: unknown }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (value === undefined || value === null || value === '') {
    return (
      <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        {translate('backoffice.audit.none')}
      </Typography>
    );
  }
  if (typeof value === 'boolean') return <>{translate(value ? 'ra.boolean.true' : 'ra.boolean.false')}</>;
  if (typeof value === 'string' && INSTANT.test(value)) {
    return <>{new Date(value).toLocaleString(formatTagOf(locale), { dateStyle: 'short', timeStyle: 'medium' })}</>;
  }
  const texts = translations(value);
  if (texts) {
    // One line per language, named in the reader's language, each text in its own direction.
    const names = new Intl.DisplayNames([formatTagOf(locale)], { type: 'language' });
    return (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {texts.map(([lang, text]) => (
          <li key={lang}>
            <Typography component="span" variant="body2" color="text.secondary">
              {names.of(lang.replace('_', '-'))}:{' '}
            </Typography>
            <bdi dir="auto" lang={lang.replace('_', '-')} style={{ overflowWrap: 'anywhere' }}>
              {text}
            </bdi>
          </li>
        ))}
      </Box>
    );
  }
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return (
    <bdi style={{ overflowWrap: 'anywhere' }} dir="auto">
      {text}
    </bdi>
  );
}

/** The entry's fields before and after: what changed first, marked, then what stayed. */
function AuditChanges() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const rows = fieldChanges(record.before, record.after);
  const label = (field: string) => translate(`resources.${record.resource}.fields.${field}`, { _: field });
  return (
    <Box sx={{ py: 1, maxInlineSize: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('backoffice.audit.changes', { id: record.id })}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {translate('backoffice.audit.field')}
            </TableCell>
            <TableCell component="th" scope="col">
              {translate('backoffice.audit.before')}
            </TableCell>
            <TableCell component="th" scope="col">
              {translate('backoffice.audit.after')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.field} sx={row.changed ? { bgcolor: 'action.hover' } : undefined}>
              <TableCell component="th" scope="row" sx={{ fontWeight: row.changed ? 600 : 400 }}>
                {label(row.field)}
                {row.changed && record.action === 'update' && (
                  <Chip size="small" label={translate('backoffice.audit.changed')} sx={{ marginInlineStart: 1 }} variant="outlined" />
                )}
              </TableCell>
              <TableCell>
                <Value value={row.before} />
              </TableCell>
              <TableCell>
                <Value value={row.after} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function AuditEmpty() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 3, textAlign: 'center' }}>
      <Typography variant="h6" component="p">
        {translate('backoffice.audit.empty')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('backoffice.audit.emptyHelp')}
      </Typography>
    </Box>
  );
}

/**
 * Every write made through the console, newest first (docs/decisions/020-audit-log.md): who, when,
 * what; a row unfolds into the record's fields before and after.
 */
export function AuditList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <List filters={useFilters()} sort={{ field: 'at', order: 'DESC' }} perPage={25} exporter={false} empty={<AuditEmpty />}>
      <ScreenDatagrid rowClick="expand" expand={<AuditChanges />} bulkActionButtons={false}>
        <LocalDateField source="at" showTime />
        <FunctionField
          source="username"
          sortable={false}
          render={(record: RaRecord) => <bdi>{record.username ?? translate('backoffice.audit.deletedUser', { id: record.userId })}</bdi>}
        />
        <FunctionField source="action" render={(record: RaRecord) => translate(`backoffice.audit.actions.${record.action}`)} />
        <FunctionField
          source="resource"
          render={(record: RaRecord) => translate(`resources.${record.resource}.name`, { smart_count: 1, _: record.resource })}
        />
        <FunctionField
          source="recordId"
          sortable={false}
          render={(record: RaRecord) => {
            const name = recordName(record, locale);
            return name ? (
              <>
                <bdi>{name}</bdi>{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  (#{record.recordId})
                </Typography>
              </>
            ) : (
              `#${record.recordId}`
            );
          }}
        />
      </ScreenDatagrid>
    </List>
  );
}
