import { Stack, Typography } from '@mui/material';
import {
  Edit,
  FormDataConsumer,
  Labeled,
  RadioButtonGroupInput,
  required,
  SaveButton,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  useTranslate,
} from 'react-admin';
import { LocalDateField } from '../resources/fields.tsx';
import { TraderStatusField } from './fields.tsx';

const DECISIONS = [
  { id: 'verify', name: 'backoffice.traders.verify' },
  { id: 'refuse', name: 'backoffice.traders.refuse' },
];

/** Only the decision is saved: what the seller entered stays as they entered it. */
function DecisionToolbar() {
  return (
    <Toolbar>
      <SaveButton label="backoffice.traders.decide" alwaysEnable />
    </Toolbar>
  );
}

/**
 * One trader's details as the seller entered them, and the check: verified (shown to buyers on the
 * seller's page and listings), or refused with a reason the seller reads in their settings.
 */
export function TraderEdit() {
  const translate = useTranslate();
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={(data) => ({ decision: data.decision, reason: data.reason ?? undefined })}>
      <SimpleForm toolbar={<DecisionToolbar />}>
        <Stack spacing={1} sx={{ mb: 2 }}>
          <Labeled source="status">
            <TraderStatusField source="status" />
          </Labeled>
          <Labeled source="accountName">
            <TextField source="accountName" />
          </Labeled>
          <Labeled source="accountEmail">
            <TextField source="accountEmail" />
          </Labeled>
          <Labeled source="legalName">
            <TextField source="legalName" />
          </Labeled>
          <Labeled source="address">
            <TextField source="address" />
          </Labeled>
          <Labeled source="registrationNumber">
            <TextField source="registrationNumber" />
          </Labeled>
          <Labeled source="email">
            <TextField source="email" />
          </Labeled>
          <Labeled source="phone">
            <TextField source="phone" />
          </Labeled>
          <Labeled source="submittedAt">
            <LocalDateField source="submittedAt" showTime />
          </Labeled>
        </Stack>
        <Typography variant="subtitle1">{translate('backoffice.traders.check')}</Typography>
        <RadioButtonGroupInput source="decision" choices={DECISIONS} validate={required()} />
        <FormDataConsumer>
          {({ formData }) =>
            formData.decision === 'refuse' ? <TextInput source="reason" multiline minRows={2} fullWidth validate={required()} /> : null
          }
        </FormDataConsumer>
      </SimpleForm>
    </Edit>
  );
}
