import { backoffice } from '@autoroute/locales/ru_RU.json';
import ra from 'ra-language-russian';

export default { ...ra, backoffice };
