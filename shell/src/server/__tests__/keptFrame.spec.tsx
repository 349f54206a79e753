import { useId, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { useLocation } from '@site/shared-ui/router';
import { StaticRouter } from '@site/shared-ui/staticRouter';
import { SectionDataContext } from '@site/shared-ui/sectionData';
import { ServerRenderContext } from '../../federation/ServerRenderContext.ts';
import { SiteApp } from '../../site/SiteApp.tsx';
import { slotExtent, withKeptFrame } from '../keptFrame.ts';

// A section as the real ones are: ids from useId (its heading, its form), and what the address asks for.
function CoursesPage() {
  const headingId = useId();
  const formId = useId();
  const { search } = useLocation();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Courses</h2>
      <form id={formId} aria-label="Search">
        <p>{`Results for ${search || 'everything'} <div> & </div>`}</p>
        <div>
          <div>nested</div>
        </div>
      </form>
    </section>
  );
}

const components = new Map<string, ComponentType>([['courses/CoursesPage', CoursesPage]]);

/** The page's root as the server renders it (renderer.tsx's tree), whole or its slots alone. */
function rootHtml(location: string, frame = true): string {
  return renderToString(
    <StaticRouter location={location}>
      <ServerRenderContext value={{ rendered: new Set(components.keys()), components, frame }}>
        <SectionDataContext value={{}}>
          <SiteApp />
        </SectionDataContext>
      </ServerRenderContext>
    </StaticRouter>,
  );
}

describe('a search rendered in its page’s kept frame', () => {
  it('is the page the whole render makes, byte for byte, ids included', () => {
    const kept = rootHtml('/courses');
    const slots = rootHtml('/courses?q=angular', false);
    // The slots alone: no frame (no navbar, banner, newsletter or contact section).
    expect(slots).not.toContain('Subscribe to newsletter');
    expect(slots.length).toBeLessThan(kept.length / 2);
    const whole = rootHtml('/courses?q=angular');
    expect(whole).toContain('Results for ?q=angular');
    expect(whole).not.toContain('Switched to client rendering');
    expect(whole).toMatch(/aria-labelledby="_R_\w+_"/);
    expect(withKeptFrame(kept, slots, ['courses/CoursesPage'])).toBe(whole);
  });

  it('finds a slot’s element whole, nested divs and escaped text included, and nothing that is not one', () => {
    const html = rootHtml('/courses');
    const [start, end] = slotExtent(html, 'courses/CoursesPage')!;
    const slot = html.slice(start, end);
    expect(slot.startsWith('<div')).toBe(true);
    expect(slot).toContain('data-section="courses/CoursesPage"');
    expect(slot.match(/<div[\s>]/g)?.length).toBe(slot.match(/<\/div>/g)?.length);
    expect(html.slice(end)).toContain('Subscribe to newsletter');
    expect(slotExtent(html, 'portfolio/PortfolioPage')).toBeUndefined();
    expect(withKeptFrame(html, rootHtml('/courses', false), ['portfolio/PortfolioPage'])).toBeUndefined();
  });
});
