import { createContext, type ComponentType } from 'react';

/**
 * Which slots of the page the server rendered. On the server it also holds their modules' components, already loaded,
 * so a slot renders at once (no late Suspense boundary, whose inline script the Content-Security-Policy would block).
 * In the browser, the server-rendered slots hydrate from the page's HTML and data (see RemoteSlot).
 */
export interface ServerRender {
  rendered: ReadonlySet<string>;
  components?: ReadonlyMap<string, ComponentType>;
  /**
   * false: the server renders the page's slots alone, for a page whose frame it has kept from an earlier render (a
   * search on a page: its frame is the page's). The frame's parts render nothing, in their places, so every slot is
   * where it is in the whole page and its HTML, useId's ids included, is the same (see server/keptFrame.ts).
   */
  frame?: boolean;
}

export const ServerRenderContext = createContext<ServerRender>({ rendered: new Set() });
