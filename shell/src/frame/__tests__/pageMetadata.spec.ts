import { readFileSync } from 'node:fs';
import path from 'node:path';
import { descriptionFor, titleFor, type PageMetadataEntry } from '../pageMetadata.ts';
import { sitePages } from '../../app/siteRoutes.ts';

const metadata = JSON.parse(
  readFileSync(path.join(__dirname, '../../../public/assets/data/meta.json'), 'utf8'),
) as PageMetadataEntry[];

describe('page metadata', () => {
  it('titles a page with the product name followed by the page name', () => {
    expect(titleFor('/')).toBe('Alex Morgan | Home');
    expect(titleFor('/help/terms-of-service')).toBe('Alex Morgan | Terms of Service');
    expect(titleFor('/portfolio/')).toBe('Alex Morgan | Portfolio');
    expect(titleFor('/no-such-page')).toBe('Alex Morgan | Page Not Found');
  });

  it('takes the description of the entry whose page equals the path, or none', () => {
    const entries = [{ page: '/about', metaDescription: 'About text' }];
    expect(descriptionFor(entries, '/about')).toBe('About text');
    expect(descriptionFor(entries, '/courses')).toBe('');
  });

  it('has a description for every page of the site', () => {
    for (const page of sitePages) {
      expect(descriptionFor(metadata, page.path).length).toBeGreaterThan(50);
    }
  });
});
