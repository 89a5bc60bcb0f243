import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

/** SPEC §2: on screens narrower than 768 px, any /admin/ path goes to the redirect parameter or home. */
function leaveOnSmallScreens(): boolean {
  if (!window.matchMedia('(max-width: 767px)').matches) return false;
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
