import { Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** The start screen; the operator's dashboard with live figures replaces it with the back office issue. */
export function Dashboard() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('backoffice.title')} />
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {translate('backoffice.dashboard.welcome')}
        </Typography>
        <Typography color="text.secondary">{translate('backoffice.dashboard.intro')}</Typography>
      </CardContent>
    </Card>
  );
}
