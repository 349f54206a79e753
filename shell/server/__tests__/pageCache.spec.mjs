import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cacheState, PageCache, pageCacheControl } from '../pageCache.mjs';

const times = { freshMs: 10_000, staleMs: 60_000 };
const page = (overrides = {}) => ({
  html: '<p>page</p>',
  renderedAt: 1_000,
  stale: false,
  complete: true,
  tables: ['projects'],
  sections: ['portfolio'],
  ...overrides,
});

describe('a server-rendered page in the cache', () => {
  it('is fresh for its first seconds, then stale (served while it renders again), then expired', () => {
    assert.equal(cacheState(page(), 1_000, times), 'fresh');
    assert.equal(cacheState(page(), 10_999, times), 'fresh');
    assert.equal(cacheState(page(), 11_000, times), 'stale');
    assert.equal(cacheState(page(), 70_999, times), 'stale');
    assert.equal(cacheState(page(), 71_000, times), 'expired');
    assert.equal(cacheState(page({ stale: true }), 1_000, times), 'stale');
    assert.equal(cacheState(page({ stale: true }), 71_000, times), 'expired');
  });

  it('tells a CDN the same rules', () => {
    assert.equal(pageCacheControl(times), 'public, max-age=0, s-maxage=10, stale-while-revalidate=60');
  });

  it('goes stale when a table it was rendered from changes, or a section it shows is redeployed', () => {
    const cache = new PageCache({ times });
    cache.set('/portfolio', page());
    cache.set('/courses', page({ tables: ['courses', 'testimonials'], sections: ['courses'] }));
    assert.deepEqual(cache.tableChanged('testimonials'), ['/courses']);
    assert.equal(cache.get('/courses', 1_000)?.state, 'stale');
    assert.equal(cache.get('/portfolio', 1_000)?.state, 'fresh');
    assert.deepEqual(cache.tableChanged('videos'), []);
    assert.deepEqual(cache.sectionRedeployed('portfolio'), ['/portfolio']);
    assert.equal(cache.get('/portfolio', 1_000)?.state, 'stale');
    assert.equal(cache.get('/tutorials', 1_000), undefined);
  });

  it('keeps a bounded number of pages, forgetting the least recently rendered', () => {
    const cache = new PageCache({ maxPages: 2, times });
    cache.set('/a', page());
    cache.set('/b', page());
    cache.set('/a', page({ html: 'again' }));
    cache.set('/c', page());
    assert.equal(cache.get('/b', 1_000), undefined);
    assert.equal(cache.get('/a', 1_000)?.page.html, 'again');
    assert.ok(cache.get('/c', 1_000));
  });

  it('keeps a whole page over a later render that left a slot to the browser, until the whole one expires', () => {
    const cache = new PageCache({ times });
    cache.set('/courses', page({ html: 'whole' }), 1_000);
    cache.tableChanged('courses');
    assert.equal(
      cache.set('/courses', page({ html: 'partial', stale: true, complete: false }), 2_000),
      false,
    );
    assert.equal(cache.get('/courses', 2_000)?.page.html, 'whole');
    assert.equal(cache.get('/courses', 2_000)?.state, 'stale');
    // A whole render replaces it at once; a partial one only once nothing whole is left to serve.
    assert.equal(cache.set('/courses', page({ html: 'whole again', renderedAt: 3_000 }), 3_000), true);
    assert.equal(cache.get('/courses', 3_000)?.page.html, 'whole again');
    const partial = page({ html: 'partial', renderedAt: 80_000, stale: true, complete: false });
    assert.equal(cache.set('/courses', partial, 80_000), true);
    assert.equal(cache.get('/courses', 80_000)?.page.html, 'partial');
    cache.set('/portfolio', page({ html: 'partial', stale: true, complete: false }), 1_000);
    assert.equal(
      cache.set('/portfolio', page({ html: 'partial again', stale: true, complete: false }), 1_000),
      true,
    );
  });

  it('keeps searches apart and bounded: a flood of distinct searches holds no more, and never pushes a page out', () => {
    const cache = new PageCache({ maxPages: 20, maxSearches: 50, times });
    cache.set('/', page());
    cache.set('/portfolio', page());
    for (let n = 0; n < 10_000; n += 1) {
      cache.set(`/portfolio?q=flood${n}`, page({ html: `<p>${'x'.repeat(1_000)}${n}</p>` }));
      cache.set(`/courses?chip=C${n}&page=${n + 2}`, page());
    }
    assert.equal(cache.size, 2 + 50);
    assert.ok(cache.get('/', 1_000));
    assert.ok(cache.get('/portfolio', 1_000));
    assert.ok(cache.get('/courses?chip=C9999&page=10001', 1_000));
    assert.equal(cache.get('/portfolio?q=flood0', 1_000), undefined);
  });

  it('forgets the least recently used search first', () => {
    const cache = new PageCache({ maxSearches: 2, times });
    cache.set('/portfolio?q=a', page());
    cache.set('/portfolio?q=b', page());
    assert.ok(cache.get('/portfolio?q=a', 1_000));
    cache.set('/portfolio?q=c', page());
    assert.equal(cache.get('/portfolio?q=b', 1_000), undefined);
    assert.ok(cache.get('/portfolio?q=a', 1_000));
    assert.ok(cache.get('/portfolio?q=c', 1_000));
  });

  it('marks searches stale with their tables, but renders again now only the pages', () => {
    const cache = new PageCache({ times });
    cache.set('/portfolio', page());
    cache.set('/portfolio?q=harbour', page());
    cache.set('/courses?chip=CSS', page({ tables: ['courses'], sections: ['courses'] }));
    assert.deepEqual(cache.tableChanged('projects'), ['/portfolio']);
    assert.equal(cache.get('/portfolio?q=harbour', 1_000)?.state, 'stale');
    assert.equal(cache.get('/courses?chip=CSS', 1_000)?.state, 'fresh');
    assert.deepEqual(cache.sectionRedeployed('courses'), []);
    assert.equal(cache.get('/courses?chip=CSS', 1_000)?.state, 'stale');
  });
});
