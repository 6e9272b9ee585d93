import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID } from '@/lib/browser/focus';
import './admin.css';

/**
 * The frame of every back-office page: its own header (no cart, no currency: nothing of the shop)
 * and the main part, which the skip link and the changes of page focus (AdminApp).
 */
export function AdminFrame({ bar, children }: { bar?: ReactNode; children: ReactNode }) {
  return (
    <div className="admin-layout">
      <header className="admin-header">
        <span className="admin-header__brand">Artshop back office</span>
        {bar}
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="app-main">
        {children}
      </main>
    </div>
  );
}
