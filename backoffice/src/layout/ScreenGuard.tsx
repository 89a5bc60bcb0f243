import type { ReactNode } from 'react';
import { useCanAccess, useResourceDefinitions } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { screenOf, tabKey } from './tabs.ts';

/** The access a path asks for: a resource's screen and its action, or null for the home screen and other routes. */
export function accessOf(pathname: string): { resource: string; action: 'list' | 'create' | 'edit' | 'show' } | null {
  const key = tabKey(pathname);
  if (key === null) return null;
  const screen = screenOf(key);
  if (screen.kind === 'home' || !screen.resource) return null;
  return { resource: screen.resource, action: screen.kind };
}

/**
 * A screen renders only once its permission is known to be held. react-admin's own check runs
 * beside the screen's first request (a refused list would still ask the API for its rows, and get a
 * 403); here nothing of the screen mounts until the answer is yes, and a no goes to the refusal
 * (SPEC §6: the home screen, saying why) without any request for the screen's data.
 */
export function ScreenGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const resources = useResourceDefinitions();
  const asked = accessOf(pathname);
  const guarded = asked !== null && asked.resource in resources;
  // react-admin's hook needs a resource even when it asks nothing (the home screen checks its own).
  const { canAccess, isPending } = useCanAccess({
    resource: asked?.resource ?? 'dashboard',
    action: asked?.action ?? 'list',
    enabled: guarded,
  });
  if (!guarded) return children;
  if (isPending) return null;
  if (!canAccess) return <Navigate to="/access-denied" replace />;
  return children;
}
