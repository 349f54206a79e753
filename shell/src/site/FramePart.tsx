import { useContext, type ReactNode } from 'react';
import { ServerRenderContext } from '../federation/ServerRenderContext.ts';

/**
 * A part of the frame (everything around the page's slots): rendered, unless the server renders the slots alone for a
 * page whose frame it kept (ServerRender.frame). It adds no element and no id of its own, so the tree, and the ids
 * React numbers by their place in it, are the same with or without it.
 */
export function FramePart({ children }: { children: ReactNode }) {
  return useContext(ServerRenderContext).frame === false ? null : children;
}
