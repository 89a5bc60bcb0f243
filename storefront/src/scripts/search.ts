/**
 * Progressive enhancement of the vehicle search: the form works as a plain GET form; with this
 * script a changed filter fetches the server-rendered page for the new URL and swaps its results
 * in, the URL follows (pushState) and back/forward restore the earlier search.
 */
const form = document.querySelector<HTMLFormElement>('form[data-search-form]');
const region = document.querySelector<HTMLElement>('[data-results]');
const count = document.querySelector<HTMLElement>('[data-results-count]');

type Control = HTMLInputElement | HTMLSelectElement;
const controls = (f: HTMLFormElement): Control[] =>
  [...f.elements].filter((e): e is Control => (e instanceof HTMLInputElement || e instanceof HTMLSelectElement) && e.name !== '');

if (form && region && count) {
  let pending: AbortController | null = null;

  // SPEC: price filtering needs a currency chosen first (the visitor's is chosen until they choose another).
  const syncPrice = () => {
    const currency = form.elements.namedItem('currencyId') as HTMLSelectElement | null;
    // A price already typed (say from a shared URL) stays editable, so it can be removed.
    for (const input of form.querySelectorAll<HTMLInputElement>('[data-price]')) input.disabled = !currency?.value && input.value === '';
  };

  const urlOfForm = () => {
    const params = new URLSearchParams();
    const data = new FormData(form);
    // The page's default order (featured first, then by the words or newest) stays out of the URL.
    const defaultSort = (form.elements.namedItem('sort') as HTMLSelectElement | null)?.dataset.default;
    // The currency names the one prices are asked in: without a price it stays out of the URL too.
    const priced = ['minPrice', 'maxPrice'].some((k) => String(data.get(k) ?? '').trim() !== '');
    for (const [key, value] of data) {
      if (typeof value !== 'string' || value.trim() === '') continue;
      if (key === 'sort' && value === defaultSort) continue;
      if (key === 'currencyId' && !priced) continue;
      params.append(key, value.trim());
    }
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ''}`;
  };

  const load = async (url: string, push: boolean, focusTitle: boolean) => {
    pending?.abort();
    const mine = new AbortController();
    pending = mine;
    region.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch(url, { signal: mine.signal, headers: { accept: 'text/html' } });
      const next = new DOMParser().parseFromString(await response.text(), 'text/html');
      const nextForm = next.querySelector<HTMLFormElement>('form[data-search-form]');
      const nextRegion = next.querySelector('[data-results]');
      const nextCount = next.querySelector('[data-results-count]');
      if (!nextForm || !nextRegion || !nextCount) throw new Error('not a search page');
      if (push) history.pushState(null, '', url);
      document.title = next.title;
      region.innerHTML = nextRegion.innerHTML;
      count.textContent = nextCount.textContent;
      // "Show N results" counts what the choices so far find.
      const show = form.querySelector('[data-show-results]');
      const nextShow = nextForm.querySelector('[data-show-results]');
      if (show && nextShow) show.textContent = nextShow.textContent;
      // The server decides the dependent lists (models, cities), the facet counts and the errors.
      const live = new Map(controls(form).map((c) => [c.name, c]));
      const fresh = new Map(controls(nextForm).map((c) => [c.name, c]));
      for (const [name, control] of live) {
        const source = fresh.get(name);
        if (control instanceof HTMLSelectElement) {
          if (source instanceof HTMLSelectElement && control.innerHTML !== source.innerHTML) control.innerHTML = source.innerHTML;
          control.value = source instanceof HTMLSelectElement ? source.value : '';
          control.disabled = source?.disabled ?? false;
        } else if (control.type === 'checkbox') control.checked = source instanceof HTMLInputElement && source.checked;
        else if (control !== document.activeElement) control.value = source instanceof HTMLInputElement ? source.value : '';
        const invalid = source?.getAttribute('aria-invalid');
        if (invalid) control.setAttribute('aria-invalid', invalid);
        else control.removeAttribute('aria-invalid');
      }
      for (const error of form.querySelectorAll<HTMLElement>('[data-error-for]')) {
        const source = nextForm.querySelector<HTMLElement>(`[data-error-for="${error.dataset.errorFor}"]`);
        error.textContent = source?.textContent ?? '';
        error.hidden = source?.hidden ?? true;
      }
      syncPrice();
      if (focusTitle) {
        const title = document.getElementById('results-title');
        title?.focus();
        title?.scrollIntoView({ block: 'start' });
      }
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      location.assign(url);
    } finally {
      if (pending === mine) region.removeAttribute('aria-busy');
    }
  };

  document.addEventListener('change', (event) => {
    const target = event.target as Control;
    if (target.form !== form || !target.name) return;
    // A new make or country makes the chosen model or city meaningless.
    const dependent = target.name === 'brand' ? 'model' : target.name === 'countryId' ? 'cityId' : null;
    if (dependent) {
      const select = form.elements.namedItem(dependent) as HTMLSelectElement | null;
      if (select) select.value = '';
    }
    syncPrice();
    if (target.validity && !target.validity.valid) return;
    void load(urlOfForm(), true, false);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    // On a phone the filters are a sheet over the results: showing them closes it.
    const panel = form.closest('details');
    if (panel && matchMedia('(max-width: 767px)').matches) panel.open = false;
    const url = urlOfForm();
    void load(url, url !== location.pathname + location.search, true);
  });
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest?.('a');
    if (!link || link.getAttribute('href')?.startsWith('#') || !(region.contains(link) || link.hasAttribute('data-clear'))) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || url.pathname !== location.pathname) return;
    event.preventDefault();
    void load(url.pathname + url.search, true, true);
  });
  addEventListener('popstate', () => void load(location.pathname + location.search, false, false));
  syncPrice();
}
