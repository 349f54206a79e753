import { act, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RecaptchaProvider, useRecaptcha } from '../RecaptchaProvider.tsx';

const noSiteKey = () => Promise.resolve('');
const withoutSiteKey = ({ children }: { children: ReactNode }) => (
  <RecaptchaProvider loadSiteKey={noSiteKey}>{children}</RecaptchaProvider>
);

describe('RecaptchaProvider without a site key', () => {
  it('says once, at start, that the forms send the development token, and hands that token out for any action', async () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const first = renderHook(() => useRecaptcha(), { wrapper: withoutSiteKey });
    const second = renderHook(() => useRecaptcha(), { wrapper: withoutSiteKey });
    await act(async () => undefined);
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(expect.stringContaining('development token'));
    const tokens: string[] = [];
    await act(async () => {
      tokens.push(await first.result.current.getToken('contact'));
      tokens.push(await first.result.current.getToken('newsletter_subscribe'));
    });
    expect(tokens).toEqual(['development-recaptcha-token', 'development-recaptcha-token']);
    second.unmount();
  });

  it('renders nothing of its own: no script, no badge, until a form wants one', async () => {
    const { container } = render(
      <RecaptchaProvider loadSiteKey={() => Promise.resolve('6Le-site-key')}>
        <p>form</p>
      </RecaptchaProvider>,
    );
    await act(async () => undefined);
    expect(container.innerHTML).toBe('<p>form</p>');
    expect(document.querySelector('script[src*="recaptcha"]')).toBeNull();
  });
});

describe('useRecaptcha outside a provider', () => {
  it('gives no token, so the form says the check could not load', async () => {
    const { result } = renderHook(() => useRecaptcha());
    await expect(result.current.getToken('contact')).rejects.toThrow('No reCAPTCHA provider');
  });
});
