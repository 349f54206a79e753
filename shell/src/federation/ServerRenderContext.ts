import { createContext, type ComponentType } from 'react';

/**
 * Which slots of the page the server rendered. On the server it also holds their modules' components, already loaded,
 * so a slot renders at once (no late Suspense boundary, whose inline script the Content-Security-Policy would block).
 * In the browser, the server-rendered slots hydrate from the page's HTML and data (see RemoteSlot).
 */
export interface ServerRender {
  rendered: ReadonlySet<string>;
  components?: ReadonlyMap<string, ComponentType>;
}

export const ServerRenderContext = createContext<ServerRender>({ rendered: new Set() });
