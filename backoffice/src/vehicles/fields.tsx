import { REMOVAL_GROUNDS, REMOVAL_NOTE_MAX, type RemovalGround } from '@autoroute/contract/vehicles';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import {
  Box,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  MenuItem,
  Switch,
  TextField,
  Tooltip,
} from '@mui/material';
import { useId, useState } from 'react';
import { Button, useCanAccess, useDelete, useNotify, useRecordContext, useRedirect, useTranslate, useUpdate } from 'react-admin';

/** Featured by an administrator or not, switched in place (PUT { featured }), for whoever may update vehicles. */
function FeaturedToggle(_: { source: string; label?: string; sortable?: boolean }) {
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

/**
 * "Featured" as the site shows it (issue 33): the administrator's switch, and beside it a mark when
 * the seller's plan features the listing anyway (the site badges either).
 */
export function FeaturedField(_: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    // Inside a list row that opens the listing: switching is not opening.
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }} onClick={(event) => event.stopPropagation()}>
      <FeaturedToggle source="featured" />
      {record.planFeatured && (
        <Tooltip title={translate('backoffice.vehicles.byPlanHelp')}>
          <Chip size="small" variant="outlined" label={translate('backoffice.vehicles.byPlan')} tabIndex={0} />
        </Tooltip>
      )}
    </Box>
  );
}

/**
 * Removal with a reason (issue 33): a ground and a note for the seller, who is told both in their
 * language; sent after a few seconds with Undo, as the console's other deletes (docs/decisions/020).
 * Shown only with delete_vehicle (the auth provider maps vehicles' delete to it).
 */
export function RemoveVehicleButton({ redirect = false, compact = false }: { redirect?: 'list' | false; compact?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const goTo = useRedirect();
  const { canAccess } = useCanAccess({ resource: 'vehicles', action: 'delete' });
  const [deleteOne, { isPending }] = useDelete();
  const [open, setOpen] = useState(false);
  const [ground, setGround] = useState<RemovalGround | ''>('');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const titleId = useId();
  if (!record || !canAccess) return null;
  const noteMissing = ground === 'other' && note.trim() === '';
  const close = () => {
    setOpen(false);
    setTried(false);
  };
  const submit = () => {
    setTried(true);
    if (!ground || noteMissing) return;
    deleteOne(
      'vehicles',
      { id: record.id, previousData: record, meta: { body: { ground, note: note.trim() } } },
      {
        mutationMode: 'undoable',
        onSuccess: () => {
          notify('backoffice.vehicles.removed', { type: 'info', undoable: true, messageArgs: { title: record.title } });
          if (redirect) goTo(redirect, 'vehicles');
        },
        onError: (error) => notify((error as Error).message, { type: 'error', messageArgs: { _: (error as Error).message } }),
      },
    );
    close();
    setGround('');
    setNote('');
  };
  return (
    // Inside a list row that opens the listing; React passes the dialog's clicks up through its portal too.
    <Box component="span" onClick={(event) => event.stopPropagation()}>
      {compact ? (
        // A list row: the icon alone, named by the listing (the public page's link beside it is one too).
        <Tooltip title={translate('backoffice.vehicles.removeThis', { title: record.title })}>
          <IconButton
            size="small"
            color="error"
            onClick={() => setOpen(true)}
            disabled={isPending}
            aria-label={translate('backoffice.vehicles.removeThis', { title: record.title })}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          label="backoffice.vehicles.remove"
          color="error"
          onClick={() => setOpen(true)}
          disabled={isPending}
          aria-label={translate('backoffice.vehicles.removeThis', { title: record.title })}
        >
          <DeleteOutline />
        </Button>
      )}
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{translate('backoffice.vehicles.removeThis', { title: record.title })}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>{translate('backoffice.vehicles.removeIntro')}</DialogContentText>
          <TextField
            select
            required
            label={translate('backoffice.vehicles.ground')}
            value={ground}
            onChange={(e) => setGround(e.target.value as RemovalGround)}
            error={tried && !ground}
            helperText={tried && !ground ? translate('ra.validation.required') : ' '}
          >
            {REMOVAL_GROUNDS.map((g) => (
              <MenuItem key={g} value={g}>
                {translate(`backoffice.vehicles.grounds.${g}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            multiline
            minRows={3}
            required={ground === 'other'}
            label={translate('backoffice.vehicles.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            error={tried && noteMissing}
            helperText={tried && noteMissing ? translate('api.admin.removalNoteRequired') : translate('backoffice.vehicles.noteHelp')}
            slotProps={{ htmlInput: { maxLength: REMOVAL_NOTE_MAX, dir: 'auto' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={close} />
          <Button label="backoffice.vehicles.remove" color="error" variant="contained" onClick={submit}>
            <DeleteOutline />
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
