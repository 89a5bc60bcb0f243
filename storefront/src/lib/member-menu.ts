import { SIDEBAR_ITEMS, type SidebarItem } from '@autoroute/contract/user';

/**
 * Where SPEC §9's six sidebar items lead in our product, and the key of the label they show there
 * and in Settings › Display (docs/decisions/047-settings-that-act.md). The member menu lists the
 * items the member checked, in this order.
 */
export const SIDEBAR_DESTINATIONS: Record<SidebarItem, { href: string; label: string }> = {
  recents: { href: '/vehicles#recently-viewed', label: 'nav.sidebar.recents' },
  home: { href: '/', label: 'nav.sidebar.home' },
  applications: { href: '/my/', label: 'nav.sidebar.applications' },
  desktop: { href: '/saved-searches/', label: 'nav.sidebar.desktop' },
  downloads: { href: '/messages/', label: 'nav.sidebar.downloads' },
  documents: { href: '/settings/billing', label: 'nav.sidebar.documents' },
};

/** The member's checked items in menu order; every item when no member is known (a shared page's menu, narrowed after load). */
export const menuItems = (checked: readonly string[] | undefined): SidebarItem[] =>
  SIDEBAR_ITEMS.filter((id) => !checked || checked.includes(id));
