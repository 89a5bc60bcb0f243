import { api, backoffice } from '@autoroute/locales/en_US.json';
import ra from 'ra-language-english';
import { bundle } from './bundle.ts';

export default bundle(ra, { api, backoffice });
