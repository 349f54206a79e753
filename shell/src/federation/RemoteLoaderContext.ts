import { createContext } from 'react';
import type { RemoteModuleLoader } from './remoteModuleTypes.ts';

const noLoader: RemoteModuleLoader = (id) => Promise.reject(new Error(`No section loader for ${id}`));

/** How section modules are loaded: Module Federation in the browser (see bootstrap.tsx). */
export const RemoteLoaderContext = createContext<RemoteModuleLoader>(noLoader);
