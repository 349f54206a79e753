import type { ComponentType } from 'react';
import type { RemoteModuleId } from '../app/siteRoutes.ts';

export interface RemoteComponentModule {
  default: ComponentType;
}

export type RemoteModuleLoader = (id: RemoteModuleId) => Promise<RemoteComponentModule>;
