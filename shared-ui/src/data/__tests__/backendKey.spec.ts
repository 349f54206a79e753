import { backendKeyHeaders, siteBackend } from '@site/shared-ui/backendKey';

describe('the site’s key to its backend', () => {
  it('is the publishable key of site-config.json, or the anonKey a configuration written before it has', () => {
    expect(siteBackend({ url: 'https://a.supabase.co', publishableKey: 'sb_publishable_x' })).toEqual({
      url: 'https://a.supabase.co',
      publishableKey: 'sb_publishable_x',
    });
    expect(siteBackend({ url: 'https://a.supabase.co', anonKey: 'eyJ.legacy.anon' })).toEqual({
      url: 'https://a.supabase.co',
      publishableKey: 'eyJ.legacy.anon',
    });
  });

  it('goes in apikey alone when it is a publishable key, and as the bearer token too when it is a legacy JWT', () => {
    expect(backendKeyHeaders('sb_publishable_x')).toEqual({ apikey: 'sb_publishable_x' });
    expect(backendKeyHeaders('eyJ.legacy.anon')).toEqual({
      apikey: 'eyJ.legacy.anon',
      Authorization: 'Bearer eyJ.legacy.anon',
    });
  });
});
