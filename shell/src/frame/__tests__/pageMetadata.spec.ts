import { descriptionFor } from '../pageMetadata.ts';

describe('page metadata', () => {
  it('takes the description of the entry whose page equals the path, or none', () => {
    const entries = [{ page: '/about', metaDescription: 'About text' }];
    expect(descriptionFor(entries, '/about')).toBe('About text');
    expect(descriptionFor(entries, '/courses')).toBe('');
  });
});
