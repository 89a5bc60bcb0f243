import { backoffice } from '@autoroute/locales/en_US.json';
import ra from 'ra-language-english';

export default { ...ra, backoffice };
