import LockOutlined from '@mui/icons-material/LockOutlined';
import { Avatar, Box, Button, Card, CardContent, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { LocalesMenuButton, useLogin, useNotify, useTranslate } from 'react-admin';

/** The back office sign-in: username or email and password, through the same API as the storefront. */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setLoading(true);
    try {
      await login({ username: String(form.get('username') ?? ''), password: String(form.get('password') ?? '') });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'backoffice.login.failed';
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}>
      <Box sx={{ position: 'absolute', insetBlockStart: 8, insetInlineEnd: 8 }}>
        <LocalesMenuButton />
      </Box>
      <Card sx={{ width: '100%', maxWidth: 400 }} component="section" aria-labelledby="login-title">
        <CardContent sx={{ display: 'grid', gap: 2, p: 4 }}>
          <Avatar sx={{ bgcolor: 'primary.main', justifySelf: 'center' }}>
            <LockOutlined />
          </Avatar>
          <Typography id="login-title" component="h1" variant="h5" textAlign="center">
            {translate('backoffice.login.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" textAlign="center">
            {translate('backoffice.login.subtitle')}
          </Typography>
          <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2 }} noValidate>
            <TextField
              name="username"
              label={translate('backoffice.login.identifier')}
              autoComplete="username"
              required
              autoFocus
              fullWidth
            />
            <TextField
              name="password"
              type="password"
              label={translate('backoffice.login.password')}
              autoComplete="current-password"
              required
              fullWidth
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={loading}
              startIcon={loading ? <CircularProgress size={18} color="inherit" /> : null}
            >
              {translate('backoffice.login.submit')}
            </Button>
          </Box>
          <Link href="/" textAlign="center" variant="body2">
            {translate('backoffice.login.backToSite')}
          </Link>
        </CardContent>
      </Card>
    </Box>
  );
}
