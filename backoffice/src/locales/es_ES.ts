import { backoffice } from '@autoroute/locales/es_ES.json';
import ra from '@autoroute/locales/ra/es_ES.json';

// No current ra-language package for this locale: react-admin's own messages live in locales/ra/ (see TOOLCHAIN).
export default { ...ra, backoffice };
