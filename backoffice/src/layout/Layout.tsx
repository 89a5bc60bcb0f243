import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { BackofficeMenu } from './Menu.tsx';
import { ScreenTabs } from './ScreenTabs.tsx';

/** react-admin's layout with our grouped menu and the screen tabs above the content. */
export function BackofficeLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={BackofficeMenu}>
      <ScreenTabs>{children}</ScreenTabs>
    </Layout>
  );
}
