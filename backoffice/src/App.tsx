import { useI18nextProvider } from 'ra-i18n-i18next';
import { AdminContext, AdminUI, CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './authProvider.ts';
import { Dashboard } from './Dashboard.tsx';
import { dataProvider } from './dataProvider.ts';
import { availableLocales, i18nextInstance, initialLocale } from './i18n.ts';
import { LoginPage } from './LoginPage.tsx';
import { DirectionProvider } from './theme.tsx';

export function App() {
  const i18nProvider = useI18nextProvider({
    i18nextInstance,
    availableLocales,
    options: { lng: initialLocale(), fallbackLng: 'en_US', interpolation: { escapeValue: false } },
  });
  if (!i18nProvider) return null;
  // react-admin's hash router: the document is /admin/ (served by the one server), the screen is in the hash.
  return (
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
      <DirectionProvider>
        <AdminUI dashboard={Dashboard} loginPage={LoginPage} requireAuth title="Autoroute" disableTelemetry>
          {/* react-admin treats an admin without children as empty and skips its auth check. */}
          <CustomRoutes>
            <Route path="/welcome" element={<Dashboard />} />
          </CustomRoutes>
        </AdminUI>
      </DirectionProvider>
    </AdminContext>
  );
}
