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
import { FramePart } from './FramePart.tsx';
import { loadSiteConfig } from './siteConfig.ts';
import styles from './SiteLayout.module.css';

const loadRecaptchaSiteKey = () => loadSiteConfig().then((config) => config.recaptchaSiteKey);

/**
 * The frame around every page. Its forms (contact, newsletter section and pop-up) share one invisible reCAPTCHA. Each
 * part that writes HTML is a FramePart: a search rendered on the server keeps the page's frame and renders its slots
 * alone.
 */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <RecaptchaProvider loadSiteKey={loadRecaptchaSiteKey}>
      <FramePart>
        <a href="#main-content" className={styles.skipLink}>
          Skip to main content
        </a>
      </FramePart>
      <FramePart>
        <LoadingBar />
      </FramePart>
      <FramePart>
        <Navbar />
      </FramePart>
      <main id="main-content" className={styles.main} tabIndex={-1}>
        {children}
        <FramePart>
          <NewsletterSection />
        </FramePart>
        <FramePart>
          <ContactSection />
        </FramePart>
      </main>
      <FramePart>
        <Footer />
      </FramePart>
      <FramePart>
        <NewsletterPopup />
      </FramePart>
      <FramePart>
        <AdToast />
      </FramePart>
      <RouteChangeEffects />
      <ScrollRestoration />
    </RecaptchaProvider>
  );
}
