import { direction, LOCALE_NAMES, LOCALES, languageTag } from '@autoroute/locales/meta';
import { Typography } from '@mui/material';
import { BooleanInput, Edit, maxLength, SaveButton, SimpleForm, TextInput, Toolbar, useTranslate } from 'react-admin';

/** As the API allows (MAINTENANCE_MESSAGE_MAX): one line of banner. */
const MESSAGE_MAX = 300;

/**
 * The application settings (issue 13 item 10): the maintenance banner shown on every page of the
 * site, in each language (English for a language left empty), and its switch. One record, `site`.
 */
export function SettingsEdit() {
  const translate = useTranslate();
  return (
    <Edit
      resource="settings"
      id="site"
      title={translate('resources.settings.name', { smart_count: 2 })}
      mutationMode="pessimistic"
      redirect={false}
      actions={false}
    >
      {/* The settings are one record: saved, never deleted. */}
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <Typography component="h2" variant="h6">
          {translate('backoffice.settings.maintenance')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('backoffice.settings.maintenanceHelp')}
        </Typography>
        <BooleanInput source="maintenanceEnabled" />
        {LOCALES.map((locale) => (
          <TextInput
            key={locale}
            source={`maintenanceMessage.${locale}`}
            label={LOCALE_NAMES[locale]}
            validate={maxLength(MESSAGE_MAX)}
            multiline
            fullWidth
            slotProps={{ htmlInput: { lang: languageTag(locale), dir: direction(locale) } }}
          />
        ))}
      </SimpleForm>
    </Edit>
  );
}
