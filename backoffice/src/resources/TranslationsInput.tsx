import { direction, LOCALE_NAMES, LOCALES, languageTag } from '@autoroute/locales/meta';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { TextInput, useTranslate, type Validator } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';

/** A name or text in each of the eight languages (SPEC §1), folded away until needed. */
export function TranslationsInput({
  source,
  label,
  validate,
  multiline,
}: {
  source: string;
  label: string;
  validate: Validator[];
  multiline: boolean;
}) {
  const translate = useTranslate();
  const id = useId();
  const { errors } = useFormState({ name: source });
  const values = useWatch({ name: source }) as Record<string, string | null> | null | undefined;
  const filled = LOCALES.filter((l) => values?.[l]?.trim()).length;
  const hasError = Boolean(errors[source]);
  const [expanded, setExpanded] = useState(false);
  // A problem inside opens the section, so the user sees it.
  useEffect(() => {
    if (hasError) setExpanded(true);
  }, [hasError]);
  return (
    <Accordion
      expanded={expanded}
      onChange={(_, open) => setExpanded(open)}
      variant="outlined"
      disableGutters
      sx={{ inlineSize: '100%', mb: 2 }}
    >
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${id}-panel`} id={`${id}-header`}>
        <Typography component="span" sx={{ flex: 1 }}>
          {label}
        </Typography>
        <Typography component="span" variant="body2" color="text.secondary" sx={{ marginInlineEnd: 1 }}>
          {translate('backoffice.translations.filled', { count: filled, total: LOCALES.length })}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        {LOCALES.map((locale) => (
          <TextInput
            key={locale}
            source={`${source}.${locale}`}
            label={LOCALE_NAMES[locale]}
            validate={validate}
            multiline={multiline}
            minRows={multiline ? 2 : undefined}
            slotProps={{ htmlInput: { lang: languageTag(locale), dir: direction(locale) } }}
          />
        ))}
      </AccordionDetails>
    </Accordion>
  );
}
