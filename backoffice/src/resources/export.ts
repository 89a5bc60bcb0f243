import { RESOURCES, type ResourceDef } from '@autoroute/contract/resources';
import { type DataProvider, defaultExporter, type Exporter, type RaRecord } from 'react-admin';
import { REFERENCE_READ } from '../dataProvider.ts';

/** The CSV column of a reference field: `countryId` is written as `country`, holding the name. */
const referenceColumn = (source: string) => source.replace(/Id$/, '') || source;

/**
 * The rows of a CSV export with each reference written as the name of the row it points at (read
 * through `/references`, which whoever may list these rows may read), not as its id.
 */
async function withReferenceNames(def: ResourceDef, records: RaRecord[], dataProvider: DataProvider): Promise<RaRecord[]> {
  const references = def.fields.filter((f) => f.kind === 'reference');
  const names = new Map<string, Map<string, unknown>>();
  await Promise.all(
    references.map(async (field) => {
      const ids = [...new Set(records.map((r) => r[field.source]).filter((id) => id != null))];
      if (!ids.length) return;
      const { data } = await dataProvider.getMany(field.reference!, { ids, ...REFERENCE_READ });
      const title = RESOURCES[field.reference!].title;
      names.set(field.source, new Map(data.map((row) => [String(row.id), row[title]])));
    }),
  );
  return records.map((record) => {
    const row: RaRecord = { ...record };
    for (const field of references) {
      const id = record[field.source];
      delete row[field.source];
      row[referenceColumn(field.source)] = id == null ? '' : (names.get(field.source)?.get(String(id)) ?? id);
    }
    return row;
  });
}

/** The export of a declared resource's list: its rows, references by name. */
export const exporterOf =
  (def: ResourceDef): Exporter =>
  async (records, fetchRelated, dataProvider, resource) =>
    defaultExporter(await withReferenceNames(def, records, dataProvider), fetchRelated, dataProvider, resource);
