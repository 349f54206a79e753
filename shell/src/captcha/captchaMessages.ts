// What the forms' captcha says (the contact form's and the newsletter forms' alike).
export const captchaMessages = {
  developmentToken:
    '[captcha] No reCAPTCHA site key in /site-config.json: the contact and newsletter forms send the development token, which only functions with no reCAPTCHA secret configured accept. Set recaptchaSiteKey for production.',
  noProvider: 'No reCAPTCHA provider around this form',
} as const;
