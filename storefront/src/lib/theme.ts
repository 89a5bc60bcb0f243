/**
 * The theme on this page: the account's for a member (Base.astro renders it, on every device), this
 * browser's ui-theme for a guest (SPEC §9). The header's theme menu and Settings › Appearance both
 * apply a choice through here.
 */
export function applyTheme(choice: string): void {
  const root = document.documentElement;
  root.dataset.theme = choice === 'system' ? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light') : choice;
  for (const b of document.querySelectorAll('[data-theme-choice]'))
    b.setAttribute('aria-pressed', String(b.getAttribute('data-theme-choice') === choice));
  try {
    localStorage.setItem('ui-theme', choice);
  } catch {}
}
