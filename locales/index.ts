import i18next, { type i18n, type ResourceLanguage } from 'i18next';
import ar_SA from './ar_SA.json';
import de_DE from './de_DE.json';
import en_US from './en_US.json';
import es_ES from './es_ES.json';
import fr_FR from './fr_FR.json';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './meta.ts';
import pt_BR from './pt_BR.json';
import ru_RU from './ru_RU.json';
import zh_CN from './zh_CN.json';

export * from './meta.ts';

/** English is the reference; other locales may have other plural forms, so they are typed loosely. */
export type Messages = typeof en_US;
export const resources: Record<Locale, ResourceLanguage> = { en_US, fr_FR, zh_CN, es_ES, pt_BR, de_DE, ar_SA, ru_RU };

/** An i18next instance over every locale, ready at once (resources are bundled, nothing loads). */
export function createI18n(defaultNamespace: keyof Messages): i18n {
  const instance = i18next.createInstance();
  instance.init({
    resources: Object.fromEntries(LOCALES.map((l) => [l, resources[l]])),
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    defaultNS: defaultNamespace,
    ns: Object.keys(en_US),
    interpolation: { escapeValue: false },
    initImmediate: false,
    returnNull: false,
  });
  return instance;
}
