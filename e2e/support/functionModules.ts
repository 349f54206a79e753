// What the tests take from the edge functions' own code (the development reCAPTCHA token the local functions
// accept, the mail links' signature), loaded as the functions' TypeScript through require: their package is not an
// ES module to this runner.
import { createRequire } from 'node:module';

const functionsModule = createRequire(import.meta.url);

export const { DEVELOPMENT_RECAPTCHA_TOKEN } = functionsModule(
  '../../supabase/functions/_shared/recaptchaRules.ts',
) as typeof import('../../supabase/functions/_shared/recaptchaRules.ts');

export const { signMailLink } = functionsModule(
  '../../supabase/functions/_shared/mail/mailLinks.ts',
) as typeof import('../../supabase/functions/_shared/mail/mailLinks.ts');
