import { api, backoffice } from '@autoroute/locales/de_DE.json';
import ra from '@autoroute/locales/ra/de_DE.json';
import { bundle } from './bundle.ts';

// No current ra-language package for this locale: react-admin's own messages live in locales/ra/ (see TOOLCHAIN).
export default bundle(ra, { api, backoffice });
