import ra from '@autoroute/locales/ra/zh_CN.json';
import { backoffice } from '@autoroute/locales/zh_CN.json';

// No current ra-language package for this locale: react-admin's own messages live in locales/ra/ (see TOOLCHAIN).
export default { ...ra, backoffice };
