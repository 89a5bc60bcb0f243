import type { ResourceName } from '@autoroute/contract/resources';
import AccountTree from '@mui/icons-material/AccountTree';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Article from '@mui/icons-material/Article';
import Campaign from '@mui/icons-material/Campaign';
import CardMembership from '@mui/icons-material/CardMembership';
import CarRental from '@mui/icons-material/CarRental';
import Category from '@mui/icons-material/Category';
import Checklist from '@mui/icons-material/Checklist';
import ColorLens from '@mui/icons-material/ColorLens';
import DirectionsCar from '@mui/icons-material/DirectionsCar';
import EventNote from '@mui/icons-material/EventNote';
import Factory from '@mui/icons-material/Factory';
import Gavel from '@mui/icons-material/Gavel';
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
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import { audit } from './audit/index.ts';
import { bookings } from './bookings/index.ts';
import { contacts } from './contacts/index.ts';
import { datacrons } from './datacrons/index.ts';
import { moderationCases } from './moderation/index.ts';
import { payments } from './payments/index.ts';
import { generated } from './resources/generate.tsx';
import { roles } from './roles/index.ts';
import { settings } from './settings/index.ts';
import { subscriptions } from './subscriptions/index.ts';
import { supportRequests } from './support/index.ts';
import { traders } from './traders/index.ts';
import { users } from './users/index.ts';
import { vehicles } from './vehicles/index.ts';

/** The menu's sections, in the order an operator works through them (labels: `backoffice.menu.<id>`). */
export const MENU_GROUPS = ['support', 'catalogue', 'places', 'plans', 'accounts', 'site'] as const;

export interface Screen {
  name: string;
  group: (typeof MENU_GROUPS)[number];
  icon: ComponentType;
  /** Its list, create and edit screens: generated from its declaration for a plain resource. */
  parts: Omit<ResourceProps, 'name' | 'icon'>;
}

/** A plain resource's screens come from its declaration (contract/src/resources.ts). */
const plain = (name: ResourceName, group: Screen['group'], icon: ComponentType): Screen => ({ name, group, icon, parts: generated(name) });

/**
 * Every screen of the console, once, in menu order within its section: App.tsx registers them and
 * the menu lists them from here. Adding a plain resource is its declaration, one line here and its
 * labels.
 */
export const SCREENS: readonly Screen[] = [
  { name: 'support-requests', group: 'support', icon: SupportAgent, parts: supportRequests },
  { name: 'moderation-cases', group: 'support', icon: Gavel, parts: moderationCases },
  { name: 'contacts', group: 'support', icon: Mail, parts: contacts },
  { name: 'vehicles', group: 'catalogue', icon: DirectionsCar, parts: vehicles },
  { name: 'bookings', group: 'catalogue', icon: EventNote, parts: bookings },
  plain('makes', 'catalogue', Factory),
  plain('models', 'catalogue', CarRental),
  plain('categories', 'catalogue', Category),
  plain('types', 'catalogue', Label),
  plain('transmissions', 'catalogue', SettingsApplications),
  plain('fuel-types', 'catalogue', LocalGasStation),
  plain('options', 'catalogue', Checklist),
  plain('colors', 'catalogue', ColorLens),
  plain('countries', 'places', Public),
  plain('cities', 'places', LocationCity),
  plain('currencies', 'places', Payments),
  plain('languages', 'places', Translate),
  { name: 'subscriptions', group: 'plans', icon: CardMembership, parts: subscriptions },
  { name: 'payments', group: 'plans', icon: ReceiptLong, parts: payments },
  plain('cart-groups', 'plans', AccountTree),
  plain('carts', 'plans', ShoppingCart),
  plain('cart-details', 'plans', ListAlt),
  { name: 'users', group: 'accounts', icon: People, parts: users },
  { name: 'roles', group: 'accounts', icon: AdminPanelSettings, parts: roles },
  { name: 'traders', group: 'accounts', icon: VerifiedUser, parts: traders },
  plain('federers', 'accounts', Key),
  plain('providers', 'accounts', NotificationsActive),
  plain('themes', 'accounts', Palette),
  { name: 'settings', group: 'site', icon: Campaign, parts: settings },
  plain('pages', 'site', Article),
  { name: 'datacrons', group: 'site', icon: Schedule, parts: datacrons },
  { name: 'audit', group: 'site', icon: History, parts: audit },
];
