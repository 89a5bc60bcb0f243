import { useI18nextProvider } from 'ra-i18n-i18next';
import { AdminContext, AdminUI, Resource } from 'react-admin';
import { authProvider } from './authProvider.ts';
import { Dashboard } from './dashboard/index.ts';
import { dataProvider } from './dataProvider.ts';
import { availableLocales, i18nextInstance, initialLocale } from './i18n.ts';
import { LoginPage } from './LoginPage.tsx';
import { GoHome } from './layout/GoHome.tsx';
import { BackofficeLayout } from './layout/Layout.tsx';
import { SCREENS } from './screens.ts';
import { DirectionProvider } from './theme.tsx';

export function App() {
  const i18nProvider = useI18nextProvider({
    i18nextInstance,
    availableLocales,
    // Messages are sentences: ':' and '.' in an API message are no namespace or key path.
    options: { lng: initialLocale(), fallbackLng: 'en_US', interpolation: { escapeValue: false }, nsSeparator: false },
  });
  if (!i18nProvider) return null;
  // react-admin's hash router: the document is /admin/ (served by the one server), the screen is in the hash.
  // A screen the user may not open ends on the home screen (accessDenied), as SPEC §6 asks.
  return (
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
      <DirectionProvider>
        <AdminUI
          dashboard={Dashboard}
          layout={BackofficeLayout}
          loginPage={LoginPage}
          accessDenied={GoHome}
          requireAuth
          title="Autoroute"
          disableTelemetry
        >
          {SCREENS.map(({ name, icon, parts }) => (
            <Resource key={name} name={name} {...parts} icon={icon} />
          ))}
          <Resource name="datacron-runs" />
        </AdminUI>
      </DirectionProvider>
    </AdminContext>
  );
}
