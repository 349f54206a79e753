import { createAppConfig } from '@site/tools/webpack/createAppConfig';
import federation from './module-federation.config.mjs';

export default createAppConfig({ appDir: import.meta.dirname, federation });
