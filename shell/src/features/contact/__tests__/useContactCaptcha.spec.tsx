import { act, renderHook } from '@testing-library/react';
import { useContactCaptcha } from '../useContactCaptcha.tsx';

describe('useContactCaptcha without a site key', () => {
  it('says once, at start, that the form sends the development token, and hands that token out', async () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const loadSiteKey = () => Promise.resolve('');
    const first = renderHook(() => useContactCaptcha(loadSiteKey));
    const second = renderHook(() => useContactCaptcha(loadSiteKey));
    await act(async () => undefined);
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(expect.stringContaining('development token'));
    let token = '';
    await act(async () => {
      token = await first.result.current.getToken();
    });
    expect(token).toBe('development-recaptcha-token');
    expect(first.result.current.loader).toBeNull();
    second.unmount();
  });
});
