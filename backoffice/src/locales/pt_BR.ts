import { backoffice } from '@autoroute/locales/pt_BR.json';
import ra from '@autoroute/locales/ra/pt_BR.json';

// No current ra-language package for this locale: react-admin's own messages live in locales/ra/ (see TOOLCHAIN).
export default { ...ra, backoffice };
