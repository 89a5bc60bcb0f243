import { useEffect, useRef } from 'react';
import { useNotify } from 'react-admin';
import { Navigate } from 'react-router-dom';

/** SPEC §6: a screen without its permission redirects to the home screen, saying why. */
export function GoHome() {
  const notify = useNotify();
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    notify('backoffice.access.denied', { type: 'warning' });
  }, [notify]);
  return <Navigate to="/" replace />;
}
