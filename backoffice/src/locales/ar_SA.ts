import { api, backoffice } from '@autoroute/locales/ar_SA.json';
import ra from '@autoroute/locales/ra/ar_SA.json';
import { bundle } from './bundle.ts';

// No current ra-language package for this locale: react-admin's own messages live in locales/ra/ (see TOOLCHAIN).
export default bundle(ra, { api, backoffice });
