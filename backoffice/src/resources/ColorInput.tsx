import { HEX_PATTERN } from '@autoroute/contract/resources';
import { Box, Stack } from '@mui/material';
import { TextInput, useTranslate, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';

/** A colour: its hex text (what is stored and checked), a native colour picker, and a live swatch. */
export function ColorInput({ source, label, validate }: { source: string; label: string; validate: Validator[] }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const value = useWatch({ name: source }) as string | null | undefined;
  const valid = typeof value === 'string' && HEX_PATTERN.test(value.trim());
  const hex = valid ? value.trim() : null;
  return (
    <Stack direction="row" spacing={2} alignItems="flex-start" sx={{ inlineSize: '100%' }}>
      <TextInput
        source={source}
        label={label}
        validate={validate}
        helperText="backoffice.color.help"
        slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoComplete: 'off' } }}
        sx={{ flex: 1 }}
      />
      <Box
        component="input"
        type="color"
        aria-label={translate('backoffice.color.picker')}
        value={(hex ?? '#000000').toLowerCase()}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
          setValue(source, event.target.value.toUpperCase(), { shouldDirty: true, shouldValidate: true, shouldTouch: true })
        }
        sx={{
          inlineSize: 48,
          blockSize: 48,
          p: 0.5,
          mt: 1,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          cursor: 'pointer',
        }}
      />
      <Box
        role="img"
        aria-label={hex ? translate('backoffice.color.swatch', { hex }) : translate('backoffice.color.noSwatch')}
        sx={{
          inlineSize: 48,
          blockSize: 48,
          mt: 1,
          flexShrink: 0,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: hex ?? 'transparent',
          backgroundImage: hex ? 'none' : 'repeating-linear-gradient(45deg, #ccc 0 6px, transparent 6px 12px)',
        }}
      />
    </Stack>
  );
}
