import OpenInNew from '@mui/icons-material/OpenInNew';
import { Box, Chip, IconButton, Switch, Tooltip, Typography } from '@mui/material';
import {
  AutocompleteInput,
  BulkDeleteButton,
  BulkExportButton,
  DeleteButton,
  FunctionField,
  List,
  NullableBooleanInput,
  type RaRecord,
  ReferenceInput,
  SearchInput,
  useCanAccess,
  useLocaleState,
  useNotify,
  useRecordContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { REFERENCE_READ } from '../dataProvider.ts';
import { formatMoney, LocalDateField } from '../resources/fields.tsx';
import { titleSort } from '../resources/generate.tsx';
import { ScreenDatagrid } from '../resources/ScreenDatagrid.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="sold" source="sold" alwaysOn />,
  <NullableBooleanInput key="featured" source="featured" alwaysOn />,
  <ReferenceInput
    key="categoryId"
    source="categoryId"
    reference="categories"
    sort={titleSort('categories')}
    queryOptions={REFERENCE_READ}
    alwaysOn
  >
    <AutocompleteInput />
  </ReferenceInput>,
  <ReferenceInput key="ownerId" source="ownerId" reference="users">
    <AutocompleteInput optionText="username" />
  </ReferenceInput>,
];

function Cover(_: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const box = { inlineSize: 72, blockSize: 48, borderRadius: 1, bgcolor: 'action.hover', display: 'block' };
  // The title beside it names the vehicle: the picture is decoration here.
  return record?.cover ? (
    <Box component="img" src={String(record.cover)} alt="" loading="lazy" sx={{ ...box, objectFit: 'cover' }} />
  ) : (
    <Box sx={box} />
  );
}

/** Featured or not, switched in place (PUT { featured }), for whoever may update vehicles. */
function FeaturedToggle(_: { source: string; label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const { canAccess } = useCanAccess({ resource: 'vehicles', action: 'edit' });
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  const featured = Boolean(record.featured);
  return (
    <Switch
      checked={featured}
      disabled={!canAccess || isPending}
      onChange={(event) =>
        update(
          'vehicles',
          { id: record.id, data: { featured: event.target.checked }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: (data) =>
              notify(data.featured ? 'backoffice.vehicles.featured' : 'backoffice.vehicles.unfeatured', {
                type: 'success',
                messageArgs: { title: record.title },
              }),
            onError: (error) => notify((error as Error).message, { type: 'error', messageArgs: { _: (error as Error).message } }),
          },
        )
      }
      slotProps={{ input: { 'aria-label': translate('backoffice.vehicles.featureThis', { title: record.title }) } }}
    />
  );
}

function Actions(_: { label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const label = translate('backoffice.vehicles.publicPage', { title: record.title });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Tooltip title={label}>
        <IconButton component="a" href={`/vehicles/${record.id}`} target="_blank" rel="noopener" aria-label={label} size="small">
          <OpenInNew fontSize="small" />
        </IconButton>
      </Tooltip>
      {/* Shown only with delete_vehicle (the auth provider maps vehicles' delete to it); asks first. */}
      <DeleteButton mutationMode="pessimistic" redirect={false} />
    </Box>
  );
}

/** Listings moderation: find, feature, open on the site, delete. */
export function VehicleList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
      <ScreenDatagrid
        rowClick={false}
        bulkActionButtons={
          <>
            <BulkExportButton />
            <BulkDeleteButton mutationMode="pessimistic" />
          </>
        }
      >
        <Cover source="cover" sortable={false} />
        <FunctionField
          source="title"
          render={(record: RaRecord) => (
            <>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {record.title}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {[record.brand, record.model, record.year].filter(Boolean).join(' · ')}
              </Typography>
            </>
          )}
        />
        <FunctionField source="price" render={(record: RaRecord) => formatMoney(Number(record.price), record.currency, locale)} />
        <FunctionField source="ownerName" sortable={false} render={(record: RaRecord) => record.ownerName} />
        <FunctionField
          source="city"
          sortable={false}
          render={(record: RaRecord) => [record.city, record.country].filter(Boolean).join(', ')}
        />
        <FunctionField
          source="sold"
          render={(record: RaRecord) => (
            <Chip
              size="small"
              color={record.sold ? 'default' : 'success'}
              variant="outlined"
              label={translate(record.sold ? 'backoffice.vehicles.sold' : 'backoffice.vehicles.live')}
            />
          )}
        />
        <FeaturedToggle source="featured" />
        <LocalDateField source="createdAt" />
        <Actions label="backoffice.vehicles.actions" />
      </ScreenDatagrid>
    </List>
  );
}
