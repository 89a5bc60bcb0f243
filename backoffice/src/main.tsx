import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

/**
 * SPEC §2: on screens narrower than 768 px, any /admin/ path goes to the redirect parameter or home.
 * Not silently: the storefront page it lands on says why, in its language (a flash toast naming its
 * message, which that page carries; stores/toasts.ts there).
 */
function leaveOnSmallScreens(): boolean {
  if (!window.matchMedia('(max-width: 767px)').matches) return false;
  try {
    sessionStorage.setItem('flash', JSON.stringify({ said: 'adminNarrowMessage', kind: 'info', duration: 12_000 }));
  } catch {}
  const target = new URLSearchParams(location.search).get('redirect');
  const safe = target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/admin') ? target : '/';
  location.replace(safe);
  return true;
}

if (!leaveOnSmallScreens()) {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
