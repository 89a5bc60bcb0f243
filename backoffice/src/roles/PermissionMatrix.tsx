import { ADMIN_ACTIONS, ADMIN_RESOURCES, DELETE_VEHICLE, permissionName } from '@autoroute/contract/permissions';
import IndeterminateCheckBox from '@mui/icons-material/IndeterminateCheckBox';
import {
  Box,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { ALL_NAMES, columnNames, coverage, rowNames, toggle } from './matrix.ts';

/**
 * A role's permissions as a table: a row per resource kind, a column per action, with "all" boxes
 * for each row, each column and the whole table; the vehicle delete action sits below.
 */
export function PermissionMatrix({ source }: { source: string }) {
  const translate = useTranslate();
  const { field, id } = useInput({ source, defaultValue: [] });
  const permissions: string[] = Array.isArray(field.value) ? field.value : [];
  const set = (names: readonly string[], on: boolean) => field.onChange(toggle(permissions, names, on));
  const resourceName = (r: string) => translate(`backoffice.permissions.resources.${r}`);
  const actionName = (a: string) => translate(`backoffice.permissions.actions.${a}`);

  const box = (names: readonly string[], label: string) => {
    const state = coverage(permissions, names);
    return (
      <Checkbox
        size="small"
        checked={state === 'all'}
        // Not MUI's `indeterminate`, which writes aria-checked on a native checkbox (axe: aria-conditional-attr):
        // the native property says "mixed" to assistive technology, and the icon shows it.
        icon={state === 'some' ? <IndeterminateCheckBox /> : undefined}
        inputRef={(input: HTMLInputElement | null) => {
          if (input) input.indeterminate = state === 'some';
        }}
        onChange={(event) => set(names, event.target.checked)}
        slotProps={{ input: { 'aria-label': label } }}
      />
    );
  };

  return (
    <Box sx={{ inlineSize: '100%', mb: 2 }} role="group" aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} component="h2" variant="subtitle1" gutterBottom>
        {translate('resources.roles.fields.permissions')}
      </Typography>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxBlockSize: 560 }}>
        <Table size="small" stickyHeader>
          <caption style={{ captionSide: 'top', textAlign: 'start', padding: 8 }}>{translate('backoffice.permissions.caption')}</caption>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {translate('backoffice.permissions.resource')}
              </TableCell>
              {ADMIN_ACTIONS.map((action) => (
                <TableCell key={action} component="th" scope="col" align="center">
                  {actionName(action)}
                  <br />
                  {box(columnNames(action), translate('backoffice.permissions.allColumn', { action: actionName(action) }))}
                </TableCell>
              ))}
              <TableCell component="th" scope="col" align="center">
                {translate('backoffice.permissions.all')}
                <br />
                {box(ALL_NAMES, translate('backoffice.permissions.everything'))}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {ADMIN_RESOURCES.map((resource) => (
              <TableRow key={resource} hover>
                <TableCell component="th" scope="row">
                  {resourceName(resource)}
                </TableCell>
                {ADMIN_ACTIONS.map((action) => {
                  const name = permissionName(resource, action);
                  return (
                    <TableCell key={action} align="center" padding="checkbox">
                      <Checkbox
                        size="small"
                        checked={permissions.includes(name)}
                        onChange={(event) => set([name], event.target.checked)}
                        slotProps={{
                          input: {
                            'aria-label': translate('backoffice.permissions.cell', {
                              resource: resourceName(resource),
                              action: actionName(action),
                            }),
                          },
                        }}
                      />
                    </TableCell>
                  );
                })}
                <TableCell align="center" padding="checkbox">
                  {box(rowNames(resource), translate('backoffice.permissions.allRow', { resource: resourceName(resource) }))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Checkbox checked={permissions.includes(DELETE_VEHICLE)} onChange={(event) => set([DELETE_VEHICLE], event.target.checked)} />
        }
        label={translate('backoffice.permissions.deleteVehicle')}
      />
      <FormHelperText>{translate('backoffice.permissions.deleteVehicleHelp')}</FormHelperText>
    </Box>
  );
}
