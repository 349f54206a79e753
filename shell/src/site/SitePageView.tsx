import type { SitePage } from './sitePages.ts';
import { HeaderBanner } from '../frame/HeaderBanner.tsx';
import { RemoteSlot } from '../federation/RemoteSlot.tsx';
import { FramePart } from './FramePart.tsx';

/** A page of the site: its banner, then the sections that fill it. */
export function SitePageView({ page }: { page: SitePage }) {
  return (
    <>
      <FramePart>
        <HeaderBanner title={page.banner.title} text={page.banner.text} hero={page.banner.hero} />
      </FramePart>
      {page.slots.map((slot) => (
        <RemoteSlot key={slot.module} {...slot} />
      ))}
    </>
  );
}
