import type { FieldDef } from '@autoroute/contract/resources';
import { DEFAULT_LOCALE, direction, LOCALE_NAMES, LOCALES, languageTag } from '@autoroute/locales/meta';
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { TextInput, useTranslate, type Validator } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { CONTENT_PARTS, contentChecks } from './validation.ts';

/**
 * A page's text in every language (kind `content`): one tab per language with its title, summary
 * and body; English, everyone's fallback, needs a title and a body. A tab with a problem says so.
 */
export function ContentInput({ field, label }: { field: FieldDef; label: string }) {
  const translate = useTranslate();
  const id = useId();
  const [current, setCurrent] = useState(0);
  const { errors } = useFormState({ name: field.source });
  const wrong = (errors[field.source] ?? {}) as Record<string, unknown>;
  const labels = useMemo(
    () => Object.fromEntries(CONTENT_PARTS.map((part) => [part, translate(`backoffice.content.${part}`)])),
    [translate],
  );
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, inlineSize: '100%' }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Tabs value={current} onChange={(_, i: number) => setCurrent(i)} variant="scrollable" aria-label={label}>
        {LOCALES.map((locale, i) => (
          <Tab
            key={locale}
            id={`${id}-tab-${i}`}
            aria-controls={`${id}-panel-${i}`}
            label={`${LOCALE_NAMES[locale]}${wrong[locale] ? ' ⚠' : ''}`}
            lang={languageTag(locale)}
          />
        ))}
      </Tabs>
      {LOCALES.map((locale, i) => (
        <Box
          key={locale}
          role="tabpanel"
          id={`${id}-panel-${i}`}
          aria-labelledby={`${id}-tab-${i}`}
          hidden={current !== i}
          sx={{ pt: 2 }}
          lang={languageTag(locale)}
          dir={direction(locale)}
        >
          {CONTENT_PARTS.map((part) => (
            <TextInput
              key={part}
              source={`${field.source}.${locale}.${part}`}
              label={locale === DEFAULT_LOCALE ? labels[part] : `${translate(`backoffice.content.${part}Plain`)}`}
              validate={contentChecks(field, locale, part, labels[part]!) as Validator[]}
              multiline={part !== 'title'}
              minRows={part === 'body' ? 8 : part === 'summary' ? 2 : undefined}
              fullWidth
            />
          ))}
        </Box>
      ))}
    </Box>
  );
}
