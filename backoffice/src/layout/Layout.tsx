import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { BackofficeMenu } from './Menu.tsx';
import { ScreenGuard } from './ScreenGuard.tsx';
import { ScreenTabs } from './ScreenTabs.tsx';

/** react-admin's layout with our grouped menu, the screen tabs above the content, and no screen without its permission. */
export function BackofficeLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={BackofficeMenu}>
      <ScreenTabs>
        <ScreenGuard>{children}</ScreenGuard>
      </ScreenTabs>
    </Layout>
  );
}
