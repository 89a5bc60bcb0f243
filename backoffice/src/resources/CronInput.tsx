import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { TextInput, useLocaleState, useTranslate, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { type Describe, describeRun, loadDescriber, nextRuns } from './cron.ts';

/** A cron expression, with what it means in words and its next five runs under it. */
export function CronInput({ source, label, validate }: { source: string; label: string; validate: Validator[] }) {
  return (
    <Box sx={{ inlineSize: '100%' }}>
      <TextInput
        source={source}
        label={label}
        validate={validate}
        helperText="backoffice.cron.help"
        slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoComplete: 'off', style: { fontFamily: 'monospace' } } }}
      />
      <CronPreview source={source} />
    </Box>
  );
}

function CronPreview({ source }: { source: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const expression = (useWatch({ name: source }) as string | null | undefined) ?? '';
  const [describe, setDescribe] = useState<Describe | null>(null);
  useEffect(() => {
    let current = true;
    loadDescriber(locale)
      .then((d) => current && setDescribe(() => d))
      .catch(() => current && setDescribe(null));
    return () => {
      current = false;
    };
  }, [locale]);

  // A schedule no date matches (31 February) has no runs to list: the same note as an unreadable one.
  const found = expression.trim() ? nextRuns(expression, 5) : null;
  const runs = found?.length ? found : null;
  const words = runs && describe ? describe(expression) : null;
  return (
    <Box sx={{ mb: 2, mt: -1 }}>
      {runs ? (
        <>
          {words && (
            <Typography variant="body2" aria-live="polite" sx={{ fontWeight: 500 }}>
              {words}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('backoffice.cron.nextRuns')}
          </Typography>
          <List dense disablePadding>
            {runs.map((date) => {
              const { when, relative } = describeRun(date, locale);
              return (
                <ListItem key={date.getTime()} disableGutters sx={{ py: 0 }}>
                  <ListItemText primary={when} secondary={relative} slotProps={{ secondary: { component: 'span' } }} />
                </ListItem>
              );
            })}
          </List>
        </>
      ) : (
        expression.trim() !== '' && (
          <Typography variant="body2" color="text.secondary">
            {translate('backoffice.cron.noRuns')}
          </Typography>
        )
      )}
    </Box>
  );
}
