import { useRef, type ReactNode } from 'react';
import { useLocation } from '@site/shared-ui/router';
import { SectionDataContext, type PageData } from '@site/shared-ui/sectionData';
import { ServerRenderContext } from '../federation/ServerRenderContext.ts';

const nothingRendered: PageData = { rendered: [], data: {} };

/**
 * The page the server rendered: its slots hydrate from its HTML and its sections start from its data. Only for the
 * page the visitor arrived on: once they navigate, every page loads its sections and data in the browser.
 */
export function FirstPageData({ pageData, children }: { pageData: PageData; children: ReactNode }) {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  const navigated = useRef(false);
  if (pathname !== firstPath.current) navigated.current = true;
  const current = navigated.current ? nothingRendered : pageData;
  const rendered = useRef(new Map<PageData, Set<string>>());
  let renderedSet = rendered.current.get(current);
  if (!renderedSet) {
    renderedSet = new Set(current.rendered);
    rendered.current.set(current, renderedSet);
  }
  return (
    <ServerRenderContext value={{ rendered: renderedSet }}>
      <SectionDataContext value={current.data}>{children}</SectionDataContext>
    </ServerRenderContext>
  );
}
