// Module Federation's async startup loads the shared modules before this runs; see module-federation.config.mjs.
import './bootstrap.tsx';
