import type { FieldDef, ResourceDef } from '@autoroute/contract/resources';
import type { ReactElement, ReactNode } from 'react';
import {
  AutocompleteInput,
  BooleanField,
  BulkDeleteButton,
  BulkExportButton,
  List,
  NullableBooleanInput,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  UrlField,
} from 'react-admin';
import { REFERENCE_READ } from '../dataProvider.ts';
import { exporterOf } from './export.ts';
import { ColorField, LimitField, LocalNumberField, MoneyField } from './fields.tsx';
import { choicesOf } from './labels.ts';
import { titleSort, useResourceDef } from './resource-def.ts';
import { ScreenDatagrid } from './ScreenDatagrid.tsx';

/** The column of a listed field, by kind; reference columns show the target's name. */
function column(def: ResourceDef, field: FieldDef): ReactElement | null {
  const { source } = field;
  switch (field.kind) {
    case 'text':
    case 'code':
      return <TextField key={source} source={source} />;
    case 'longtext':
      return (
        <TextField
          key={source}
          source={source}
          sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', maxInlineSize: '40ch' }}
        />
      );
    case 'cron':
      return <TextField key={source} source={source} sx={{ fontFamily: 'monospace' }} dir="ltr" />;
    case 'url':
      return <UrlField key={source} source={source} target="_blank" rel="noopener" />;
    case 'hex':
      return <ColorField key={source} source={source} />;
    case 'integer':
      return <LocalNumberField key={source} source={source} />;
    case 'decimal':
      return <LocalNumberField key={source} source={source} />;
    case 'limit':
      return <LimitField key={source} source={source} />;
    case 'money':
      return <MoneyField key={source} source={source} currencySource={field.currency ?? 'currencyId'} />;
    case 'boolean':
      return <BooleanField key={source} source={source} />;
    case 'reference':
      // Sorting by the target's id means nothing to a reader: these columns do not sort.
      return <ReferenceField key={source} source={source} reference={field.reference!} sortable={false} queryOptions={REFERENCE_READ} />;
    case 'choice':
      return <SelectField key={source} source={source} choices={choicesOf(def.name, source, field.choices ?? [])} />;
    default:
      return null;
  }
}

/** The free-text search, then a filter per declared filter field. */
function filtersOf(def: ResourceDef): ReactElement[] {
  const filters: ReactElement[] = [<SearchInput key="q" source="q" alwaysOn />];
  for (const field of def.fields.filter((f) => f.filter)) {
    const { source } = field;
    if (field.kind === 'reference') {
      filters.push(
        <ReferenceInput
          key={source}
          source={source}
          reference={field.reference!}
          sort={titleSort(field.reference!)}
          queryOptions={REFERENCE_READ}
          alwaysOn
        >
          <AutocompleteInput />
        </ReferenceInput>,
      );
    } else if (field.kind === 'choice') {
      filters.push(<SelectInput key={source} source={source} choices={choicesOf(def.name, source, field.choices ?? [])} alwaysOn />);
    } else if (field.kind === 'boolean') {
      // Three states (any, yes, no): a filter must be able to say "either".
      filters.push(<NullableBooleanInput key={source} source={source} alwaysOn />);
    }
  }
  return filters;
}

/**
 * Deleting rows offers Undo for a few seconds before any request leaves (docs/decisions/020-audit-log.md):
 * the rows leave the list at once and come back on Undo; a row still in use answers 409 once sent,
 * with its message, and returns to the list.
 */
const BulkActions = () => (
  <>
    <BulkExportButton />
    <BulkDeleteButton mutationMode="undoable" />
  </>
);

/** The list screen of any declared resource: search, filters, sortable columns, pages, bulk delete, CSV export. */
export function GeneratedList({ rowActions, aside }: { rowActions?: ReactNode; aside?: ReactElement }) {
  const def = useResourceDef();
  return (
    <List sort={def.defaultSort} filters={filtersOf(def)} perPage={25} aside={aside} exporter={exporterOf(def)}>
      <ScreenDatagrid rowClick="edit" bulkActionButtons={<BulkActions />}>
        {def.fields.filter((f) => f.list).map((f) => column(def, f))}
        {rowActions}
      </ScreenDatagrid>
    </List>
  );
}
