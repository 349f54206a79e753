import type { ReactNode } from 'react';
import { Footer } from '../frame/Footer.tsx';
import { LoadingBar } from '../frame/LoadingBar.tsx';
import { Navbar } from '../frame/Navbar.tsx';
import { RouteChangeEffects } from '../frame/RouteChangeEffects.tsx';
import { ScrollRestoration } from '../frame/ScrollRestoration.tsx';
import styles from './SiteLayout.module.css';

/** The frame around every page. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a href="#main-content" className={styles.skipLink}>
        Skip to main content
      </a>
      <LoadingBar />
      <Navbar />
      <main id="main-content" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <RouteChangeEffects />
      <ScrollRestoration />
    </>
  );
}
