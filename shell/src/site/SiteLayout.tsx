import type { ReactNode } from 'react';
import { Footer } from '../frame/Footer.tsx';
import { LoadingBar } from '../frame/LoadingBar.tsx';
import { Navbar } from '../frame/Navbar.tsx';
import { RouteChangeEffects } from '../frame/RouteChangeEffects.tsx';
import { ScrollRestoration } from '../frame/ScrollRestoration.tsx';
import { AdToast } from '../features/ad-toast/AdToast.tsx';
import { RecaptchaProvider } from '../captcha/RecaptchaProvider.tsx';
import { ContactSection } from '../features/contact/ContactSection.tsx';
import { NewsletterPopup } from '../features/newsletter/NewsletterPopup.tsx';
import { NewsletterSection } from '../features/newsletter/NewsletterSection.tsx';
import { loadSiteConfig } from './siteConfig.ts';
import styles from './SiteLayout.module.css';

const loadRecaptchaSiteKey = () => loadSiteConfig().then((config) => config.recaptchaSiteKey);

/** The frame around every page. Its forms (contact, newsletter section and pop-up) share one invisible reCAPTCHA. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <RecaptchaProvider loadSiteKey={loadRecaptchaSiteKey}>
      <a href="#main-content" className={styles.skipLink}>
        Skip to main content
      </a>
      <LoadingBar />
      <Navbar />
      <main id="main-content" className={styles.main} tabIndex={-1}>
        {children}
        <NewsletterSection />
        <ContactSection />
      </main>
      <Footer />
      <NewsletterPopup />
      <AdToast />
      <RouteChangeEffects />
      <ScrollRestoration />
    </RecaptchaProvider>
  );
}
