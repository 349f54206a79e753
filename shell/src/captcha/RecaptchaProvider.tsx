import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { DEVELOPMENT_RECAPTCHA_TOKEN, type RecaptchaAction } from '@site/supabase-functions/recaptchaRules';
import { deadlines } from '@site/shared-ui/deadlines';
import { captchaMessages } from './captchaMessages.ts';
import type { ExecuteRecaptcha, RecaptchaBridgeProps } from './RecaptchaBridge.tsx';

// A chunk that cannot load means no token: the submit then says the check could not load, and nothing breaks.
const RecaptchaBridge = lazy(() =>
  import('./RecaptchaBridge.tsx')
    .then((module): { default: ComponentType<RecaptchaBridgeProps> } => ({ default: module.RecaptchaBridge }))
    .catch((error: unknown) => {
      console.error('[captcha] reCAPTCHA load failed:', error instanceof Error ? error.message : error);
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

export interface Recaptcha {
  /** Start loading reCAPTCHA (the visitor began to fill a form). */
  prepare: () => void;
  /** A fresh token for this form's action; rejects when reCAPTCHA cannot load in time. */
  getToken: (action: RecaptchaAction) => Promise<string>;
}

/** Outside a provider there is no captcha: a form that asks for a token is told it cannot have one. */
const RecaptchaContext = createContext<Recaptcha>({
  prepare: () => undefined,
  getToken: () => Promise.reject(new Error(captchaMessages.noProvider)),
});

/** The captcha of this form's page (the contact form, the newsletter section and the pop-up share one). */
export function useRecaptcha(): Recaptcha {
  return useContext(RecaptchaContext);
}

/**
 * The page's one invisible reCAPTCHA v3, for every form in it: one script, one badge, loaded once a visitor starts on
 * any form (its unmount would remove Google's script from under the others, so there is one). With a site key it
 * loads Google's script; without one (local development, offline) it hands out the development token and says so in
 * the console at start.
 */
export function RecaptchaProvider({
  loadSiteKey,
  children,
}: {
  /** The public reCAPTCHA v3 site key from the runtime configuration ('' where there is none). */
  loadSiteKey: () => Promise<string>;
  children: ReactNode;
}) {
  const [siteKey, setSiteKey] = useState<string | null>(null);
  const [wanted, setWanted] = useState(false);
  const ready = useRef<Ready>(createReady());

  useEffect(() => {
    let current = true;
    void loadSiteKey().then((key) => {
      if (!current) return;
      setSiteKey(key);
      if (key !== '') return;
      if (!developmentTokenLogged) console.info(captchaMessages.developmentToken);
      developmentTokenLogged = true;
      ready.current.resolve(() => Promise.resolve(DEVELOPMENT_RECAPTCHA_TOKEN));
    });
    return () => {
      current = false;
    };
  }, [loadSiteKey]);

  const onReady = useCallback((execute: ExecuteRecaptcha) => ready.current.resolve(execute), []);
  const prepare = useCallback(() => setWanted(true), []);
  const getToken = useCallback(async (action: RecaptchaAction) => {
    setWanted(true);
    const execute = await withTimeout(ready.current.promise, deadlines.captchaScriptMs);
    return execute(action);
  }, []);
  const recaptcha = useMemo(() => ({ prepare, getToken }), [prepare, getToken]);

  return (
    <RecaptchaContext.Provider value={recaptcha}>
      {children}
      {siteKey && wanted ? (
        <Suspense fallback={null}>
          <RecaptchaBridge siteKey={siteKey} onReady={onReady} />
        </Suspense>
      ) : null}
    </RecaptchaContext.Provider>
  );
}
