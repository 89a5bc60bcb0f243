import { useI18nextProvider } from 'ra-i18n-i18next';
import { AdminContext, AdminUI, Resource } from 'react-admin';
import { audit } from './audit/index.ts';
import { authProvider } from './authProvider.ts';
import { contacts } from './contacts/index.ts';
import { Dashboard } from './dashboard/index.ts';
import { datacrons } from './datacrons/index.ts';
import { dataProvider } from './dataProvider.ts';
import { availableLocales, i18nextInstance, initialLocale } from './i18n.ts';
import { LoginPage } from './LoginPage.tsx';
import { GoHome } from './layout/GoHome.tsx';
import { BackofficeLayout } from './layout/Layout.tsx';
import { payments } from './payments/index.ts';
import { generated } from './resources/generate.tsx';
import { roles } from './roles/index.ts';
import { settings } from './settings/index.ts';
import { subscriptions } from './subscriptions/index.ts';
import { supportRequests } from './support/index.ts';
import { DirectionProvider } from './theme.tsx';
import { users } from './users/index.ts';
import { vehicles } from './vehicles/index.ts';

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
          <Resource name="support-requests" {...supportRequests} />
          <Resource name="contacts" {...contacts} />
          <Resource name="vehicles" {...vehicles} />
          <Resource name="categories" {...generated('categories')} />
          <Resource name="types" {...generated('types')} />
          <Resource name="transmissions" {...generated('transmissions')} />
          <Resource name="fuel-types" {...generated('fuel-types')} />
          <Resource name="options" {...generated('options')} />
          <Resource name="colors" {...generated('colors')} />
          <Resource name="countries" {...generated('countries')} />
          <Resource name="cities" {...generated('cities')} />
          <Resource name="currencies" {...generated('currencies')} />
          <Resource name="languages" {...generated('languages')} />
          <Resource name="subscriptions" {...subscriptions} />
          <Resource name="payments" {...payments} />
          <Resource name="cart-groups" {...generated('cart-groups')} />
          <Resource name="carts" {...generated('carts')} />
          <Resource name="cart-details" {...generated('cart-details')} />
          <Resource name="users" {...users} />
          <Resource name="roles" {...roles} />
          <Resource name="federers" {...generated('federers')} />
          <Resource name="providers" {...generated('providers')} />
          <Resource name="themes" {...generated('themes')} />
          <Resource name="settings" {...settings} />
          <Resource name="pages" {...generated('pages')} />
          <Resource name="datacrons" {...datacrons} />
          <Resource name="datacron-runs" />
          <Resource name="audit" {...audit} />
        </AdminUI>
      </DirectionProvider>
    </AdminContext>
  );
}
