import { backoffice } from '@autoroute/locales/de_DE.json';
import ra from '@autoroute/locales/ra/de_DE.json';

// No current ra-language package for this locale: react-admin's own messages live in locales/ra/ (see TOOLCHAIN).
export default { ...ra, backoffice };
