import { api, backoffice } from '@autoroute/locales/fr_FR.json';
import ra from 'ra-language-french';
import { bundle } from './bundle.ts';

export default bundle(ra, { api, backoffice });
