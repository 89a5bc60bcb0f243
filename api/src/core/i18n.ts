import { createI18n, type Locale } from '@autoroute/locales';
import type { TFunction } from 'i18next';

const i18n = createI18n('api');

export const translator = (locale: Locale): TFunction => i18n.getFixedT(locale, 'api');
