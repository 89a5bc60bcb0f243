import OpenInNew from '@mui/icons-material/OpenInNew';
import { Box, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import {
  AutocompleteInput,
  BulkExportButton,
  FunctionField,
  List,
  NullableBooleanInput,
  type RaRecord,
  ReferenceInput,
  SearchInput,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { REFERENCE_READ } from '../dataProvider.ts';
import { formatMoney, LocalDateField } from '../resources/fields.tsx';
import { titleSort } from '../resources/resource-def.ts';
import { ScreenDatagrid } from '../resources/ScreenDatagrid.tsx';
import { FeaturedField, RemoveVehicleButton } from './fields.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="sold" source="sold" alwaysOn />,
  <NullableBooleanInput key="featured" source="featured" alwaysOn />,
  <NullableBooleanInput key="planFeatured" source="planFeatured" alwaysOn />,
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

function Actions(_: { label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const label = translate('backoffice.vehicles.publicPage', { title: record.title });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} onClick={(event) => event.stopPropagation()}>
      <Tooltip title={label}>
        <IconButton component="a" href={`/vehicles/${record.id}`} target="_blank" rel="noopener" aria-label={label} size="small">
          <OpenInNew fontSize="small" />
        </IconButton>
      </Tooltip>
      <RemoveVehicleButton compact />
    </Box>
  );
}

/** Listings moderation: find, open one whole, feature, open on the site, remove saying why. */
export function VehicleList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
      <ScreenDatagrid
        rowClick="show"
        // No removal of several at once: each removal tells its seller why.
        bulkActionButtons={<BulkExportButton />}
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
        <FeaturedField source="featured" />
        <LocalDateField source="createdAt" />
        <Actions label="backoffice.vehicles.actions" />
      </ScreenDatagrid>
    </List>
  );
}
