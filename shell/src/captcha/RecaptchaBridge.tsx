// Loaded only when the site has a reCAPTCHA site key: the library and Google's script never reach visitors of a
// site without one.
import { useEffect } from 'react';
import { GoogleReCaptchaProvider, useGoogleReCaptcha } from 'react-google-recaptcha-v3';

export type ExecuteRecaptcha = (action: string) => Promise<string>;

export interface RecaptchaBridgeProps {
  siteKey: string;
  onReady: (execute: ExecuteRecaptcha) => void;
}

/** Loads reCAPTCHA v3 and hands its execute function to the form once Google's script is ready. */
export function RecaptchaBridge({ siteKey, onReady }: RecaptchaBridgeProps) {
  return (
    <GoogleReCaptchaProvider
      reCaptchaKey={siteKey}
      scriptProps={{ async: true, defer: true, appendTo: 'body' }}
    >
      <ReportWhenReady onReady={onReady} />
    </GoogleReCaptchaProvider>
  );
}

function ReportWhenReady({ onReady }: Pick<RecaptchaBridgeProps, 'onReady'>) {
  const { executeRecaptcha } = useGoogleReCaptcha();
  useEffect(() => {
    if (executeRecaptcha) onReady((action) => executeRecaptcha(action));
  }, [executeRecaptcha, onReady]);
  return null;
}
