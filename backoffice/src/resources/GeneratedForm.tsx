import type { FieldDef, ResourceDef } from '@autoroute/contract/resources';
import { InputAdornment } from '@mui/material';
import { useMemo } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  PasswordInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  type SimpleFormProps,
  TextInput,
  useGetOne,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { REFERENCE_READ } from '../dataProvider.ts';
import { ColorInput } from './ColorInput.tsx';
import { ContentInput } from './ContentInput.tsx';
import { CronInput } from './CronInput.tsx';
import { FormToolbar } from './FormToolbar.tsx';
import { LimitInput } from './LimitInput.tsx';
import { choicesOf, fieldLabelKey } from './labels.ts';
import { titleSort } from './resource-def.ts';
import { TranslationsInput } from './TranslationsInput.tsx';
import { checksFor } from './validation.ts';

/** The amount, with the code of the currency chosen beside it. */
function MoneyInput({
  source,
  currencySource,
  label,
  validate,
}: {
  source: string;
  currencySource: string;
  label: string;
  validate: Validator[];
}) {
  const currencyId = useWatch({ name: currencySource });
  const { data } = useGetOne('currencies', { id: currencyId }, { enabled: currencyId != null && currencyId !== '' });
  return (
    <NumberInput
      source={source}
      label={label}
      validate={validate}
      step={0.01}
      min={0}
      InputProps={data?.code ? { endAdornment: <InputAdornment position="end">{data.code}</InputAdornment> } : undefined}
    />
  );
}

/** The input of one declared field, by kind, with the server's checks. */
function FieldInput({ def, field, creating }: { def: ResourceDef; field: FieldDef; creating: boolean }) {
  const translate = useTranslate();
  const label = translate(fieldLabelKey(def.name, field.source));
  const validate = useMemo(() => checksFor(field, label) as Validator[], [field, label]);
  const { source } = field;
  switch (field.kind) {
    case 'text':
    case 'code':
      return <TextInput source={source} label={label} validate={validate} />;
    case 'longtext':
      return <TextInput source={source} label={label} validate={validate} multiline minRows={3} />;
    case 'url':
      return <TextInput source={source} label={label} validate={validate} type="url" slotProps={{ htmlInput: { dir: 'ltr' } }} />;
    case 'hex':
      return <ColorInput source={source} label={label} validate={validate} />;
    case 'cron':
      return <CronInput source={source} label={label} validate={validate} />;
    case 'integer':
      return <NumberInput source={source} label={label} validate={validate} step={1} min={field.min} max={field.max} />;
    case 'decimal':
      return <NumberInput source={source} label={label} validate={validate} step="any" min={field.min} max={field.max} />;
    case 'limit':
      return <LimitInput source={source} label={label} validate={validate} min={field.min} max={field.max} />;
    case 'money':
      return <MoneyInput source={source} currencySource={field.currency ?? 'currencyId'} label={label} validate={validate} />;
    case 'boolean':
      return <BooleanInput source={source} label={label} />;
    case 'secret':
      // Never read back: empty keeps the stored one (the API skips a null secret on update).
      return (
        <PasswordInput
          source={source}
          label={label}
          validate={validate}
          autoComplete="new-password"
          helperText={creating ? false : 'backoffice.secret.keep'}
        />
      );
    case 'reference':
      return (
        <ReferenceInput source={source} reference={field.reference!} sort={titleSort(field.reference!)} queryOptions={REFERENCE_READ}>
          <AutocompleteInput label={label} validate={validate} />
        </ReferenceInput>
      );
    case 'choice':
      return <SelectInput source={source} label={label} validate={validate} choices={choicesOf(def.name, source, field.choices ?? [])} />;
    case 'translations':
      return <TranslationsInput source={source} label={label} validate={validate} multiline={(field.max ?? 0) > 200} />;
    case 'content':
      return <ContentInput field={field} label={label} />;
  }
}

/** Default values of a new row, from the declaration. */
export const defaultsOf = (def: ResourceDef): Record<string, unknown> =>
  Object.fromEntries(def.fields.filter((f) => f.defaultValue !== undefined).map((f) => [f.source, f.defaultValue]));

/** The create and edit form of a declared resource. */
export function GeneratedForm({ def, creating, ...props }: { def: ResourceDef; creating: boolean } & Omit<SimpleFormProps, 'children'>) {
  return (
    // noValidate: the console's own checks speak, never the browser's "Please fill out this field".
    <SimpleForm sx={{ maxInlineSize: 760 }} toolbar={<FormToolbar />} noValidate {...props}>
      {def.fields.map((field) => (
        <FieldInput key={field.source} def={def} field={field} creating={creating} />
      ))}
    </SimpleForm>
  );
}
