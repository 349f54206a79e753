import {
  NEWSLETTER_POPUP_INTERVAL_MS,
  nextNewsletterPopupTime,
  shouldOpenNewsletterPopup,
} from '../newsletterPopupSchedule.ts';

describe('the newsletter pop-up rule (spec §4)', () => {
  const now = Date.UTC(2026, 10, 23, 12, 0, 0);

  it.each([
    ['nothing stored (missing counts as 0)', { notBefore: 0, emailSubmitted: false }, true],
    ['the stored time has passed', { notBefore: now - 1, emailSubmitted: false }, true],
    ['the stored time is now (not later)', { notBefore: now, emailSubmitted: false }, false],
    ['the stored time is still ahead', { notBefore: now + 60_000, emailSubmitted: false }, false],
    ['already subscribed', { notBefore: 0, emailSubmitted: true }, false],
    ['subscribed and the time has passed', { notBefore: now - 1, emailSubmitted: true }, false],
  ])('%s -> opens: %s', (_case, state, opens) => {
    expect(shouldOpenNewsletterPopup(now, state)).toBe(opens);
  });

  it('waits 30 minutes (1,800,000 ms) before it may open again', () => {
    expect(NEWSLETTER_POPUP_INTERVAL_MS).toBe(1_800_000);
    expect(nextNewsletterPopupTime(now)).toBe(now + 1_800_000);
  });
});
