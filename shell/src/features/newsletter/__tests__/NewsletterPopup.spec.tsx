import { act, fireEvent, render, screen } from '@testing-library/react';
import { subscribeToEvents, useEventBus } from '@site/shared-ui/eventBus';
import type { AnalyticsEvent } from '@site/shared-ui/analyticsEvents';
import { NewsletterPopup } from '../NewsletterPopup.tsx';

const start = Date.UTC(2026, 10, 23, 9, 30, 0);
const thirtyMinutes = 1_800_000;

/** The pop-up waits for an idle moment after load; jsdom has no requestIdleCallback, so a timer stands in. */
function runIdleCallbacks() {
  act(() => {
    jest.advanceTimersByTime(10);
  });
}

function renderAtStart() {
  const view = render(<NewsletterPopup />);
  runIdleCallbacks();
  return view;
}

const popup = () => screen.queryByRole('dialog', { name: 'Newsletter' });

describe('NewsletterPopup at app start (fake clock)', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: start });
    localStorage.clear();
    useEventBus.setState({ newsletterSubscribed: false });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('opens on a first visit and stores now + 30 minutes', () => {
    renderAtStart();
    expect(popup()).toBeInTheDocument();
    expect(screen.getByText('Stay up to date with my latest videos and courses.')).toBeInTheDocument();
    expect(screen.getByText('77% OFF on all my courses')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(screen.getByText("Your email is safe with me, I won't spam.")).toBeInTheDocument();
    expect(localStorage.getItem('newsletterTimestamp')).toBe(String(start + thirtyMinutes));
  });

  it('stays closed while the stored time is ahead, and leaves the time alone', () => {
    localStorage.setItem('newsletterTimestamp', String(start + 1000));
    renderAtStart();
    expect(popup()).not.toBeInTheDocument();
    expect(localStorage.getItem('newsletterTimestamp')).toBe(String(start + 1000));
  });

  it('stays closed when the stored time is exactly now', () => {
    localStorage.setItem('newsletterTimestamp', String(start));
    renderAtStart();
    expect(popup()).not.toBeInTheDocument();
  });

  it('opens again once the stored time has passed', () => {
    localStorage.setItem('newsletterTimestamp', String(start - 1));
    renderAtStart();
    expect(popup()).toBeInTheDocument();
    expect(localStorage.getItem('newsletterTimestamp')).toBe(String(start + thirtyMinutes));
  });

  it('treats an unreadable stored time as 0', () => {
    localStorage.setItem('newsletterTimestamp', 'soon');
    renderAtStart();
    expect(popup()).toBeInTheDocument();
  });

  it('never opens for a subscriber', () => {
    localStorage.setItem('emailSubmitted', 'SUBMITTED');
    renderAtStart();
    expect(popup()).not.toBeInTheDocument();
    expect(localStorage.getItem('newsletterTimestamp')).toBeNull();
  });

  it('decides at start: a later clock does not open it in the same page', () => {
    localStorage.setItem('newsletterTimestamp', String(start + 1000));
    renderAtStart();
    act(() => {
      jest.advanceTimersByTime(thirtyMinutes);
    });
    expect(popup()).not.toBeInTheDocument();
  });

  it('does not open before the page is idle', () => {
    render(<NewsletterPopup />);
    expect(popup()).not.toBeInTheDocument();
    runIdleCallbacks();
    expect(popup()).toBeInTheDocument();
  });

  it('waits while another dialog is open, then opens', async () => {
    const other = document.createElement('div');
    other.setAttribute('role', 'dialog');
    other.setAttribute('aria-modal', 'true');
    document.body.append(other);
    renderAtStart();
    expect(popup()).not.toBeInTheDocument();
    expect(localStorage.getItem('newsletterTimestamp')).toBeNull();
    await act(async () => {
      other.remove();
      await Promise.resolve();
    });
    expect(popup()).toBeInTheDocument();
  });

  it('does not open when the visitor subscribed while it waited', () => {
    render(<NewsletterPopup />);
    act(() => useEventBus.getState().setNewsletterSubscribed(true));
    runIdleCallbacks();
    expect(popup()).not.toBeInTheDocument();
  });

  it.each([
    ['the x', () => fireEvent.click(screen.getByRole('button', { name: 'Close the newsletter pop-up' }))],
    ['Escape', () => fireEvent.keyDown(document, { key: 'Escape' })],
  ])('closing with %s publishes userCancelNewsletterPopup', (_how, close) => {
    const events: AnalyticsEvent[] = [];
    const unsubscribe = subscribeToEvents((event) => events.push(event));
    renderAtStart();
    act(close);
    expect(popup()).not.toBeInTheDocument();
    expect(events).toEqual([{ name: 'userCancelNewsletterPopup' }]);
    unsubscribe();
  });

  it('shows "Email is not valid." under the box for a bad address, and keeps the dialog open', () => {
    renderAtStart();
    const box = screen.getByLabelText('Email address');
    fireEvent.change(box, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Email is not valid.');
    expect(popup()).toBeInTheDocument();
  });
});
