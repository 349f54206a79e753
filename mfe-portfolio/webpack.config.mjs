import { createAppConfig } from '@site/tools/webpack/createAppConfig';
import { createServerConfig } from '@site/tools/webpack/createServerConfig';
import federation from './module-federation.config.mjs';

export default [
  createAppConfig({ appDir: import.meta.dirname, federation }),
  createServerConfig({ appDir: import.meta.dirname, federation }),
];
