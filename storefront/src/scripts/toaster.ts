import { $toasts, dismiss, takeFlash, toast } from '../stores/toasts.ts';

/**
 * The toaster of SPEC §9 with no framework: a labelled live region per position, at most three
 * toasts, each closing on its own timer or its button; Alt+T moves focus to the newest toast.
 */
const regions = new Map<string, HTMLElement>();
const timers = new Map<number, number>();

function region(position: string): HTMLElement {
  let el = regions.get(position);
  if (!el) {
    el = document.createElement('section');
    el.className = `toaster ${position}`;
    el.setAttribute('aria-label', document.documentElement.dataset.toasterLabel ?? 'Notifications');
    el.setAttribute('aria-live', 'polite');
    el.tabIndex = -1;
    document.body.append(el);
    regions.set(position, el);
  }
  return el;
}

function render() {
  const toasts = $toasts.get();
  for (const el of regions.values()) el.replaceChildren();
  for (const t of toasts) {
    const item = document.createElement('div');
    item.className = `toast ${t.kind}`;
    item.setAttribute('role', t.kind === 'error' ? 'alert' : 'status');
    const text = document.createElement('span');
    text.textContent = t.message;
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'toast-close';
    close.setAttribute('aria-label', document.documentElement.dataset.closeLabel ?? 'Close');
    close.textContent = '×';
    close.addEventListener('click', () => dismiss(t.id));
    item.append(text);
    if (t.link) {
      const link = document.createElement('a');
      link.href = t.link.href;
      link.className = 'toast-link';
      link.textContent = t.link.label;
      item.append(link);
    }
    item.append(close);
    region(t.position).append(item);
    if (!timers.has(t.id))
      timers.set(
        t.id,
        window.setTimeout(() => dismiss(t.id), t.duration),
      );
  }
}

$toasts.subscribe(render);
document.addEventListener('keydown', (e) => {
  if (e.altKey && (e.key === 't' || e.key === 'T')) {
    const newest = [...regions.values()].find((r) => r.childElementCount > 0);
    newest?.focus();
  }
});
const pending = takeFlash();
if (pending) toast(pending.message, { kind: pending.kind, ...(pending.duration ? { duration: pending.duration } : {}) });
