import { api, backoffice } from '@autoroute/locales/ru_RU.json';
import ra from 'ra-language-russian';
import { bundle } from './bundle.ts';

export default bundle(ra, { api, backoffice });
