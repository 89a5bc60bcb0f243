import { backoffice } from '@autoroute/locales/fr_FR.json';
import ra from 'ra-language-french';

export default { ...ra, backoffice };
