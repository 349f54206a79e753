import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { CONTACT_RECAPTCHA_ACTION, DEVELOPMENT_RECAPTCHA_TOKEN } from '@site/supabase-functions/contactForm';
import { deadlines } from '@site/shared-ui/deadlines';
import { contactMessages } from './contactMessages.ts';
import type { ExecuteRecaptcha, RecaptchaBridgeProps } from './RecaptchaBridge.tsx';

// A chunk that cannot load means no token: the submit then says the check could not load, and nothing breaks.
const RecaptchaBridge = lazy(() =>
  import('./RecaptchaBridge.tsx')
    .then((module): { default: ComponentType<RecaptchaBridgeProps> } => ({ default: module.RecaptchaBridge }))
    .catch((error: unknown) => {
      console.error('[contact] reCAPTCHA load failed:', error instanceof Error ? error.message : error);
      return { default: () => null };
    }),
);

let developmentTokenLogged = false;

interface Ready {
  promise: Promise<ExecuteRecaptcha>;
  resolve: (execute: ExecuteRecaptcha) => void;
}

function createReady(): Ready {
  let resolve: (execute: ExecuteRecaptcha) => void = () => undefined;
  const promise = new Promise<ExecuteRecaptcha>((settle) => (resolve = settle));
  return { promise, resolve };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export interface ContactCaptcha {
  /** Start loading reCAPTCHA (the visitor began to fill the form). */
  prepare: () => void;
  /** A fresh token for the contact action; rejects when reCAPTCHA cannot load. */
  getToken: () => Promise<string>;
  /** Render this somewhere in the section: it loads reCAPTCHA when needed. */
  loader: ReactNode;
}

/**
 * The captcha of the contact form (reCAPTCHA v3, invisible). With a site key it loads Google's script once the
 * visitor starts on the form; without one (local development, offline) it hands out the development token and
 * says so in the console at start.
 */
export function useContactCaptcha(loadSiteKey: () => Promise<string>): ContactCaptcha {
  const [siteKey, setSiteKey] = useState<string | null>(null);
  const [wanted, setWanted] = useState(false);
  const ready = useRef<Ready>(createReady());

  useEffect(() => {
    let current = true;
    void loadSiteKey().then((key) => {
      if (!current) return;
      setSiteKey(key);
      if (key !== '') return;
      if (!developmentTokenLogged) console.info(contactMessages.developmentCaptcha);
      developmentTokenLogged = true;
      ready.current.resolve(() => Promise.resolve(DEVELOPMENT_RECAPTCHA_TOKEN));
    });
    return () => {
      current = false;
    };
  }, [loadSiteKey]);

  const onReady = useCallback((execute: ExecuteRecaptcha) => ready.current.resolve(execute), []);
  const prepare = useCallback(() => setWanted(true), []);
  const getToken = useCallback(async () => {
    setWanted(true);
    const execute = await withTimeout(ready.current.promise, deadlines.captchaScriptMs);
    return execute(CONTACT_RECAPTCHA_ACTION);
  }, []);

  const loader =
    siteKey && wanted ? (
      <Suspense fallback={null}>
        <RecaptchaBridge siteKey={siteKey} onReady={onReady} />
      </Suspense>
    ) : null;

  return { prepare, getToken, loader };
}
