import type { ResourceName } from '@autoroute/contract/resources';
import AccountTree from '@mui/icons-material/AccountTree';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Article from '@mui/icons-material/Article';
import Campaign from '@mui/icons-material/Campaign';
import CardMembership from '@mui/icons-material/CardMembership';
import Category from '@mui/icons-material/Category';
import Checklist from '@mui/icons-material/Checklist';
import ColorLens from '@mui/icons-material/ColorLens';
import DirectionsCar from '@mui/icons-material/DirectionsCar';
import History from '@mui/icons-material/History';
import Key from '@mui/icons-material/Key';
import Label from '@mui/icons-material/Label';
import ListAlt from '@mui/icons-material/ListAlt';
import LocalGasStation from '@mui/icons-material/LocalGasStation';
import LocationCity from '@mui/icons-material/LocationCity';
import Mail from '@mui/icons-material/Mail';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import Palette from '@mui/icons-material/Palette';
import Payments from '@mui/icons-material/Payments';
import People from '@mui/icons-material/People';
import Public from '@mui/icons-material/Public';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Schedule from '@mui/icons-material/Schedule';
import SettingsApplications from '@mui/icons-material/SettingsApplications';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import SupportAgent from '@mui/icons-material/SupportAgent';
import Translate from '@mui/icons-material/Translate';
import type { ComponentType } from 'react';

/** The menu icon of each screen. */
export const ICONS: Record<
  ResourceName | 'users' | 'roles' | 'vehicles' | 'support-requests' | 'subscriptions' | 'payments' | 'contacts' | 'settings' | 'audit',
  ComponentType
> = {
  categories: Category,
  transmissions: SettingsApplications,
  'fuel-types': LocalGasStation,
  options: Checklist,
  types: Label,
  themes: Palette,
  providers: NotificationsActive,
  languages: Translate,
  countries: Public,
  cities: LocationCity,
  currencies: Payments,
  colors: ColorLens,
  pages: Article,
  federers: Key,
  datacrons: Schedule,
  'cart-groups': AccountTree,
  carts: ShoppingCart,
  'cart-details': ListAlt,
  users: People,
  roles: AdminPanelSettings,
  vehicles: DirectionsCar,
  'support-requests': SupportAgent,
  subscriptions: CardMembership,
  payments: ReceiptLong,
  contacts: Mail,
  settings: Campaign,
  audit: History,
};
