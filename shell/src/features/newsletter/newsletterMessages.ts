// What the newsletter section and pop-up say (spec §2, §8, §9).

/** The offer of the pop-up (spec §9). */
export const NEWSLETTER_OFFER_PERCENT = 77;

export const newsletterMessages = {
  sectionTitle: 'Subscribe to newsletter',
  sectionIntro: 'New videos, courses and offers, straight to your inbox.',
  sectionButton: 'Subscribe Now',
  popupTitle: 'Newsletter',
  popupIntro: 'Stay up to date with my latest videos and courses.',
  popupOffer: `${NEWSLETTER_OFFER_PERCENT}% OFF on all my courses`,
  popupButton: 'Subscribe',
  popupSafetyNote: "Your email is safe with me, I won't spam.",
  emailLabel: 'Email address',
  emailPlaceholder: 'you@example.com',
  thanksTitle: 'Thank You!',
  thanksText: 'Thank you for subscribing to my newsletter.',
  /** Double opt-in: the address is a subscriber once its owner confirms it from the mail just sent. */
  confirmRequest: 'Please confirm your address with the link in the email I have just sent you.',
  /** Spec §9: an email within 24-48 hours (the welcome goes out as soon as the address is confirmed). */
  thanksPromise: 'You will receive an email from me within 24-48 hours.',
  continueButton: 'Continue',
  closePopup: 'Close the newsletter pop-up',
  /**
   * The original's "Something happen, please try again." with its grammar corrected; the address stays in the box.
   */
  genericError: 'Something happened, please try again.',
  /** The page's reCAPTCHA did not load in time: nothing was sent, and the address stays in the box. */
  captchaUnavailable:
    'The spam check could not load, so you were not subscribed. Please try again in a moment.',
} as const;
