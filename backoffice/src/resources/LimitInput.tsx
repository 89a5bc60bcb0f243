import { FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useRef } from 'react';
import { InputHelperText, useInput, useTranslate, type Validator } from 'react-admin';

/**
 * A plan limit: a whole number, or "Unlimited" (stored as null). The value must always be sent, so an
 * empty number without the switch is "required", as on the server.
 */
export function LimitInput({
  source,
  label,
  validate,
  min,
  max,
}: {
  source: string;
  label: string;
  validate: Validator[];
  min?: number;
  max?: number;
}) {
  const translate = useTranslate();
  const { field, fieldState, isRequired, id } = useInput({ source, validate });
  const lastNumber = useRef<number | undefined>(typeof field.value === 'number' ? field.value : undefined);
  const unlimited = field.value === null;
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <Stack direction="row" spacing={2} alignItems="flex-start" sx={{ inlineSize: '100%' }}>
      <TextField
        id={id}
        type="number"
        label={label}
        required={isRequired}
        disabled={unlimited}
        value={unlimited || field.value === undefined ? '' : field.value}
        onChange={(event) => {
          const text = event.target.value;
          const next = text === '' ? undefined : Number(text);
          if (typeof next === 'number' && !Number.isNaN(next)) lastNumber.current = next;
          field.onChange(next);
        }}
        onBlur={field.onBlur}
        error={Boolean(error)}
        helperText={<InputHelperText error={error} helperText={unlimited ? 'backoffice.limit.unlimitedHelp' : undefined} />}
        slotProps={{ htmlInput: { min, max, step: 1, inputMode: 'numeric' } }}
        sx={{ flex: 1 }}
      />
      <FormControlLabel
        sx={{ mt: 1.5, minInlineSize: 160 }}
        control={
          <Switch
            checked={unlimited}
            onChange={(_, checked) => field.onChange(checked ? null : lastNumber.current)}
            // Three "Unlimited" switches on one form: each says which limit it is.
            slotProps={{ input: { 'aria-label': translate('backoffice.limit.unlimitedFor', { field: label }) } }}
          />
        }
        label={translate('backoffice.limit.unlimited')}
      />
    </Stack>
  );
}
